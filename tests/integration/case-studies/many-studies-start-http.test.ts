// A portfolio past what the page cache keeps: the site rendered every case study's page before it
// listened (2,000 studies of 100 kB: not listening after minutes), and past the cache's 500 pages each
// one pushed out a page rendered before it, the home page first. Now the start renders the pages of
// one (home, /work, about, the legal pages) first, and at most a quarter of what the cache keeps.
// The admin's list of them is 50 a page (it read every study whole: 5,000 of 100 kB took 4.3 s and
// 18.8 MB of HTML), with a pager that works without JavaScript and keeps the page after a move.
import { asc, isNull } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { caseStudies } from "#db/schema";
import { createUser } from "~/features/staff/index.server";
import { getDb } from "~/platform/db.server";

import type { RunningServer } from "../../../scripts/lib/start-server";
import { sendAs, signedInServer } from "../../setup/signed-in-server";

const STUDIES = 560;
let server: RunningServer;
let cookie = "";

beforeAll(async () => {
  const rows = Array.from({ length: STUDIES }, (_, n) => ({
    title: `Kept study ${n}`,
    slug: `kept-study-${n}`,
    clientName: "A client",
    excerpt: "Kept.",
    body: `<p>${"How it was done. ".repeat(200)}</p>`,
    category: "Retail",
    // A chosen cover: no artwork for each to draw meanwhile.
    coverImage: "/uploads/kept-cover.jpg",
    status: "published" as const,
    position: n,
  }));
  for (let at = 0; at < rows.length; at += 100)
    getDb()
      .insert(caseStudies)
      .values(rows.slice(at, at + 100))
      .run();
  await createUser("many-studies-owner", "a-long-enough-password");
  ({ server, cookie } = await signedInServer({
    account: { username: "many-studies-owner", password: "a-long-enough-password" },
    // What a production start renders before it listens (test servers start with none).
    env: { PAGES_WARMED_AT_START: "" },
  }));
}, 240_000);

afterAll(async () => {
  await server?.stop();
});

const cached = async (path: string) => {
  const answer = await sendAs(server, path, null);
  expect(answer.status, path).toBe(200);
  await answer.arrayBuffer();
  return answer.headers.get("x-page-cache");
};

describe("a site with more case studies than the page cache keeps", () => {
  it("has its one-page routes rendered at start, and not every study", async () => {
    for (const path of ["/", "/work", "/about", "/privacy", "/terms"])
      expect(await cached(path), path).toBe("hit");
    expect(await cached("/work/kept-study-0")).toBe("hit");
    expect(await cached(`/work/kept-study-${STUDIES - 1}`)).toBe("miss");
  });
});

/** Every study's id and title in the agency's order, as the server stores it now. */
const inOrder = () =>
  getDb()
    .select({ id: caseStudies.id, title: caseStudies.title })
    .from(caseStudies)
    .where(isNull(caseStudies.deletedAt))
    .orderBy(asc(caseStudies.position), asc(caseStudies.createdAt), asc(caseStudies.id))
    .all();

const adminPage = async (path: string) => {
  const answer = await sendAs(server, path, cookie);
  expect(answer.status, path).toBe(200);
  return answer.text();
};

/** The studies a page of the admin's list shows, by the names on their Edit links. */
const listed = (html: string) => [...html.matchAll(/aria-label="Edit ([^"]+)"/g)].map((match) => match[1]);

describe("the admin's list of hundreds of case studies", () => {
  it("shows 50 a page in the agency's order, with Previous and Next as links", async () => {
    const order = inOrder().map((study) => study.title);
    const first = await adminPage("/admin/case-studies");
    expect(listed(first)).toEqual(order.slice(0, 50));
    expect(first).toMatch(/Page (<!-- -->)?1(<!-- -->)? of/);
    expect(first).toContain('href="/admin/case-studies?page=2"');
    const second = await adminPage("/admin/case-studies?page=2");
    expect(listed(second)).toEqual(order.slice(50, 100));
    expect(second).toContain('href="/admin/case-studies"');
    expect(second).toContain('href="/admin/case-studies?page=3"');
    // The first study of page 2 can still go up (to page 1's last place).
    const up = new RegExp(`<button[^>]*aria-label="Move ${order[50]} up"[^>]*>`).exec(second)![0];
    expect(up).not.toMatch(/\sdisabled(=|\s|>)/);
    // A page past the last is the last; one that is not a number, the first.
    expect(listed(await adminPage("/admin/case-studies?page=999"))).toEqual(
      order.slice(Math.floor((order.length - 1) / 50) * 50),
    );
    expect(listed(await adminPage("/admin/case-studies?page=__proto__"))).toEqual(order.slice(0, 50));
  });

  it("moves a study from page 2 without JavaScript and comes back to page 2", async () => {
    const before = inOrder();
    const html = await adminPage("/admin/case-studies?page=2");
    // The row's form posts to the page it is on.
    expect(html).toMatch(/<form [^>]*action="\/admin\/case-studies\?page=2" method="post"/);
    const moved = await sendAs(server, "/admin/case-studies?page=2", cookie, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ id: before[50]!.id, intent: "up" }).toString(),
    });
    expect(moved.status).toBeGreaterThanOrEqual(300);
    expect(moved.status).toBeLessThan(400);
    expect(moved.headers.get("location")).toBe("/admin/case-studies?page=2");
    const after = inOrder();
    expect(after[49]!.id).toBe(before[50]!.id);
    expect(after[50]!.id).toBe(before[49]!.id);
  });
});
