import { data } from "react-router";

import { refusalToEdit } from "~/features/posts/post-rules.server";
import { getPostById } from "~/features/posts/posts.server";
import {
  CardsBusyError,
  keptSocialCardPreview,
  postCardSubject,
  previewSocialCard,
  socialCardKey,
} from "~/features/social-cards/index.server";
import { staffOf } from "~/features/staff/index.server";
import { log } from "~/platform/log.server";
import type { RouteHandle } from "~/platform/pages/route-handle";

import type { Route } from "./+types/admin-social-card";

export const handle: RouteHandle = { access: "contributor" };

/** Members of staff with a preview being drawn: one at a time each, so nobody fills the drawing queue. */
const drawingFor = new Set<string>();

/** Asked again after this many seconds (the editor's preview does so by itself). */
const RETRY_AFTER = "2";

/**
 * GET /admin/posts/{id}/social-card: the card the post's saved version would share, drawn on demand
 * for the editor's preview of a draft (a live post's card is a public file already). Only in memory:
 * never written among the public uploads. `?v=` names the card (its key): the browser keeps that one.
 */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const user = staffOf(context);
  const post = getPostById(params.id);
  if (!post) throw data(null, { status: 404 });
  if (refusalToEdit(user, post)) throw data(null, { status: 403 });
  const subject = postCardSubject(post);
  const key = socialCardKey(subject);
  const asked = new URL(request.url).searchParams.get("v");
  const headers = {
    ETag: `"${key}"`,
    "Cache-Control": asked === key ? "private, max-age=86400, immutable" : "private, no-cache",
  };
  if (request.headers.get("If-None-Match") === `"${key}"`)
    return new Response(null, { status: 304, headers });
  const image = (jpeg: Buffer) =>
    new Response(new Uint8Array(jpeg), { headers: { ...headers, "Content-Type": "image/jpeg" } });
  // One drawn already is given at once, even while the same person's next one is being drawn.
  const kept = keptSocialCardPreview(subject);
  if (kept) return image(kept);
  if (drawingFor.has(user.id)) return busy();
  drawingFor.add(user.id);
  try {
    return image(await previewSocialCard(subject));
  } catch (error) {
    if (error instanceof CardsBusyError) return busy();
    log.error({ err: error }, `Drawing the social card preview of post ${post.id} failed`);
    return new Response("The card could not be drawn", {
      status: 503,
      headers: { "Cache-Control": "no-store", "Content-Type": "text/plain" },
    });
  } finally {
    drawingFor.delete(user.id);
  }
}

const busy = () =>
  new Response("Cards are being drawn: ask again in a moment", {
    status: 429,
    headers: { "Retry-After": RETRY_AFTER, "Cache-Control": "no-store", "Content-Type": "text/plain" },
  });
