import { data } from "react-router";

import { NotFoundPage } from "~/ui/not-found";

/** Every path the route table does not know: the 404 page with a real 404 status. */
export function loader() {
  throw data(null, { status: 404 });
}

export default function NotFound() {
  return <NotFoundPage />;
}
