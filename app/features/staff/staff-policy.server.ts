import { staffPolicy } from "#db/schema";
import { audit } from "~/features/audit/index.server";
import { getDb } from "~/platform/db.server";

export const STAFF_RULE =
  "The owner requires a second step of all staff: add another passkey or app before removing this one";

/** Whether the owner requires a second step of every member of staff. */
export function staffMustUseSecondFactor(): boolean {
  return getDb().select().from(staffPolicy).get()?.requireSecondFactor ?? false;
}

/**
 * The owner's rule for all staff. When on, a password alone signs nobody in who has a second factor,
 * and whoever has none yet is sent to add one before anything else (staff-only.server).
 */
export function setStaffSecondFactorRule(required: boolean) {
  getDb()
    .insert(staffPolicy)
    .values({ id: 1, requireSecondFactor: required, updatedAt: new Date() })
    .onConflictDoUpdate({
      target: staffPolicy.id,
      set: { requireSecondFactor: required, updatedAt: new Date() },
    })
    .run();
  audit(required ? "staff.second-factor-required" : "staff.second-factor-optional");
}
