import { isRouteErrorResponse, Outlet, useRouteLoaderData } from "react-router";

import { ADMIN_SECTIONS, AdminShell } from "~/features/admin/admin-shell";
import { BackupStaleWarning } from "~/features/backups";
import { staleBackup } from "~/features/backups/index.server";
import { countNewContacts } from "~/features/enquiries/index.server";
import { requireSignedIn } from "~/features/staff/index.server";
import { mayUse } from "~/features/staff/index.server";
import type { RouteHandle } from "~/platform/pages/route-handle";
import { ErrorPage } from "~/ui/error-page";

import type { Route } from "./+types/layout";

/** The admin is the one part of the site React runs in the browser, in its own frame. */
export const handle: RouteHandle = { hydrate: true, shell: "admin" };

export const headers: Route.HeadersFunction = () => ({ "Cache-Control": "private, no-store" });

/**
 * Every signed-in admin page: who is signed in, the navigation their role may use, and Logout. Whether
 * they may open this page is the page's own check (requireAdmin), shown below inside the frame.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireSignedIn(request);
  return {
    username: user.name || user.username,
    openSections: ADMIN_SECTIONS.map((section) => section.to).filter((to) => mayUse(user.role, context, to)),
    newEnquiries: user.role === "owner" ? countNewContacts() : 0,
    ...staleBackup(user.role),
  };
}

export default function AdminLayout({
  loaderData: { username, openSections, newEnquiries },
}: Route.ComponentProps) {
  return (
    <AdminShell username={username} openSections={openSections} newEnquiries={newEnquiries}>
      <BackupStaleWarning />
      <Outlet />
    </AdminShell>
  );
}

/** A page the role may not open (403) or one that failed: said inside the admin's frame, not instead of it. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const frame = useRouteLoaderData<typeof loader>("features/admin/layout");
  const forbidden = isRouteErrorResponse(error) && error.status === 403;
  const page = (
    <ErrorPage
      title={forbidden ? "Not part of your role" : "Something went wrong"}
      message={
        forbidden
          ? String((error.data as { error?: string } | null)?.error ?? "You cannot open this page.")
          : "Sorry, this page could not be shown. Please try again in a moment."
      }
      actions={[{ label: "Go to posts", to: "/admin/blog" }]}
    />
  );
  if (!frame) throw error;
  return (
    <AdminShell username={frame.username} openSections={frame.openSections} newEnquiries={frame.newEnquiries}>
      {page}
    </AdminShell>
  );
}
