import { Outlet, useRouteLoaderData } from "react-router";

import { AdminError, refusalFrame } from "~/features/admin/admin-error";
import { AdminShell } from "~/features/admin/admin-shell";
import { frameFor } from "~/features/admin/frame.server";
import { BackupStaleWarning } from "~/features/backups";
import { signedInStaff, staffOf } from "~/features/staff/index.server";
import type { RouteHandle } from "~/platform/pages/route-handle";

import type { Route } from "./+types/layout";

/** The admin is the one part of the site React runs in the browser, in its own frame. */
export const handle: RouteHandle = { hydrate: true, shell: "admin" };

export const headers: Route.HeadersFunction = () => ({ "Cache-Control": "private, no-store" });

/**
 * Every admin page is in this frame, and comes in through its middleware: signed in (else the sign-in
 * page) with the second step the owner requires. Whether their role may open the page is the group
 * below's (by-role.ts), refused inside this frame.
 */
export const middleware: Route.MiddlewareFunction[] = [signedInStaff("page")];

export function loader({ context }: Route.LoaderArgs) {
  return frameFor(staffOf(context), context);
}

export default function AdminLayout({
  loaderData: { username, role, openSections, newEnquiries },
}: Route.ComponentProps) {
  return (
    <AdminShell username={username} role={role} openSections={openSections} newEnquiries={newEnquiries}>
      <BackupStaleWarning />
      <Outlet />
    </AdminShell>
  );
}

/** A page that failed below the frame: said inside it, not instead of it. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const frame = useRouteLoaderData<typeof loader>("features/admin/layout") ?? refusalFrame(error);
  if (!frame) throw error;
  return <AdminError error={error} frame={frame} />;
}
