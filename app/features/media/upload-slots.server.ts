import { randomBytes } from "node:crypto";

/** A one-time upload URL lives 15 minutes and takes one file; its result can be registered for 15 more. */
export const SLOT_LIFETIME_MS = 15 * 60 * 1000;

type Slot = { expiresAt: number; state: "open" | "busy" | "done"; publicURL?: string };

// One process serves the site: the open slots can live in memory (a restart only voids unused URLs).
const slots = new Map<string, Slot>();

/**
 * Removes every slot past its time, used or not. Run on every use of the slots, so the map never holds
 * more than the slots of the last 15 minutes (and a busy one gets its own 15 minutes when claimed).
 */
function sweep(now = Date.now()) {
  for (const [token, slot] of slots) if (slot.expiresAt <= now) slots.delete(token);
}

/** How many slots are held (open, being uploaded to, or done and not yet expired). */
export function uploadSlotCount(): number {
  sweep();
  return slots.size;
}

export function createUploadSlot(): string {
  sweep();
  const token = randomBytes(24).toString("base64url");
  slots.set(token, { expiresAt: Date.now() + SLOT_LIFETIME_MS, state: "open" });
  return token;
}

/** Claims a slot for its one upload; false when unknown, expired or already used. */
export function claimUploadSlot(token: string): boolean {
  sweep();
  const slot = slots.get(token);
  if (!slot || slot.state !== "open") return false;
  Object.assign(slot, { state: "busy", expiresAt: Date.now() + SLOT_LIFETIME_MS });
  return true;
}

export function completeUploadSlot(token: string, publicURL: string) {
  const slot = slots.get(token);
  if (slot) Object.assign(slot, { state: "done", publicURL, expiresAt: Date.now() + SLOT_LIFETIME_MS });
}

/** A failed upload gives its slot back, so the admin can try the same URL again. */
export function releaseUploadSlot(token: string) {
  const slot = slots.get(token);
  if (slot?.state === "busy") slot.state = "open";
}

export const uploadUrlFor = (token: string) => `/api/images/put/${token}`;

/** PUT /api/images {imageURL}: the public URL of an image uploaded through a slot's URL. */
export function publicUrlForUpload(imageURL: string): string | undefined {
  sweep();
  const token = /\/api\/images\/put\/([\w-]+)$/.exec(imageURL)?.[1];
  return token ? slots.get(token)?.publicURL : undefined;
}
