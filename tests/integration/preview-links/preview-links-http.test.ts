// Preview links against the built server: a draft opened by anyone holding the link, without a session,
// as the real page with the ribbon (private, noindex, never cached), following the latest saved draft;
// revoked or expired, a 404 that says so; hostile requests refused with nothing written.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { auditLog, caseStudies, posts, previewLinks } from "#db/schema";
import { createPreviewLink, previewExpiry } from "~/features/preview-links/index.server";
import { createUser } from "~/features/staff/index.server";
import { getDb } from "~/platform/db.server";

import type { RunningServer } from "../../../scripts/lib/start-server";
import { sendAs, signedInServer } from "../../setup/signed-in-server";

const PASSWORD = "a-long-enough-password";
let server: RunningServer;
let owner = "";
let draftId = "";
let otherDraftId = "";
let studyId = "";

beforeAll(async () => {
  const db = getDb();
  const post = (slug: string) =>
    db
      .insert(posts)
      .values({
        title: slug,
        slug,
        excerpt: `${slug} words`,
        content: `<p>${slug} body</p>`,
        status: "draft",
      })
      .returning({ id: posts.id })
      .get().id;
  draftId = post("a-draft-for-the-client");
  otherDraftId = post("another-secret-draft");
  studyId = db
    .insert(caseStudies)
    .values({
      title: "Quay Bakery",
      slug: "quay-bakery",
      excerpt: "A bakery's draft",
      category: "Web",
      status: "draft",
    })
    .returning({ id: caseStudies.id })
    .get().id;
  await createUser("share-owner", PASSWORD);
  ({ server, cookie: owner } = await signedInServer({
    account: { username: "share-owner", password: PASSWORD },
  }));
}, 120_000);
afterAll(() => server?.stop());

const send = (path: string, cookie: string | null = null, init: RequestInit = {}) =>
  sendAs(server, path, cookie, init);
const share = (path: string, body?: unknown, cookie: string | null = owner) =>
  send(path, cookie, {
    method: "POST",
    ...(body !== undefined && {
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(body),
    }),
  });
/** Opens a link as a visitor: /preview/<token>, then the address it sends to. */
async function open(url: string) {
  const jump = await send(new URL(url).pathname);
  const location = jump.headers.get("location");
  if (jump.status !== 302 || !location) return { jump, page: jump, location };
  return { jump, page: await send(location), location };
}
const linkRows = () => getDb().select().from(previewLinks).all();

