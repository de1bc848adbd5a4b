import type { RouterContextProvider } from "react-router";

import { ADMIN_SECTIONS } from "~/features/admin/admin-shell";
import { displayName } from "~/features/admin/names";
import { staleBackup } from "~/features/backups/index.server";
import { countNewEnquiries } from "~/features/enquiries/index.server";
import { mayUse, type StaffUser } from "~/features/staff/index.server";

/** The admin's frame: who is signed in, the navigation their role may use, and what needs them. */
export function frameFor(user: StaffUser, context: Readonly<RouterContextProvider>) {
  return {
    username: displayName(user),
    role: user.role,
    openSections: ADMIN_SECTIONS.map((section) => section.to).filter((to) => mayUse(user.role, context, to)),
    newEnquiries: user.role === "owner" ? countNewEnquiries() : 0,
    ...staleBackup(user.role),
  };
}

export type Frame = ReturnType<typeof frameFor>;
