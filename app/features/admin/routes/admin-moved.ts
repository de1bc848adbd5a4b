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
 * The path is the router's `url`'s, without a data request's `.data`.
 */
function movedTo({ url, request }: { url: URL; request: Request }, status: 301 | 308): never {
  const [, , old = "", ...rest] = url.pathname.split("/");
  const to = MOVED.get(old.toLowerCase()) ?? "/admin";
  // The query as it was written (`?new`, not `?new=`), less the router's own `_routes`.
  const query = new URL(request.url).search
    .slice(1)
    .split("&")
    .filter((part) => part && !part.startsWith("_routes="))
    .join("&");
  throw redirect(`${[to, ...rest].join("/")}${query ? `?${query}` : ""}`, status);
}

export const loader = (args: Route.LoaderArgs) => movedTo(args, 301);

export const action = (args: Route.ActionArgs) => movedTo(args, 308);
