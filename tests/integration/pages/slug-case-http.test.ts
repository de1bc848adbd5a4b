// Addresses spelled in another case over HTTP against the built server: one 301 to the page's own
// spelling (never a 301 to a 404), and an old address of a post that is not live waits for it.
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { caseStudies, posts, redirects } from "#db/schema";
import { getDb } from "~/platform/db.server";

import type { RunningServer } from "../../../scripts/lib/start-server";
import { serveTestDatabase } from "../../setup/serve-test-database";

let server: RunningServer;

beforeAll(async () => {
  const db = getDb();
  const post = (slug: string, status: "published" | "draft") =>
    db.insert(posts).values({ title: slug, slug, excerpt: "x", content: "<p>x</p>", status }).run();
  post("some-post", "published");
  post("über-uns", "published");
  post("kept-private", "draft");
  db.insert(caseStudies)
    .values({ title: "Harbour", slug: "harbour-coffee", excerpt: "x", category: "Web", status: "published" })
    .run();
  db.insert(redirects).values({ fromPath: "/2019/05/kept-private", toPath: "/blog/kept-private" }).run();
  server = await serveTestDatabase();
}, 120_000);
afterAll(() => server?.stop());

const hop = async (path: string) => {
  const response = await fetch(`${server.baseURL}${path}`, { redirect: "manual" });
  return [response.status, response.headers.get("location")];
};

describe("a path in another case", () => {
  it("reaches the page with one 301 to its spelling", async () => {
    for (const [sent, spelled] of [
      ["/Services/SEO", "/services/seo"],
      ["/services/Seo", "/services/seo"],
      ["/Blog/Some-Post", "/blog/some-post"],
      // A query the page does not read is left out, as the page cache leaves it out.
      ["/blog/SOME-POST?ref=x", "/blog/some-post"],
      ["/blog/Some%2DPost", "/blog/some-post"],
      ["/Work/Harbour-Coffee", "/work/harbour-coffee"],
      ["/blog/%C3%9Cber-Uns", "/blog/%C3%BCber-uns"],
    ]) {
      expect([sent, ...(await hop(sent!))]).toEqual([sent, 301, spelled]);
      expect([spelled, ...(await hop(spelled!))]).toEqual([spelled, 200, null]);
    }
  });

  it("sends a link followed in the page (a data request) to the same spelling", async () => {
    for (const [sent, spelled] of [
      ["/blog/Some-Post.data", "/blog/some-post"],
      ["/Blog/Some-Post.data", "/blog/some-post"],
      ["/work/Harbour-Coffee.data", "/work/harbour-coffee"],
      ["/services/Seo.data", "/services/seo"],
    ]) {
      const answer = await fetch(`${server.baseURL}${sent}`, { redirect: "manual" });
      expect([sent, answer.status, await answer.text()]).toEqual([
        sent,
        202,
        expect.stringContaining(`"redirect","${spelled}","status",301`),
      ]);
    }
  });

  it("leaves a draft's or a missing slug as sent: the 404 says it, with no second hop", async () => {
    expect(await hop("/Blog/Kept-Private")).toEqual([301, "/blog/Kept-Private"]);
    expect(await hop("/blog/Kept-Private")).toEqual([404, null]);
    expect(await hop("/blog/No-Such-Post")).toEqual([404, null]);
    expect(await hop("/blog/__proto__")).toEqual([404, null]);
  });

  it("with a doubled slash reaches the page in one 301, or answers 404 at once", async () => {
    for (const [sent, spelled] of [
      ["/blog//some-post", "/blog/some-post"],
      ["/Blog//some-post", "/blog/some-post"],
      ["/blog//Some-Post", "/blog/some-post"],
      ["/blog///some-post", "/blog/some-post"],
      ["//blog//some-post", "/blog/some-post"],
      ["/work//harbour-coffee", "/work/harbour-coffee"],
      ["/Work//Harbour-Coffee", "/work/harbour-coffee"],
      ["/services//seo", "/services/seo"],
      // Pages the page cache keeps are sent on too (and "//" is the home page, not a 500).
      ["//", "/"],
      ["/blog//", "/blog/"],
      ["/about//", "/about/"],
    ]) {
      expect([sent, ...(await hop(sent!))]).toEqual([sent, 301, spelled]);
      expect([spelled, ...(await hop(spelled!))]).toEqual([spelled, 200, null]);
    }
    for (const sent of [
      "/Blog//x",
      "/blog//x",
      "/work//x",
      "/services//x",
      "/blog//kept-private",
      "/blog//__proto__",
    ])
      expect([sent, ...(await hop(sent))]).toEqual([sent, 404, null]);
    // A link followed in the page (a data request) goes the same way.
    const answer = await fetch(`${server.baseURL}/blog//Some-Post.data`, { redirect: "manual" });
    expect([answer.status, await answer.text()]).toEqual([
      202,
      expect.stringContaining(`"redirect","/blog/some-post","status",301`),
    ]);
    const data = await fetch(`${server.baseURL}/blog//some-post.data`, { redirect: "manual" });
    expect([data.status, await data.text()]).toEqual([
      202,
      expect.stringContaining(`"redirect","/blog/some-post","status",301`),
    ]);
  });

  it("sends no visitor from an old address on to a post that is not live", async () => {
    expect(await hop("/2019/05/kept-private")).toEqual([404, null]);
  });
});
