// Preview links as a service against a temporary database: the expiry the owner picks (default 7 days,
// at most 90), the cap on live links per draft, revocation, and the cap on opening links per client.
import { afterEach, describe, expect, it } from "vitest";

import { posts, previewLinks } from "#db/schema";
import {
  createPreviewLink,
  listPreviewLinks,
  MAX_DEAD_LINKS_KEPT,
  openingRefused,
  openPreviewLink,
  previewExpiry,
  revokePreviewLink,
} from "~/features/preview-links/index.server";
import { getDb } from "~/platform/db.server";
import { runInRequestScope } from "~/platform/http/request-scope.server";

const DAY = 86_400_000;
const now = new Date("2026-11-28T12:00:00Z");
const draft = () =>
  getDb()
    .insert(posts)
    .values({ title: "Draft", slug: `draft-${crypto.randomUUID()}`, excerpt: "x", content: "<p>x</p>" })
    .returning({ id: posts.id })
    .get().id;
const tokenOf = (url: string) => url.split("/").at(-1)!;

afterEach(() => {
  getDb().delete(previewLinks).run();
});

describe("the expiry the owner picks", () => {
  it("is 7 days by default, any whole number of days up to 90, or a time within 90 days", () => {
    expect(previewExpiry({}, now).getTime() - now.getTime()).toBe(7 * DAY);
    expect(previewExpiry({ expiresInDays: 90 }, now).getTime() - now.getTime()).toBe(90 * DAY);
    expect(previewExpiry({ expiresInDays: "1" }, now).getTime() - now.getTime()).toBe(DAY);
    const at = new Date(now.getTime() + 89 * DAY).toISOString();
    expect(previewExpiry({ expiresAt: at }, now).toISOString()).toBe(at);
  });

  it("refuses more than 90 days, nothing, the past and what is not a number or a time", () => {
    for (const sent of [
      { expiresInDays: 91 },
      { expiresInDays: 0 },
      { expiresInDays: "1e1" },
      { expiresInDays: Number.NaN },
      { expiresInDays: { valueOf: () => 7 } },
      { expiresAt: new Date(now.getTime() + 90 * DAY + 1).toISOString() },
      { expiresAt: now.toISOString() },
      { expiresAt: "2026-13-45" },
      { expiresAt: 1_800_000_000_000 },
    ]) {
      expect(() => previewExpiry(sent, now), JSON.stringify(sent)).toThrow(/days|ISO|future/);
    }
  });
});

describe("a draft's links", () => {
  it("opens a live link, lists it with when it was opened, and stops it once revoked", () => {
    const id = draft();
    const link = createPreviewLink("post", id, previewExpiry({}), null);
    const opened = openPreviewLink(tokenOf(link.url));
    expect(opened.state).toBe("live");
    expect(listPreviewLinks("post", id)[0]?.lastOpenedAt).toBeInstanceOf(Date);
    // Revoking is for that draft's own link only.
    expect(revokePreviewLink("post", draft(), link.id)).toBe(false);
    expect(revokePreviewLink("case-study", id, link.id)).toBe(false);
    expect(revokePreviewLink("post", id, link.id)).toBe(true);
    expect(openPreviewLink(tokenOf(link.url)).state).toBe("revoked");
    expect(listPreviewLinks("post", id)).toEqual([]);
  });

  it("holds at most 20 live links per draft", () => {
    const id = draft();
    for (let i = 0; i < 20; i++) createPreviewLink("post", id, previewExpiry({}), null);
    expect(() => createPreviewLink("post", id, previewExpiry({}), null)).toThrow(/20 live preview links/);
    expect(getDb().select().from(previewLinks).all()).toHaveLength(20);
  });

  it("keeps a bounded number of dead links per draft: making and revoking links in a loop does not grow the table", () => {
    const id = draft();
    const made = Array.from({ length: 3 * MAX_DEAD_LINKS_KEPT }, () => {
      const link = createPreviewLink("post", id, previewExpiry({}), null);
      revokePreviewLink("post", id, link.id);
      return link;
    });
    const live = createPreviewLink("post", id, previewExpiry({}), null);
    const rows = getDb().select().from(previewLinks).all();
    expect(rows.length).toBeLessThanOrEqual(MAX_DEAD_LINKS_KEPT + 1);
    // The latest dead links still say why they stopped; the oldest are forgotten, and a live one stays.
    expect(openPreviewLink(tokenOf(made.at(-1)!.url)).state).toBe("revoked");
    expect(openPreviewLink(tokenOf(made[0]!.url)).state).toBe("unknown");
    expect(openPreviewLink(tokenOf(live.url)).state).toBe("live");
  });

  it("makes no link to a draft that does not exist, nor to the 404's words (they have no address)", () => {
    expect(() => createPreviewLink("post", "__proto__", previewExpiry({}), null)).toThrow(/not found/);
    expect(() => createPreviewLink("page", "not-found", previewExpiry({}), null)).toThrow(/not found/);
    expect(() => createPreviewLink("page", "constructor", previewExpiry({}), null)).toThrow(/not found/);
    expect(getDb().select().from(previewLinks).all()).toEqual([]);
  });
});

describe("opening links", () => {
  it("is capped per client: 60 a minute, then 429 with when to try again", async () => {
    await runInRequestScope("203.0.113.9", async () => {
      for (let i = 0; i < 60; i++) expect(await openingRefused()).toBeNull();
      const refused = await openingRefused();
      expect(refused?.status).toBe(429);
      expect(Number(refused?.headers.get("retry-after"))).toBeGreaterThan(0);
    });
    // Another client is not held back by the first.
    expect(await runInRequestScope("198.51.100.7", () => openingRefused())).toBeNull();
  });
});
