import { isRouteErrorResponse } from "react-router";

import { AdminShell } from "~/features/admin/admin-shell";
import type { Frame } from "~/features/admin/frame.server";
import { ErrorPage } from "~/ui/feedback/error-page";

/**
 * The frame a refusal by the admin's middleware brings with it (`roleMayOpen`): refused before any
 * loader ran, it is drawn by the root's error boundary, inside the admin's frame all the same.
 */
export function refusalFrame(error: unknown): Frame | undefined {
  if (!isRouteErrorResponse(error) || error.status !== 403) return undefined;
  return (error.data as { frame?: Frame } | null)?.frame;
}

/** A page the role may not open (403) or one that failed: said inside the admin's frame, not instead of it. */
export function AdminError({ error, frame }: { error: unknown; frame: Frame }) {
  const forbidden = isRouteErrorResponse(error) && error.status === 403;
  return (
    <AdminShell
      username={frame.username}
      role={frame.role}
      openSections={frame.openSections}
      newEnquiries={frame.newEnquiries}
    >
      <ErrorPage
        title={forbidden ? "Not part of your role" : "Something went wrong"}
        message={
          forbidden
            ? String((error.data as { error?: string } | null)?.error ?? "You cannot open this page.")
            : "Sorry, this page could not be shown. Please try again in a moment."
        }
        actions={[{ label: "Go to the admin home", to: "/admin" }]}
      />
    </AdminShell>
  );
}
