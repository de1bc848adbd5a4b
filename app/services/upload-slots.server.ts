import { randomBytes } from "node:crypto";

/** A one-time upload URL lives 15 minutes and takes one file. */
export const SLOT_LIFETIME_MS = 15 * 60 * 1000;

type Slot = { expiresAt: number; state: "open" | "busy" | "done"; publicURL?: string };

// One process serves the site: the open slots can live in memory (a restart only voids unused URLs).
const slots = new Map<string, Slot>();

function sweep(now = Date.now()) {
  for (const [token, slot] of slots) if (slot.expiresAt < now && slot.state !== "done") slots.delete(token);
}

export function createUploadSlot(): string {
  sweep();
  const token = randomBytes(24).toString("base64url");
  slots.set(token, { expiresAt: Date.now() + SLOT_LIFETIME_MS, state: "open" });
  return token;
}

/** Claims a slot for its one upload; false when unknown, expired or already used. */
export function claimUploadSlot(token: string): boolean {
  const slot = slots.get(token);
  if (!slot || slot.state !== "open" || slot.expiresAt < Date.now()) return false;
  slot.state = "busy";
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
  const token = /\/api\/images\/put\/([\w-]+)$/.exec(imageURL)?.[1];
  return token ? slots.get(token)?.publicURL : undefined;
}