describe("a shared draft post", () => {
  it("opens for a visitor without a session, as the page with the ribbon, never cached or indexed", async () => {
    const made = await share(`/api/blog/${draftId}/preview-links`);
    expect(made.status).toBe(201);
    const link = (await made.json()) as { id: string; url: string; expiresAt: string };
    const token = new URL(link.url).pathname.split("/").at(-1)!;
    expect(token).toMatch(/^[\w-]{43}$/);
    // Seven days unless the owner picks otherwise; only the hash is kept.
    expect(Math.abs(Date.parse(link.expiresAt) - Date.now() - 7 * 86_400_000)).toBeLessThan(60_000);
    expect(JSON.stringify(linkRows())).not.toContain(token);

    const { jump, page, location } = await open(link.url);
    expect(jump.status).toBe(302);
    expect(location).toBe(`/blog/a-draft-for-the-client?share=${token}`);
    const html = await page.text();
    expect(page.status).toBe(200);
    expect(html).toContain("a-draft-for-the-client body");
    expect(html).toContain("A draft, not yet published: shared with you until");
    expect(html).not.toContain("only you can see this post");
    // A draft shown to the link's holder is not for passing on: no share button.
    expect(html).not.toContain("data-share");
    expect(page.headers.get("cache-control")).toBe("private, no-store");
    expect(page.headers.get("x-robots-tag")).toContain("noindex");
    // One policy, the preview's: the token is never sent on as a Referer.
    expect(page.headers.get("referrer-policy")).toBe("no-referrer");
    expect(page.headers.get("x-page-cache")).toBeNull();

    // Visitors without the link still find nothing, and the draft is in no list, feed or map.
    expect((await send("/blog/a-draft-for-the-client")).status).toBe(404);
    for (const path of ["/blog", "/rss.xml", "/sitemap.xml", "/llms.txt"]) {
      expect(await (await send(path)).text(), path).not.toContain("a-draft-for-the-client");
    }
    // The token opens its own draft only: on another draft's address it is sent back to its own.
    const elsewhere = await send(`/blog/another-secret-draft?share=${token}`);
    expect([elsewhere.status, elsewhere.headers.get("location")]).toEqual([302, `/preview/${token}`]);

    // The editor sees it listed, with when it was last opened.
    const listed = (await (await send(`/api/blog/${draftId}/preview-links`, owner)).json()) as {
      id: string;
      lastOpenedAt: string | null;
    }[];
    expect(listed.find((item) => item.id === link.id)?.lastOpenedAt).not.toBeNull();
  }, 60_000);

  it("follows the latest saved draft, its words and its address", async () => {
    const link = await (await share(`/api/blog/${draftId}/preview-links`, { expiresInDays: 2 })).json();
    getDb()
      .update(posts)
      .set({ content: "<p>Words saved a minute ago</p>", slug: "a-renamed-draft" })
      .where(eq(posts.id, draftId))
      .run();
    const { page, location } = await open(link.url);
    expect(location).toMatch(/^\/blog\/a-renamed-draft\?share=/);
    expect(await page.text()).toContain("Words saved a minute ago");
  }, 60_000);

  it("is a 404 saying so once revoked or expired, and an unknown token is a 404 too", async () => {
    const link = await (await share(`/api/blog/${draftId}/preview-links`)).json();
    const revoke = await send(`/api/blog/${draftId}/preview-links/${link.id}`, owner, { method: "DELETE" });
    expect(revoke.status).toBe(204);
    const again = await send(`/api/blog/${draftId}/preview-links/${link.id}`, owner, { method: "DELETE" });
    expect(again.status).toBe(404);
    const revoked = await send(new URL(link.url).pathname);
    expect(revoked.status).toBe(404);
    expect(await revoked.text()).toContain("was withdrawn by whoever shared it");
    const token = new URL(link.url).pathname.split("/").at(-1);
    expect((await send(`/blog/a-renamed-draft?share=${token}`)).headers.get("location")).toBe(
      `/preview/${token}`,
    );

    const old = await (await share(`/api/blog/${draftId}/preview-links`)).json();
    getDb()
      .update(previewLinks)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(previewLinks.id, old.id))
      .run();
    const expired = await send(new URL(old.url).pathname);
    expect(expired.status).toBe(404);
    expect(expired.headers.get("cache-control")).toBe("private, no-store");
    expect(await expired.text()).toContain("This preview link has expired");
    const listed = await (await send(`/api/blog/${draftId}/preview-links`, owner)).json();
    expect(listed.map((item: { id: string }) => item.id)).not.toContain(old.id);

    for (const path of [
      "/preview/not-a-token",
      `/preview/${"A".repeat(43)}`,
      "/preview/%00",
      "/preview/__proto__",
    ]) {
      const unknown = await send(path);
      expect(unknown.status, path).toBe(404);
      expect(await unknown.text(), path).toContain("There is no preview at this address");
    }
    const actions = getDb()
      .select({ action: auditLog.action })
      .from(auditLog)
      .all()
      .map((row) => row.action);
    expect(actions).toContain("preview-link.shared");
    expect(actions).toContain("preview-link.revoked");
  }, 60_000);
});

