import { Form, NavLink, Outlet } from "react-router";

import { buttonClass } from "~/components/ui/button-link";
import type { RouteHandle } from "~/lib/route-handle";
import { requireAdmin } from "~/services/auth.server";
import { countNewContacts } from "~/services/contacts.server";

import type { Route } from "./+types/layout";

/** The admin is the one part of the site React runs in the browser. */
export const handle: RouteHandle = { hydrate: true };

export const headers: Route.HeadersFunction = () => ({ "Cache-Control": "private, no-store" });

/** Every signed-in admin page: who is signed in, the admin's own navigation, and Logout. */
export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireAdmin(request);
  return { username: user.username, newEnquiries: countNewContacts() };
}

const tab = ({ isActive }: { isActive: boolean }) =>
  `rounded-full px-4 py-2 text-sm font-semibold ${isActive ? "bg-primary text-primary-fg" : "text-muted hover:text-fg"}`;

export default function AdminLayout({ loaderData: { username, newEnquiries } }: Route.ComponentProps) {
  return (
    <div className="mx-auto max-w-7xl px-4 py-10 sm:px-6">
      <header className="flex flex-wrap items-center justify-between gap-4">
        <div>
          <p className="text-sm font-semibold tracking-widest text-secondary uppercase">Admin</p>
          <p className="mt-1 text-muted">Welcome, {username}</p>
        </div>
        <nav
          aria-label="Admin"
          className="flex flex-wrap items-center gap-2 rounded-full border border-border p-1"
        >
          <NavLink to="/admin/blog" className={tab}>
            Posts
          </NavLink>
          <NavLink to="/admin/enquiries" className={tab}>
            Enquiries
            {newEnquiries > 0 && (
              <span className="ml-2 rounded-full bg-accent px-2 py-0.5 text-xs text-bg">
                {newEnquiries} new
              </span>
            )}
          </NavLink>
          <NavLink to="/admin/sessions" className={tab}>
            Devices
          </NavLink>
        </nav>
        <Form method="post" action="/admin/logout">
          <button type="submit" className={buttonClass("outline")}>
            Logout
          </button>
        </Form>
      </header>
      <Outlet />
    </div>
  );
}
