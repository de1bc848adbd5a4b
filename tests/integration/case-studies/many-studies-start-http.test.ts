// A portfolio past what the page cache keeps: the site rendered every case study's page before it
// listened (2,000 studies of 100 kB: not listening after minutes), and past the cache's 500 pages each
// one pushed out a page rendered before it, the home page first. Now the start renders the pages of
// one (home, /work, about, the legal pages) first, and at most a quarter of what the cache keeps.
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { caseStudies } from "#db/schema";
import { createUser } from "~/features/staff/index.server";
import { getDb } from "~/platform/db.server";

import type { RunningServer } from "../../../scripts/lib/start-server";
import { sendAs, signedInServer } from "../../setup/signed-in-server";

const STUDIES = 560;
let server: RunningServer;

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
  ({ server } = await signedInServer({
    account: { username: "many-studies-owner", password: "a-long-enough-password" },
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