describe("hostile and bad requests", () => {
  it("refuses an expiry beyond 90 days, in the past or malformed, an unknown draft and a visitor, writing nothing", async () => {
    const before = linkRows().length;
    const path = `/api/blog/${otherDraftId}/preview-links`;
    for (const body of [
      { expiresInDays: 91 },
      { expiresInDays: 0 },
      { expiresInDays: -1 },
      { expiresInDays: 1.5 },
      { expiresInDays: "seven" },
      { expiresInDays: [7] },
      { expiresAt: new Date(Date.now() - 60_000).toISOString() },
      { expiresAt: new Date(Date.now() + 91 * 86_400_000).toISOString() },
      { expiresAt: "tomorrow" },
      { expiresAt: 1, expiresInDays: 1 },
      { constructor: "x" },
      JSON.parse('{"__proto__": {"expiresInDays": 1}}'),
    ]) {
      const refused = await send(path, owner, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify(body),
      });
      expect(refused.status, JSON.stringify(body)).toBe(400);
      expect((await refused.json()).error, JSON.stringify(body)).toBeTruthy();
    }
    const notJson = await send(path, owner, {
      method: "POST",
      headers: { "Content-Type": "text/plain" },
      body: "7",
    });
    expect(notJson.status).toBe(415);
    const huge = await send(path, owner, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ expiresAt: "x".repeat(10_000) }),
    });
    expect(huge.status).toBe(413);
    expect((await share("/api/blog/no-such-post/preview-links")).status).toBe(404);
    expect((await share("/api/work/__proto__/preview-links")).status).toBe(404);
    expect((await share(path, undefined, null)).status).toBe(401);
    expect((await send(path)).status).toBe(401);
    expect((await send(`/api/blog/${otherDraftId}/preview-links/x`, null, { method: "DELETE" })).status).toBe(
      401,
    );
    expect(linkRows().length).toBe(before);
    // A made-up token on a page's address renders nothing from the draft: it goes to the 404 that says so.
    const guess = await send("/blog/another-secret-draft?share=guess");
    expect([guess.status, guess.headers.get("location")]).toEqual([302, "/preview/guess"]);
    const published = await send("/about?share=");
    expect(published.status).toBe(302);
  }, 60_000);
});

