import { Outlet } from "react-router";

import { AdminShell } from "~/components/admin/admin-shell";
import { BackupStaleWarning } from "~/components/admin/backup-status";
import type { RouteHandle } from "~/lib/route-handle";
import { requireAdmin } from "~/services/auth.server";
import { staleBackup } from "~/services/backup.server";
import { countNewContacts } from "~/services/contacts.server";

import type { Route } from "./+types/layout";

/** The admin is the one part of the site React runs in the browser, in its own frame. */
export const handle: RouteHandle = { hydrate: true, shell: "admin" };

export const headers: Route.HeadersFunction = () => ({ "Cache-Control": "private, no-store" });

/** Every signed-in admin page: who is signed in, the admin's own navigation, and Logout. */
export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireAdmin(request);
  return { username: user.username, newEnquiries: countNewContacts(), ...staleBackup() };
}

export default function AdminLayout({ loaderData }: Route.ComponentProps) {
  const { username, newEnquiries } = loaderData;
  return (
    <AdminShell username={username} newEnquiries={newEnquiries}>
      <BackupStaleWarning status={loaderData.staleBackup} now={loaderData.backupCheckedAt} />
      <Outlet />
    </AdminShell>
  );
}
