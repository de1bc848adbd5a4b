// The case studies' lists against the built server: /work's first screen, "Show more projects" and its
// filter read only the cards shown; GET /api/work answers a page (50 by default: an agency's whole
// portfolio as before) with X-Total-Count and Link, and so does ?lang=ga; hostile page, limit and show
// values are a 400 (the API) or the nearest sensible list (the page), never a 500. An Irish page's
// frame is Irish: the English feed's link title, and a wrong method's 405 page.
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { languageSettings } from "#db/schema";
import { saveCaseStudy } from "~/features/case-studies/case-studies.server";
import { CaseStudySchema } from "~/features/case-studies/case-study-schema";
import { saveCaseStudyTranslation } from "~/features/case-studies/translations/case-study-translations.server";
import { CaseStudyTranslationSchema } from "~/features/case-studies/translations/translation-schema";
import { WORK_MAX_SHOWN } from "~/features/case-studies/work-paging";
import { createUser } from "~/features/staff/index.server";
import { getDb } from "~/platform/db.server";

import type { RunningServer } from "../../../scripts/lib/start-server";
import { sendAs, signedInServer } from "../../setup/signed-in-server";

const PASSWORD = "a-long-enough-password";
const PUBLISHED = 14;
let server: RunningServer;
let owner = "";

beforeAll(async () => {
  getDb()
    .insert(languageSettings)
    .values({ id: 1, defaultLanguage: "en", languages: ["en", "ga"] })
    .run();
  for (let n = 0; n < PUBLISHED + 2; n++) {
    const study = saveCaseStudy(
      undefined,
      CaseStudySchema.parse({
        title: `Paged study ${n}`,
        slug: `paged-study-${n}`,
        clientName: "A client",
        category: n % 2 ? "Retail" : "B2B",
        excerpt: "Paged.",
        body: "<p>How.</p>",
        status: n >= PUBLISHED ? "draft" : "published",
      }),
    );
    if (n < 9)
      saveCaseStudyTranslation(
        undefined,
        CaseStudyTranslationSchema.parse({
          lang: "ga",
          translationOf: study.id,
          title: `Staidéar ${n}`,
          slug: `staidear-${n}`,
          category: "B2B",
          body: "<p>Conas.</p>",
          status: n === 0 ? "draft" : "published",
        }),
      );
  }
  await createUser("work-list-owner", PASSWORD);
  ({ server, cookie: owner } = await signedInServer({
    account: { username: "work-list-owner", password: PASSWORD },
  }));
  // /ga/work exists once the portfolio's own words are in Irish.
  const copy = (await (await sendAs(server, "/api/pages/work", owner)).json()).published;
  const put = await sendAs(server, "/api/pages/work?lang=ga", owner, {
    method: "PUT",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(copy),
  });
  expect(put.status).toBe(200);
  const publish = await sendAs(server, "/api/pages/work/publish?lang=ga", owner, { method: "POST" });
  expect(publish.status).toBe(200);
}, 180_000);

afterAll(async () => {
  await server?.stop();
});

const visit = (path: string, init: RequestInit = {}) => sendAs(server, path, null, init);
const cards = (html: string) => [...html.matchAll(/<li[^>]*data-item="(\d+)"/g)].length;

describe("/work", () => {
  it("shows a screenful, says how many in all and links to a longer list", async () => {
    const html = await (await visit("/work")).text();
    expect(cards(html)).toBe(6);
    expect(html).toContain(`${PUBLISHED} projects`);
    expect(html).toContain('href="/work?show=12"');
    expect(html).not.toContain("Paged study 15");
  });

  it("grows by a screenful and filters by category, counting only that category", async () => {
    expect(cards(await (await visit("/work?show=12")).text())).toBe(12);
    const retail = await (await visit("/work?category=Retail")).text();
    expect(retail).toContain(`${PUBLISHED / 2} projects`);
    expect(cards(retail)).toBe(6);
    expect(retail).toContain('href="/work?category=Retail&amp;show=12"');
    const nothing = await visit("/work?category=Nothing");
    // No study is filed under it: the empty list, answered as no page of the site (and never kept).
    expect(nothing.status).toBe(404);
    expect(cards(await nothing.text())).toBe(0);
    expect((await visit("/work?category=Nothing")).headers.get("x-page-cache")).toBe("miss");
    expect((await visit("/work?category=Retail")).status).toBe(200);
    // Read as the blog reads its topic: without the spaces around it, a repeated value's last.
    expect(cards(await (await visit("/work?category=Retail%20")).text())).toBe(6);
    expect(cards(await (await visit("/work?category=Nothing&category=Retail")).text())).toBe(6);
    // Typed in another case, a category is that category: sent to its own spelling.
    const typed = await visit("/work?category=retail&show=12", { redirect: "manual" });
    expect([typed.status, typed.headers.get("location")]).toEqual([301, "/work?category=Retail&show=12"]);
    // "All Categories" is the page itself in any case, as a category typed in another case is that
    // category ("ALL" was a 404 that named no projects "in ALL").
    for (const all of ["all", "ALL", "All", "%20all%20"]) {
      const whole = await visit(`/work?category=${all}&show=12`, { redirect: "manual" });
      expect([whole.status, whole.headers.get("location")], all).toEqual([302, "/work?show=12"]);
    }
  });

  it("reads hostile values of show as the first screen, or every study", async () => {
    for (const query of ["show=__proto__", "show=-1", "show=constructor", "show[]=12", "show=6&show=12x"])
      expect(cards(await (await visit(`/work?${query}`)).text()), query).toBe(6);
    expect(cards(await (await visit("/work?show=1e9")).text())).toBe(PUBLISHED);
    expect((await visit("/work?show=6&show=12")).status).toBe(200);
    // Near the largest safe integer: still every study, and a redirect keeps a count the page reads so.
    expect(cards(await (await visit("/work?show=9007199254740991")).text())).toBe(PUBLISHED);
    const moved = await visit("/work?category=all&show=9007199254740991", { redirect: "manual" });
    expect(moved.headers.get("location")).toBe(`/work?show=${WORK_MAX_SHOWN}`);
  });
});

