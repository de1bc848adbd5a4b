// /admin/pages/services against the built server with plain form posts (no JavaScript), and what
// visitors then get through the page cache: the home grid's and the phone menu's order, a hidden
// service's 404 and its absence from the sitemap, a new address's 301, field errors, two renames at once.
import { eq, like } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { caseStudies, pageCopy, redirects } from "#db/schema";
import { createUser } from "~/features/staff/index.server";
import { getDb } from "~/platform/db.server";

import { adminSessionCookie, postForm, type RunningServer } from "../../../scripts/lib/start-server";
import { signedInServer } from "../../setup/signed-in-server";

const PASSWORD = "a-long-enough-password";
const SCREEN = "/admin/pages/services";
let server: RunningServer;
let editor = "";
let contributor = "";

beforeAll(async () => {
  await createUser("services-editor", PASSWORD, { role: "editor" });
  await createUser("services-contributor", PASSWORD, { role: "contributor" });
  ({ server, cookie: editor } = await signedInServer({
    account: { username: "services-editor", password: PASSWORD },
  }));
  contributor = await adminSessionCookie(server.baseURL, {
    username: "services-contributor",
    password: PASSWORD,
  });
}, 120_000);

afterAll(async () => {
  await server?.stop();
});

/** A page as a visitor gets it: no cookie, so from the page cache when it holds it. */
const visit = (path: string) => fetch(`${server.baseURL}${path}`, { redirect: "manual" });
const visitText = async (path: string) => (await visit(path)).text();
const post = (fields: Record<string, string>, cookie = editor) =>
  postForm(server.baseURL, SCREEN, cookie, fields);

/** The service slugs linked in a part of the page, in order, once each. */
const slugsIn = (html: string) => [
  ...new Set([...html.matchAll(/href="\/services\/([a-z0-9-]+)"/g)].map((match) => match[1]!)),
];
/** The phone menu's services (its nav, up to the end of its list). */
const phoneMenu = (html: string) =>
  slugsIn(html.slice(html.indexOf('aria-label="Mobile"')).split("</nav>")[0]!);
/** The home page's grid of services (from its section to the next one). */
const homeGrid = (html: string) => slugsIn(html.slice(html.indexOf('id="services"')).split("</section>")[0]!);
const servicesInOrder = () =>
  getDb()
    .select()
    .from(pageCopy)
    .where(like(pageCopy.key, "services/%"))
    .all()
    .filter((row) => !row.hidden)
    .sort((a, b) => a.position - b.position || a.key.localeCompare(b.key))
    .map((row) => row.key.slice("services/".length));

