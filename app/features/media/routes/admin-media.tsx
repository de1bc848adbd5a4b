import { data, Form, redirect, useSearchParams } from "react-router";
import { z } from "zod";

import type { CardResult } from "~/features/media/components/media-card";
import { MediaLibrary } from "~/features/media/components/media-library";
import type { MediaItemJson } from "~/features/media/components/uploads";
import { listMedia, MediaQuerySchema, MediaTextSchema, updateMediaText } from "~/features/media/media.server";
import { MULTIPART_OVERHEAD_BYTES, readMultipart } from "~/features/media/multipart.server";
import {
  addCaptions,
  CAPTIONS_TOO_LARGE,
  MAX_CAPTIONS_BYTES,
  MAX_VIDEO_BYTES,
  saveMediaFile,
  VIDEO_TOO_LARGE,
} from "~/features/media/uploads.server";
import { readFormBody } from "~/platform/http/api.server";
import { domainErrorForForm } from "~/platform/http/domain-errors.server";
import type { RouteHandle } from "~/platform/pages/route-handle";
import { pageMeta } from "~/platform/pages/seo";
import { AdminPager } from "~/ui/layout/admin-pager";

import type { Route } from "./+types/admin-media";

export const handle: RouteHandle = { access: "editor" };

export const meta: Route.MetaFunction = () => pageMeta({ title: "Media library", noindex: true });

const TEXT_FORM_LIMIT_BYTES = 16 * 1024;

export function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const parsed = MediaQuerySchema.safeParse(Object.fromEntries(url.searchParams));
  const query = parsed.success ? parsed.data : MediaQuerySchema.parse({});
  const { items, total } = listMedia(query);
  return {
    // The same shape as /api/media, so the page and the picker share their components.
    items: items.map((item) => ({ ...item, createdAt: item.createdAt.toISOString() })) as MediaItemJson[],
    total,
    page: query.page,
    pageCount: Math.max(1, Math.ceil(total / query.limit)),
    kind: query.kind ?? null,
    unused: query.unused,
    q: query.q ?? "",
    uploaded: url.searchParams.has("uploaded"),
  };
}

const fail = async (id: string | undefined, error: unknown, field?: string) => {
  // The multipart reader refuses a body it cannot read (cut off, malformed, too large) with a JSON
  // answer: shown on the form like any other refusal. A redirect is passed on.
  if (error instanceof Response && error.status >= 400) {
    const message = ((await error.json()) as { error: string }).error;
    return data<CardResult>({ id, ok: false, message, fieldErrors: {} }, { status: error.status });
  }
  if (error instanceof Response) throw error;
  const { status, fieldErrors, formErrors } = domainErrorForForm(error, { field });
  const message = formErrors[0] ?? Object.values(fieldErrors)[0]?.[0] ?? "That did not work";
  return data<CardResult>({ id, ok: false, message, fieldErrors }, { status });
};

/**
 * Plain forms, so the page works without JavaScript: a multipart post uploads one file (or, with
 * `?captions=<id>`, a video's captions); the card form saves a file's alt text and caption.
 */
export async function action({ request }: Route.ActionArgs) {
  const multipart = (request.headers.get("content-type") ?? "").startsWith("multipart/form-data");
  const captionsFor = new URL(request.url).searchParams.get("captions");
  if (multipart && captionsFor) {
    try {
      const item = await addCaptions(captionsFor, (save) =>
        readMultipart(request, "captions", save, {
          maxBytes: MAX_CAPTIONS_BYTES + MULTIPART_OVERHEAD_BYTES,
          tooLarge: CAPTIONS_TOO_LARGE,
        }).then(({ file }) => file),
      );
      return data<CardResult>({ id: item.id, ok: true, message: "The video now has captions" });
    } catch (error) {
      return fail(captionsFor, error);
    }
  }
  if (multipart) {
    try {
      const { file } = await readMultipart(request, "file", saveMediaFile, {
        maxBytes: MAX_VIDEO_BYTES + MULTIPART_OVERHEAD_BYTES,
        tooLarge: VIDEO_TOO_LARGE,
      });
      if (!file) return data<CardResult>({ ok: false, message: "Choose a file to upload" }, { status: 400 });
      throw redirect("/admin/media?uploaded=1");
    } catch (error) {
      return fail(undefined, error);
    }
  }
  const form = Object.fromEntries(await readFormBody(request, TEXT_FORM_LIMIT_BYTES));
  const id = String(form.id ?? "");
  const parsed = MediaTextSchema.safeParse({
    alt: form.alt ?? "",
    caption: form.caption ?? "",
    // Only images have a focal point; a video's form does not send one.
    focalX: form.focalX || undefined,
    focalY: form.focalY || undefined,
  });
  if (!parsed.success) {
    const { fieldErrors } = z.flattenError(parsed.error);
    return data<CardResult>(
      { id, ok: false, message: parsed.error.issues[0]!.message, fieldErrors },
      { status: 400 },
    );
  }
  try {
    const item = updateMediaText(id, parsed.data);
    return data<CardResult>({
      id,
      ok: true,
      message: item.alt ? `Alt text: “${item.alt}”` : "Saved without alt text",
    });
  } catch (error) {
    return fail(id, error);
  }
}

export default function MediaPage({ loaderData, actionData }: Route.ComponentProps) {
  const { items, total, page, pageCount, kind, unused, q, uploaded } = loaderData;
  const [params] = useSearchParams();
  const pageLink = (n: number) => {
    const next = new URLSearchParams(params);
    next.delete("uploaded");
    next.set("page", String(n));
    return `/admin/media?${next}`;
  };
  const uploadError = actionData && !actionData.ok && !actionData.id ? actionData.message : null;
  return (
    <MediaLibrary
      items={items}
      total={total}
      kind={kind}
      unused={unused}
      q={q}
      result={actionData ?? undefined}
      notice={uploaded ? "File uploaded" : null}
      uploadError={uploadError}
      pager={<AdminPager page={page} pageCount={pageCount} linkTo={pageLink} />}
      searchForm={
        <Form
          method="get"
          role="search"
          className="flex flex-1 basis-64 flex-wrap items-center gap-2 sm:flex-nowrap"
        >
          {kind && <input type="hidden" name="kind" value={kind} />}
          {unused && <input type="hidden" name="unused" value="1" />}
          <label htmlFor="media-search" className="sr-only">
            Search alt text, captions and file names
          </label>
          <input
            id="media-search"
            type="search"
            name="q"
            defaultValue={q}
            key={q}
            placeholder="Search alt text, captions, file names"
            className="min-w-0 flex-1 rounded-full border border-border bg-bg px-4 py-2 text-sm focus:border-primary focus:outline-none"
          />
          <button
            type="submit"
            className="rounded-full border border-border px-4 py-2 text-sm font-semibold hover:border-primary hover:text-primary"
          >
            Search
          </button>
        </Form>
      }
    />
  );
}
