import { redirect } from "react-router";

/** The outbox's former address (it was called Deliveries): bookmarks and old links still arrive. */
export function loader() {
  throw redirect("/admin/outbox", 301);
}