describe("other drafts", () => {
  it("shares a case study's draft and a page's draft copy, and nothing else of the site's drafts", async () => {
    const made = await share(`/api/work/${studyId}/preview-links`, {
      expiresAt: new Date(Date.now() + 3 * 86_400_000).toISOString(),
    });
    expect(made.status).toBe(201);
    const study = await open((await made.json()).url);
    expect(study.location).toMatch(/^\/work\/quay-bakery\?share=/);
    expect(study.page.status).toBe(200);
    const studyHtml = await study.page.text();
    expect(studyHtml).toContain("A bakery&#x27;s draft");
    expect(studyHtml).not.toContain("only you can see this");
    expect((await send("/work/quay-bakery")).status).toBe(404);

    const about = await (await send("/api/pages/about", owner)).json();
    const draft = structuredClone(about.published);
    draft.hero.headline = "An About headline for the client's eyes";
    const saved = await send("/api/pages/about", owner, {
      method: "PUT",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(draft),
    });
    expect(saved.status).toBe(200);
    const link = createPreviewLink("page", "about", previewExpiry({}), null);
    const page = await open(new URL(link.url, server.baseURL).href);
    expect(page.location).toMatch(/^\/about\?share=/);
    expect(await page.page.text()).toContain("An About headline for the client&#x27;s eyes");
    const visitor = await (await send("/about")).text();
    expect(visitor).not.toContain("for the client");
    // The page's link is not a staff preview: no way into the admin is offered.
    expect(await (await send(page.location!)).text()).not.toContain("Back to the form");
  }, 60_000);

  it("is shared, listed and revoked from an editor's form (the admin's endpoint), refusing bad fields", async () => {
    const form = (fields: Record<string, string>) =>
      send("/admin/preview-links", owner, { method: "POST", body: new URLSearchParams(fields) });
    const made = await form({ intent: "share", kind: "page", target: "contact", days: "3" });
    expect(made.status).toBe(200);
    const { url, expiresAt } = await made.json();
    expect(url).toMatch(/\/preview\/[\w-]{43}$/);
    expect(Math.abs(Date.parse(expiresAt) - Date.now() - 3 * 86_400_000)).toBeLessThan(60_000);
    const list = await (await send("/admin/preview-links?kind=page&target=contact", owner)).json();
    expect(list.links).toHaveLength(1);
    const refusedFields: Record<string, string>[] = [
      { intent: "share", kind: "__proto__", target: "contact" },
      { intent: "share", kind: "page", target: "contact", days: "91" },
      { intent: "share", kind: "page", target: "" },
      { intent: "toString", kind: "page", target: "contact" },
    ];
    for (const fields of refusedFields) {
      expect((await form(fields)).status, JSON.stringify(fields)).toBe(400);
    }
    expect((await form({ intent: "share", kind: "page", target: "no-such-page" })).status).toBe(404);
    const revoked = await form({ intent: "revoke", kind: "page", target: "contact", id: list.links[0].id });
    expect(revoked.status).toBe(200);
    expect((await (await send("/admin/preview-links?kind=page&target=contact", owner)).json()).links).toEqual(
      [],
    );
    // Without a session: the sign-in page, and no link made.
    expect((await send("/admin/preview-links?kind=page&target=contact")).status).toBe(302);
  }, 60_000);
  it("works without JavaScript: the panel's form goes back to the editor, which shows the new link once", async () => {
    const editor = `/admin/posts?edit=${draftId}`;
    const form = (fields: Record<string, string>) =>
      send("/admin/preview-links", owner, {
        method: "POST",
        body: new URLSearchParams({ kind: "post", target: draftId, back: editor, ...fields }),
      });
    const made = await form({ intent: "share", days: "14" });
    expect(made.status).toBe(303);
    expect(made.headers.get("location")).toBe(editor);
    expect(made.headers.get("cache-control")).toContain("no-store");
    const outcome = made.headers.get("set-cookie")!.split(";")[0]!;
    // The link just made: the newest of the draft's.
    const row = linkRows()
      .filter((link) => link.target === draftId)
      .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime())[0];
    expect(row).toBeDefined();
    const shown = await send(editor, `${owner}; ${outcome}`);
    const html = await shown.text();
    const url = html.match(/https?:\/\/[^"<\s]+\/preview\/[\w-]{43}/)?.[0];
    expect(url, "the new link, in the editor").toBeDefined();
    expect(html).toContain("shown only now");
    // Read once: the editor forgets it, and the next opening shows the list without it.
    expect(shown.headers.get("set-cookie")).toMatch(/Max-Age=0|Expires=Thu, 01 Jan 1970/);
    expect(await (await send(editor, owner)).text()).not.toContain(url!);
    expect((await open(url!)).page.status).toBe(200);

    const revoked = await form({ revoke: row!.id });
    expect(revoked.status).toBe(303);
    const after = await send(editor, `${owner}; ${revoked.headers.get("set-cookie")!.split(";")[0]}`);
    expect(await after.text()).toContain("Link revoked");
    expect((await open(url!)).page.status).toBe(404);

    // Revoked twice, or a bad expiry: said in the editor, nothing changed.
    const again = await form({ revoke: row!.id });
    expect(again.status).toBe(303);
    const said = await send(editor, `${owner}; ${again.headers.get("set-cookie")!.split(";")[0]}`);
    expect(await said.text()).toContain("already revoked");
    const before = linkRows().length;
    expect((await form({ intent: "share", days: "365" })).status).toBe(303);
    expect(linkRows()).toHaveLength(before);
  }, 60_000);

  it("never sends the form's answer elsewhere: a `back` off the admin or off the site is answered in JSON", async () => {
    for (const back of [
      "//evil.example/admin/",
      "https://evil.example/admin/posts",
      "/admin/../blog",
      "/blog",
    ]) {
      const answer = await send("/admin/preview-links", owner, {
        method: "POST",
        body: new URLSearchParams({ kind: "post", target: draftId, back, revoke: "no-such-link" }),
      });
      expect(answer.status, back).toBe(404);
      expect(answer.headers.get("location"), back).toBeNull();
    }
    // A forged outcome cookie shows nothing it should not: only the known fields, as text.
    const forged = encodeURIComponent(btoa(JSON.stringify({ url: "<script>x</script>", admin: true })));
    const html = await (
      await send(`/admin/posts?edit=${draftId}`, `${owner}; preview-shared=${forged}`)
    ).text();
    expect(html).not.toContain("<script>x</script>");
  }, 60_000);
});