describe("GET /api/work", () => {
  it("answers every study of a small portfolio at once, as before, with the count and links", async () => {
    const answer = await visit("/api/work");
    expect(answer.status).toBe(200);
    expect(await answer.json()).toHaveLength(PUBLISHED);
    expect(answer.headers.get("x-total-count")).toBe(String(PUBLISHED));
    expect(answer.headers.get("link")).toContain('/api/work?page=1&limit=50>; rel="first"');
  });

  it("pages with page and limit, the pages never overlapping", async () => {
    const first = await visit("/api/work?limit=5");
    const second = await visit("/api/work?limit=5&page=2");
    const ids = [...(await first.json()), ...(await second.json())].map((s: { id: string }) => s.id);
    expect(new Set(ids).size).toBe(10);
    expect(second.headers.get("link")).toContain('/api/work?page=3&limit=5>; rel="next"');
    expect(second.headers.get("link")).toContain('/api/work?page=1&limit=5>; rel="prev"');
    expect(await (await visit("/api/work?page=9")).json()).toEqual([]);
  });

  it("gives staff the drafts too, a page at a time", async () => {
    const answer = await sendAs(server, "/api/work?limit=50", owner);
    expect(answer.headers.get("x-total-count")).toBe(String(PUBLISHED + 2));
    expect(answer.headers.get("cache-control")).toContain("no-store");
  });

  it("refuses hostile page and limit values with a 400", async () => {
    for (const query of [
      "page=__proto__",
      "page=constructor",
      "page=-1",
      "page=0",
      "page=1e9",
      "page=1.5",
      "limit=51",
      "limit=0",
      "limit=__proto__",
      "page=1&page=x",
    ]) {
      const answer = await visit(`/api/work?${query}`);
      expect(answer.status, query).toBe(400);
      expect(await answer.json(), query).toMatchObject({ error: "Invalid query" });
    }
    // An unknown name is ignored, as on every list.
    expect((await visit("/api/work?page[]=2")).status).toBe(200);
  });

  it("in Irish: a page of the live translations, every one for staff", async () => {
    const live = await visit("/api/work?lang=ga&limit=2");
    expect(live.headers.get("x-total-count")).toBe("8");
    expect(await live.json()).toHaveLength(2);
    expect(live.headers.get("link")).toContain("lang=ga&page=2&limit=2");
    const staff = await sendAs(server, "/api/work?lang=ga", owner);
    expect(staff.headers.get("x-total-count")).toBe("9");
    expect((await visit("/api/work?lang=ga&page=__proto__")).status).toBe(400);
    expect((await visit("/api/work?lang=__proto__")).status).toBe(400);
  });
});

describe("/ga/work", () => {
  // It showed every live translation on one page: a portfolio of thousands was thousands of cards.
  it("shows a screenful of the live translations, says how many in all and links to a longer list", async () => {
    const html = await (await visit("/ga/work")).text();
    expect(cards(html)).toBe(6);
    expect(html).toMatch(/8(<!-- -->)? dtionscadal/);
    expect(html).toContain('href="/ga/work?show=12"');
    expect(html).toContain("Taispeáin tuilleadh tionscadal");
    const longer = await (await visit("/ga/work?show=12")).text();
    expect(cards(longer)).toBe(8);
    expect(longer).not.toContain("Taispeáin tuilleadh tionscadal");
    // Hostile or odd values: the nearest sensible list, never a 500.
    for (const show of ["__proto__", "-1", "1e400", "7", "constructor"]) {
      const answer = await visit(`/ga/work?show=${show}`);
      expect(answer.status, show).toBe(200);
      expect(cards(await answer.text()), show).toBe(show === "7" ? 8 : 6);
    }
  });
});

describe("an Irish page's frame", () => {
  it("names the English feed in Irish", async () => {
    const html = await (await visit("/ga/work")).text();
    expect(html).toContain('<html lang="ga');
    const feed = /<link[^>]*href="\/rss.xml"[^>]*>/.exec(html)?.[0] ?? "";
    // A feed is not a translation of the page: no hreflang, which search engines read as one.
    expect(feed.toLowerCase()).not.toContain("hreflang");
    expect(feed).not.toContain("Northwall Digital Blog");
    expect(feed).toContain("Blag Northwall Digital");
  });

  it("answers a wrong method with a 405 page in Irish", async () => {
    const answer = await visit("/ga/work", {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: "a=1",
    });
    expect(answer.status).toBe(405);
    const html = await answer.text();
    expect(html).toContain('<html lang="ga');
    expect(html).not.toContain("Something went wrong");
    expect(html).not.toContain("Northwall Digital Blog");
  });
});
