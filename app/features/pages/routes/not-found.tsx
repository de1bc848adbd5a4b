import { pageNotFound } from "~/platform/pages/not-found.server";

import type { Route } from "./+types/not-found";

/** Every path the route table does not know: the 404 page, with the page it most likely meant. */
export function loader({ request }: Route.LoaderArgs) {
  pageNotFound(request);
}

// Never rendered: the loader always answers 404, which the root's error boundary shows.
export default function NotFound() {
  return null;
}
