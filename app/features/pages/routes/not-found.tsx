import { redirect } from "react-router";

import { postAtOldPermalink } from "~/features/pages/slug-spelling.server";
import { pageNotFound } from "~/platform/pages/not-found.server";

import type { Route } from "./+types/not-found";

/**
 * Every path the route table does not know: the 404 page, with the page it most likely meant; an old
 * dated permalink whose slug is a post's goes to that post (301).
 */
export function loader({ request }: Route.LoaderArgs) {
  const post = postAtOldPermalink(new URL(request.url).pathname);
  if (post) throw redirect(post, 301);
  pageNotFound(request);
}

// Never rendered: the loader always answers 404, which the root's error boundary shows.
export default function NotFound() {
  return null;
}
