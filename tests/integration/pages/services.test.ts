// The services as a list the owner changes: moved up and down, hidden and shown (never the last one
// visitors see), added as a hidden copy of another, and given a new address (its row, draft and
// revisions move in one transaction, links follow, a 301 without chains), with hostile addresses
// refused as field errors and nothing half-written.
import { eq, like } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";

import { auditLog, pageCopy, pageRevisions, redirects } from "#db/schema";
import { getAutosave, saveAutosave } from "~/features/editor/index.server";
import { getPage, publishPage, savePageDraft, seedPageCopy } from "~/features/pages/copy/page-copy.server";
import {
  addService,
  listAllServices,
  listServices,
  moveService,
  readdressService,
  redirectMovedPagesWith,
  setServiceHidden,
} from "~/features/pages/index.server";
import { addRedirect, redirectMovedPage, resolveRedirect } from "~/features/redirects/index.server";
import { seedDatabase } from "~/features/seed/index.server";
import { createUser } from "~/features/staff/index.server";
import { contentVersion, getDb, pathVersion } from "~/platform/db.server";
import { ConflictError, FieldError, ForbiddenError, NotFoundError } from "~/platform/http/errors.server";

/** Copy as a test changes it: any field, any depth. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a test reaches into JSON of any shape
type Loose = Record<string, any>;

let owner: { id: string; role: "owner" };
let editor: { id: string; role: "editor" };
let contributor: { id: string; role: "contributor" };

beforeAll(async () => {
  seedDatabase(getDb());
  // What the server connects at start: the redirects feature writes a moved page's 301.
  redirectMovedPagesWith(redirectMovedPage);
  owner = { id: (await createUser("services-owner", "a-long-enough-password")).id, role: "owner" };
  editor = {
    id: (await createUser("services-editor", "a-long-enough-password", { role: "editor" })).id,
    role: "editor",
  };
  contributor = {
    id: (await createUser("services-contributor", "a-long-enough-password", { role: "contributor" })).id,
    role: "contributor",
  };
});

const slugs = () => listAllServices().map((service) => service.slug);
const visible = () => listServices().map((service) => service.slug);
const rowOf = (slug: string) =>
  getDb()
    .select()
    .from(pageCopy)
    .where(eq(pageCopy.key, `services/${slug}`))
    .get();
const serviceRows = () => getDb().select().from(pageCopy).where(like(pageCopy.key, "services/%")).all();
const revisionsOf = (slug: string) =>
  getDb()
    .select()
    .from(pageRevisions)
    .where(eq(pageRevisions.pageKey, `services/${slug}`))
    .all();
const lastAudit = () => getDb().select().from(auditLog).all().at(-1);
const fieldErrorOf = (fn: () => unknown) => {
  try {
    fn();
  } catch (error) {
    if (error instanceof FieldError) return { field: error.field, message: error.message };
    throw error;
  }
  throw new Error("expected a FieldError");
};

describe("the order", () => {
  it("moves a service up or down among all of them, hidden ones too, and the lists follow", () => {
    const before = slugs();
    const site = contentVersion("site");
    const sitemap = pathVersion("/sitemap.xml");
    expect(moveService(before[1]!, "up", editor)).toBe(true);
    expect(slugs()).toEqual([before[1], before[0], ...before.slice(2)]);
    expect(visible()).toEqual(slugs());
    // Every page shows the phone menu: all of them are rendered again, and the 404's suggestions.
    expect(contentVersion("site")).not.toBe(site);
    expect(pathVersion("/sitemap.xml")).toBeGreaterThan(sitemap);
    expect(lastAudit()).toMatchObject({ action: "service.moved" });
    expect(moveService(before[1]!, "down", editor)).toBe(true);
    expect(slugs()).toEqual(before);
    // Places are 0, 1, 2… again, one each.
    expect(
      serviceRows()
        .map((row) => row.position)
        .sort(),
    ).toEqual(before.map((_, i) => i));
  });

  it("says no change at either end, and refuses an unknown service and contributors", () => {
    const [first] = slugs();
    const last = slugs().at(-1)!;
    expect(moveService(first!, "up", owner)).toBe(false);
    expect(moveService(last, "down", owner)).toBe(false);
    expect(() => moveService("__proto__", "up", owner)).toThrow(NotFoundError);
    expect(() => moveService("seo", "up", contributor)).toThrow(ForbiddenError);
  });
});

describe("a service's title", () => {
  it("once published, renders every page again (the phone menu lists it); other words only their pages", () => {
    const copy = structuredClone(rowOf("website-development")!.published) as Loose;
    let site = contentVersion("site");
    savePageDraft("services/website-development", { ...copy, summary: "Sites that sell." }, editor);
    publishPage("services/website-development", editor);
    expect(contentVersion("site")).toBe(site);
    savePageDraft("services/website-development", { ...copy, title: "Websites" }, editor);
    publishPage("services/website-development", editor);
    expect(contentVersion("site")).not.toBe(site);
    site = contentVersion("site");
    savePageDraft("services/website-development", copy, editor);
    publishPage("services/website-development", editor);
    expect(contentVersion("site")).not.toBe(site);
    expect(listServices().find((s) => s.slug === "website-development")?.title).toBe(copy.title);
  });
});

describe("hiding", () => {
  it("takes a service off every list and answers 404, while staff still edit it; showing puts it back in its place", () => {
    const order = slugs();
    expect(setServiceHidden("seo", true, editor)).toBe(true);
    expect(visible()).not.toContain("seo");
    expect(slugs()).toEqual(order);
    expect(() => getPage("services/seo", { staff: false })).toThrow(NotFoundError);
    expect(getPage("services/seo", { staff: true }).hidden).toBe(true);
    expect(listAllServices().find((s) => s.slug === "seo")?.hidden).toBe(true);
    expect(lastAudit()).toMatchObject({ action: "service.hidden" });
    expect(setServiceHidden("seo", true, editor)).toBe(false);
    expect(setServiceHidden("seo", false, editor)).toBe(true);
    expect(visible()).toEqual(order);
    expect(lastAudit()).toMatchObject({ action: "service.shown" });
  });

  it("never hides the last service visitors can see (the home page's services would be empty)", () => {
    const all = slugs();
    for (const slug of all.slice(1)) setServiceHidden(slug, true, owner);
    expect(() => setServiceHidden(all[0]!, true, owner)).toThrow(ConflictError);
    expect(visible()).toEqual([all[0]]);
    for (const slug of all.slice(1)) setServiceHidden(slug, false, owner);
    expect(visible()).toEqual(all);
  });
});

describe("adding", () => {
  it("copies another service's words under the new title and address, hidden and last", () => {
    const site = contentVersion("site");
    const slug = addService({ title: "  Social Media  ", slug: "social-media", from: "seo" }, editor);
    expect(slug).toBe("social-media");
    const row = rowOf("social-media")!;
    const seo = rowOf("seo")!.published as Loose;
    expect(row.hidden).toBe(true);
    expect(row.published).toMatchObject({
      title: "Social Media",
      meta: { title: "Social Media", description: seo.meta.description },
      hero: seo.hero,
    });
    expect(slugs().at(-1)).toBe("social-media");
    expect(visible()).not.toContain("social-media");
    // Hidden, so no public page changed.
    expect(contentVersion("site")).toBe(site);
    expect(lastAudit()).toMatchObject({ action: "service.added" });
    // Then shown, it is on the site.
    setServiceHidden("social-media", false, editor);
    expect(visible().at(-1)).toBe("social-media");
  });

  it("makes the address from the name when none is typed, and refuses a taken one, a missing name or source", () => {
    expect(addService({ title: "Email Marketing", slug: "", from: "seo" }, owner)).toBe("email-marketing");
    const count = serviceRows().length;
    expect(
      fieldErrorOf(() => addService({ title: "Again", slug: "email-marketing", from: "seo" }, owner)),
    ).toMatchObject({
      field: "slug",
      message: expect.stringContaining("already"),
    });
    expect(fieldErrorOf(() => addService({ title: " ", slug: "x-y", from: "seo" }, owner)).field).toBe(
      "title",
    );
    expect(fieldErrorOf(() => addService({ title: "Fine", slug: "fine", from: "nope" }, owner)).field).toBe(
      "from",
    );
    expect(
      fieldErrorOf(() => addService({ title: "x".repeat(61), slug: "long", from: "seo" }, owner)),
    ).toMatchObject({
      field: "title",
      message: "At most 60 characters",
    });
    expect(serviceRows()).toHaveLength(count);
    expect(() => addService({ title: "No", slug: "no", from: "seo" }, contributor)).toThrow(ForbiddenError);
  });
});

describe("a service's address", () => {
  it("refuses malformed, hostile, reserved, taken and unchanged addresses as field errors, writing nothing", () => {
    const before = serviceRows();
    const redirectsBefore = getDb().select().from(redirects).all();
    const cases: [unknown, RegExp][] = [
      ["__proto__", /lower-case letters/],
      ["../x", /lower-case letters/],
      ["a/b", /lower-case letters/],
      ["x".repeat(200), /At most 80/],
      ["SEO-Dublin", /lower-case letters.*e\.g\. seo-dublin/],
      ["café-crème", /lower-case letters/],
      ["-seo", /lower-case letters/],
      ["seo--x", /lower-case letters/],
      ["", /Enter the address/],
      [42, /Enter the address/],
      ["new", /kept for the site/],
      ["admin", /kept for the site/],
      ["paid-ads-management", /already a service's address/],
      ["seo", /the address it has/],
    ];
    for (const [typed, message] of cases) {
      const error = fieldErrorOf(() => readdressService("seo", typed, owner));
      expect(error.field, String(typed)).toBe("slug");
      expect(error.message, String(typed)).toMatch(message);
    }
    expect(serviceRows()).toEqual(before);
    expect(getDb().select().from(redirects).all()).toEqual(redirectsBefore);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it("moves the row, its draft and revisions, points links at it, and answers 301 from the old one", () => {
    // A revision and a draft to follow it; a link in another page's copy; a redirect that led to the old address.
    const seo = structuredClone(rowOf("seo")!.published) as Loose;
    savePageDraft("services/seo", { ...seo, summary: "Version two" }, editor);
    publishPage("services/seo", editor);
    savePageDraft("services/seo", { ...seo, summary: "A draft waiting" }, editor);
    const other = structuredClone(rowOf("creative-direction")!.published) as Loose;
    other.closing.actions[0].to = "/services/seo#what-we-do";
    savePageDraft("services/creative-direction", other, editor);
    publishPage("services/creative-direction", editor);
    addRedirect({ from: "/old-seo", to: "/services/seo?utm=x", status: 301, prefix: false });
    const place = slugs().indexOf("seo");
    const revisions = revisionsOf("seo").length;
    expect(revisions).toBeGreaterThan(0);
    const site = contentVersion("site");

    expect(readdressService("seo", "  /services/search-engine-optimisation ", editor)).toBe(
      "search-engine-optimisation",
    );

    expect(rowOf("seo")).toBeUndefined();
    const moved = rowOf("search-engine-optimisation")!;
    expect(moved.published).toMatchObject({ summary: "Version two" });
    expect(moved.draft).toMatchObject({ summary: "A draft waiting" });
    expect(slugs().indexOf("search-engine-optimisation")).toBe(place);
    expect(revisionsOf("seo")).toHaveLength(0);
    expect(revisionsOf("search-engine-optimisation")).toHaveLength(revisions);
    expect((rowOf("creative-direction")!.published as Loose).closing.actions[0].to).toBe(
      "/services/search-engine-optimisation#what-we-do",
    );
    expect(resolveRedirect("/services/seo")).toEqual({
      location: "/services/search-engine-optimisation",
      status: 301,
    });
    // No chain: the earlier redirect goes straight to the new address, keeping its query.
    expect(resolveRedirect("/old-seo")).toEqual({
      location: "/services/search-engine-optimisation?utm=x",
      status: 301,
    });
    expect(contentVersion("site")).not.toBe(site);
    expect(lastAudit()).toMatchObject({ action: "service.readdressed" });
  });

  it("moves back without a loop, and a second rename from the same stale screen finds it gone", () => {
    readdressService("search-engine-optimisation", "seo", owner);
    expect(resolveRedirect("/services/seo")).toBeNull();
    expect(resolveRedirect("/services/search-engine-optimisation")).toEqual({
      location: "/services/seo",
      status: 301,
    });
    expect(resolveRedirect("/old-seo")?.location).toBe("/services/seo?utm=x");
    // Two people renamed the same service from the same screen: the first wins, the second changes nothing.
    readdressService("paid-ads-management", "paid-ads", owner);
    const after = serviceRows();
    expect(() => readdressService("paid-ads-management", "ppc", editor)).toThrow(NotFoundError);
    expect(serviceRows()).toEqual(after);
    expect(rowOf("ppc")).toBeUndefined();
    expect(resolveRedirect("/services/paid-ads-management")?.location).toBe("/services/paid-ads");
    // The next start does not bring the old address back as a second copy of the service.
    expect(seedPageCopy(getDb())).toBe(0);
    expect(rowOf("paid-ads-management")).toBeUndefined();
  });

  it("writes nothing at all when any part of the move fails", () => {
    const before = serviceRows();
    const revisions = getDb().select().from(pageRevisions).all();
    const rules = getDb().select().from(redirects).all();
    // The database itself refuses the redirect (as a full disk or a broken row would): the whole move is undone.
    getDb().$client.exec(
      "CREATE TEMP TRIGGER refuse_redirect BEFORE INSERT ON redirects BEGIN SELECT RAISE(ABORT, 'refused'); END",
    );
    try {
      expect(() => readdressService("creative-direction", "creative", owner)).toThrow(/refused/);
    } finally {
      getDb().$client.exec("DROP TRIGGER temp.refuse_redirect");
    }
    expect(serviceRows()).toEqual(before);
    expect(getDb().select().from(pageRevisions).all()).toEqual(revisions);
    expect(getDb().select().from(redirects).all()).toEqual(rules);
  });

  it("is the owner's and editors' alone", () => {
    expect(() => readdressService("seo", "seo-2", contributor)).toThrow(ForbiddenError);
  });
});

describe("a service's unsaved work", () => {
  it("follows the service to its new address, and nothing of it stays at the old one", () => {
    const values = { title: "Typed in the form, never saved" };
    saveAutosave(editor.id, "page", "services/digital-marketing-strategy", values);
    readdressService("digital-marketing-strategy", "strategy", owner);
    expect(getAutosave(editor.id, "page", "services/strategy")?.values).toEqual(values);
    expect(getAutosave(editor.id, "page", "services/digital-marketing-strategy")).toBeUndefined();
  });
});
