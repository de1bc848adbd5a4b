import { data } from "react-router";

import { previewNewsletter } from "~/features/newsletter/newsletter-send.server";
import { NotFoundError } from "~/platform/http/errors.server";
import { isLanguage } from "~/platform/i18n/languages";
import { siteLanguages } from "~/platform/i18n/site-languages.server";

import type { Route } from "./+types/admin-preview";

/**
 * GET /admin/posts/{id}/newsletter/preview?content=full|excerpt[&lang=ga]: the post's newsletter as a
 * subscriber (of that language: its translation when published) receives it. Its own policy: the e-mail's inline styles and images apply, nothing in it runs.
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  const query = new URL(request.url).searchParams;
  const content = query.get("content") === "excerpt" ? "excerpt" : "full";
  const asked = query.get("lang");
  // A language the site is not in (or no language at all) previews the post itself.
  const lang = isLanguage(asked) && siteLanguages().languages.includes(asked) ? asked : undefined;
  try {
    const mail = await previewNewsletter(params.id, content, lang);
    return new Response(mail.html, {
      headers: {
        "Content-Type": "text/html; charset=utf-8",
        // Same origin kept (no scripts run either way), so the site's own images load in it.
        "Content-Security-Policy":
          "default-src 'none'; style-src 'unsafe-inline'; img-src 'self' https: http:; sandbox allow-same-origin",
        "Cache-Control": "private, no-store",
      },
    });
  } catch (error) {
    if (error instanceof NotFoundError) throw data(null, { status: 404 });
    throw error;
  }
}
