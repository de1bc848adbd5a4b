import { redirect } from "react-router";

import type { Route } from "./+types/admin-moved";

/** The admin's earlier addresses and where they are now. */
const MOVED = new Map([
  ["blog", "/admin/posts"],
  ["work", "/admin/case-studies"],
]);

/**
 * /admin/blog/… and /admin/work/…, the admin's addresses before they said posts and case studies:
 * today's address with the rest of the path and the query kept (/admin/blog?edit=<id> →
 * /admin/posts?edit=<id>), for anyone (signing in is asked there). A page opens with a 301; a form
 * posted from a page opened before the move is sent on with a 308, which keeps its method and body.
 */
function movedTo(request: Request, status: 301 | 308): never {
  const url = new URL(request.url);
  const [, , old = "", ...rest] = url.pathname.split("/");
  const to = MOVED.get(old.toLowerCase()) ?? "/admin";
  throw redirect(`${[to, ...rest].join("/")}${url.search}`, status);
}

export function loader({ request }: Route.LoaderArgs) {
  return movedTo(request, 301);
}

export function action({ request }: Route.ActionArgs) {
  return movedTo(request, 308);
}
