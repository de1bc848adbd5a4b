// An erased person's name leaves the audit log with their address, wherever the log wrote it down:
// through the real services and a real SQLite file.
import { beforeAll, describe, expect, it } from "vitest";

import { auditLog } from "#db/schema";
import { audit } from "~/features/audit/index.server";
import { storeEnquiry } from "~/features/enquiries/index.server";
import { erasePersonalData } from "~/features/privacy/privacy.server";
import { inviteStaff, withdrawInvite } from "~/features/staff/index.server";
import { createUser, type StaffUser } from "~/features/staff/index.server";
import { getDb } from "~/platform/db.server";
import { runInRequestScope, setRequestActor } from "~/platform/http/request-scope.server";

let owner: StaffUser;
beforeAll(async () => {
  owner = await createUser("erasure-owner", "a-long-enough-password");
});

/** As the owner, from the admin. */
const asOwner = <T>(fn: () => T) =>
  runInRequestScope("203.0.113.9", () => {
    setRequestActor(owner);
    return fn();
  });

const subjects = () =>
  getDb()
    .select()
    .from(auditLog)
    .all()
    .map((entry) => `${entry.action}: ${entry.subject}`);

describe("erasing a person", () => {
  it("takes their name out of the audit log with their address, when the invitation was withdrawn", async () => {
    const { id } = await asOwner(() =>
      inviteStaff({ name: "Siobhán Ní Bhriain", email: "siobhan@example.ie", role: "editor" }),
    );
    asOwner(() => withdrawInvite(id));
    await asOwner(() =>
      inviteStaff({ name: "Someone Else", email: "someone.else@example.ie", role: "editor" }),
    );

    erasePersonalData("Siobhan@Example.ie");

    const log = subjects();
    expect(log.join("\n")).not.toMatch(/siobh|bhriain/i);
    // The entries stay: that someone was invited and the invitation withdrawn is still answerable.
    expect(log).toEqual(
      expect.arrayContaining([
        "staff.invited: (erased) as editor",
        "staff.invite-withdrawn: (erased)",
        "staff.invited: Someone Else <someone.else@example.ie> as editor",
      ]),
    );
  });

  it("takes the name their enquiries gave out of what the log says the owner searched for", async () => {
    await storeEnquiry({
      name: "Cathal Ó Murchú",
      email: "cathal@example.ie",
      budget: null,
      goals: "A new website for the shop.",
    });
    // What the enquiries' CSV download writes when the owner filtered by the person's name.
    asOwner(() => audit("export.enquiries", "1 enquiries matching “Cathal Ó Murchú”"));
    asOwner(() => audit("export.enquiries", "4 enquiries matching “Ó Murchú Builders”"));

    erasePersonalData("cathal@example.ie");

    const log = subjects();
    expect(log).toContain("export.enquiries: 1 enquiries matching “(erased)”");
    expect(log.join("\n")).not.toContain("Cathal");
    // Words the name shares with something else are not the name: the other search stays as it was.
    expect(log).toContain("export.enquiries: 4 enquiries matching “Ó Murchú Builders”");
  });
});