describe("/admin/pages/services", () => {
  it("lists the services in their order for editors, with forms that work without JavaScript; contributors are refused", async () => {
    const page = await fetch(`${server.baseURL}${SCREEN}`, { headers: { Cookie: editor } });
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain("Add a service");
    expect(html).toMatch(/<form[^>]*method="post"/);
    expect(html).toContain('value="up"');
    expect(html).toContain("Change address");
    const refused = await fetch(`${server.baseURL}${SCREEN}`, { headers: { Cookie: contributor } });
    expect(refused.status).toBe(403);
    expect((await post({ intent: "up", service: "seo" }, contributor)).status).toBe(403);
  });

  it("moves a service and the home grid and every page's phone menu follow at once", async () => {
    const before = servicesInOrder();
    // Both pages kept by the page cache first, so the move must empty them.
    expect(homeGrid(await visitText("/"))).toEqual(before);
    expect(phoneMenu(await visitText("/about"))).toEqual(before);
    const moved = await post({ intent: "down", service: before[0]! });
    expect(moved.status).toBe(200);
    expect(await moved.text()).toContain(`Moved ${before[0]} down.`);
    const after = [before[1]!, before[0]!, ...before.slice(2)];
    expect(servicesInOrder()).toEqual(after);
    expect(homeGrid(await visitText("/"))).toEqual(after);
    expect(phoneMenu(await visitText("/about"))).toEqual(after);
    expect(phoneMenu(await visitText("/"))).toEqual(after);
  });

  it("hides a service: 404 to visitors, off the home grid, the menu and the sitemap; shown again, it is back", async () => {
    expect((await visit("/services/seo")).status).toBe(200);
    await visitText("/sitemap.xml");
    const crediting = getDb()
      .select()
      .from(caseStudies)
      .all()
      .find((study) => study.status === "published" && study.credits.includes("Search Engine Optimisation"))!;
    const credits = async () => {
      const html = await visitText(`/work/${crediting.slug}`);
      return html.slice(html.indexOf('aria-label="Project details"')).split("</aside>")[0]!;
    };
    expect(await credits()).toContain('href="/services/seo"');
    const hidden = await post({ intent: "hide", service: "seo" });
    expect(hidden.status).toBe(200);
    expect((await visit("/services/seo")).status).toBe(404);
    expect(homeGrid(await visitText("/"))).not.toContain("seo");
    expect(phoneMenu(await visitText("/contact"))).not.toContain("seo");
    expect(await visitText("/sitemap.xml")).not.toContain("/services/seo<");
    // The case study still says what was done, without a link to a page visitors cannot open.
    expect(await credits()).toContain("Search Engine Optimisation");
    expect(await credits()).not.toContain('href="/services/seo"');
    // Staff still see and edit it.
    expect(
      await (await fetch(`${server.baseURL}${SCREEN}`, { headers: { Cookie: editor } })).text(),
    ).toContain("Hidden");
    await post({ intent: "show", service: "seo" });
    expect((await visit("/services/seo")).status).toBe(200);
    expect(await visitText("/sitemap.xml")).toContain("/services/seo<");
  });

  it("gives a service a new address: the old one answers 301 there, the new one the page", async () => {
    const done = await post({ intent: "readdress", service: "creative-direction", slug: "creative" });
    expect(done.status).toBe(200);
    expect(await done.text()).toContain("/services/creative-direction sends visitors");
    const old = await visit("/services/creative-direction");
    expect(old.status).toBe(301);
    expect(old.headers.get("location")).toBe("/services/creative");
    expect((await visit("/services/creative")).status).toBe(200);
    expect(phoneMenu(await visitText("/work"))).toContain("creative");
    expect(await visitText("/sitemap.xml")).not.toContain("/services/creative-direction<");
  });

  it("refuses a bad address beside its field, keeping what was typed, and changes nothing", async () => {
    const rows = getDb().select().from(pageCopy).all();
    for (const slug of ["../x", "__proto__", "Big-Letters", "new", "website-development", "x".repeat(200)]) {
      const answer = await post({ intent: "readdress", service: "seo", slug });
      expect(answer.status, slug).toBe(400);
      const html = await answer.text();
      expect(html, slug).toMatch(/id="address-seo-error"[^>]*>[^<]+</);
      expect(html, slug).toContain('aria-invalid="true"');
      expect(html, slug).toMatch(/<details[^>]*open/);
    }
    const taken = await post({ intent: "add", title: "Copy", slug: "seo", from: "seo" });
    expect(taken.status).toBe(400);
    expect(await taken.text()).toContain("/services/seo is already a service&#x27;s address");
    expect(getDb().select().from(pageCopy).all()).toEqual(rows);
    expect((await post({ intent: "nonsense", service: "seo" })).status).toBe(400);
  });

  it("lets one of two renames of the same service at once win, and the other change nothing", async () => {
    const [first, second] = await Promise.all([
      post({ intent: "readdress", service: "website-development", slug: "websites" }),
      post({ intent: "readdress", service: "website-development", slug: "web" }),
    ]);
    expect([first!.status, second!.status].sort()).toEqual([200, 404]);
    const keys = getDb()
      .select({ key: pageCopy.key })
      .from(pageCopy)
      .all()
      .map((row) => row.key);
    expect(keys.filter((key) => ["services/websites", "services/web"].includes(key))).toHaveLength(1);
    expect(keys).not.toContain("services/website-development");
    expect(
      getDb().select().from(redirects).where(eq(redirects.fromPath, "/services/website-development")).all(),
    ).toHaveLength(1);
  });

  it("adds a service as a hidden copy to edit, then shows it on the site", async () => {
    const added = await post({ intent: "add", title: "Social Media", slug: "", from: "seo" });
    expect(added.status).toBe(200);
    const said = await added.text();
    expect(said).toContain("Added “Social Media” at /services/social-media, hidden.");
    // The next step is one press away (the form is at the bottom, the list above it).
    expect(said).toMatch(
      /<a[^>]*href="\/admin\/pages\/edit\/services\/social-media"[^>]*>Edit its words<\/a>/,
    );
    // Both forms ask for an address the same way: the part after /services/, beside its box.
    expect(said).toMatch(/>\/services\/<\/span><input[^>]*id="service-slug"/);
    expect(said).toMatch(/>\/services\/<\/span><input[^>]*id="address-seo"/);
    expect((await visit("/services/social-media")).status).toBe(404);
    const api = await fetch(`${server.baseURL}/api/pages/services/social-media`, {
      headers: { Cookie: editor },
    });
    expect(api.status).toBe(200);
    await post({ intent: "show", service: "social-media" });
    const page = await visitText("/services/social-media");
    expect(page).toContain("Social Media");
    expect(homeGrid(await visitText("/")).at(-1)).toBe("social-media");
  });
});
