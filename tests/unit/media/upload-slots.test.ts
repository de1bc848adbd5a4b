import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

import {
  claimUploadSlot,
  completeUploadSlot,
  createUploadSlot,
  publicUrlForUpload,
  releaseUploadSlot,
  SLOT_LIFETIME_MS,
  uploadSlotCount,
  uploadUrlFor,
} from "~/features/media/upload-slots.server";

describe("one-time upload slots", () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date("2026-11-22T10:00:00Z"));
    // Whatever an earlier test left has expired by now.
    vi.setSystemTime(Date.now() + 2 * SLOT_LIFETIME_MS);
  });
  afterEach(() => vi.useRealTimers());

  it("takes one upload, gives its result for 15 minutes, then is removed", () => {
    const token = createUploadSlot();
    expect(uploadSlotCount()).toBe(1);
    expect(claimUploadSlot(token)).toBe(true);
    expect(claimUploadSlot(token)).toBe(false);
    completeUploadSlot(token, "/uploads/images/abc-10x10/10.jpg");
    expect(publicUrlForUpload(uploadUrlFor(token))).toBe("/uploads/images/abc-10x10/10.jpg");

    vi.setSystemTime(Date.now() + SLOT_LIFETIME_MS - 1);
    expect(publicUrlForUpload(uploadUrlFor(token))).toBe("/uploads/images/abc-10x10/10.jpg");
    vi.setSystemTime(Date.now() + 1);
    expect(publicUrlForUpload(uploadUrlFor(token))).toBeUndefined();
    expect(uploadSlotCount()).toBe(0);
  });

  it("removes unused slots once they expire, and a failed upload gives its slot back", () => {
    const unused = createUploadSlot();
    const failed = createUploadSlot();
    expect(claimUploadSlot(failed)).toBe(true);
    releaseUploadSlot(failed);
    expect(claimUploadSlot(failed)).toBe(true);
    releaseUploadSlot(failed);
    expect(uploadSlotCount()).toBe(2);

    vi.setSystemTime(Date.now() + SLOT_LIFETIME_MS + 1);
    expect(claimUploadSlot(unused)).toBe(false);
    expect(uploadSlotCount()).toBe(0);
  });

  it("gives an upload that is under way its own 15 minutes from when it began", () => {
    const token = createUploadSlot();
    vi.setSystemTime(Date.now() + SLOT_LIFETIME_MS - 1000);
    expect(claimUploadSlot(token)).toBe(true);
    vi.setSystemTime(Date.now() + 60_000);
    expect(uploadSlotCount()).toBe(1);
    completeUploadSlot(token, "/uploads/images/def-10x10/10.jpg");
    expect(publicUrlForUpload(uploadUrlFor(token))).toBe("/uploads/images/def-10x10/10.jpg");
  });
});
