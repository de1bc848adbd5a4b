// A legal page's head says its own search title and description, against the built server: the starting
// words on a fresh site, and a row stored before legal pages had search words (its one description).
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { pageCopy } from "#db/schema";
import { legalPages, startingCopy } from "~/features/pages";
import { getDb } from "~/platform/db.server";

import type { RunningServer } from "../../../scripts/lib/start-server";
import { serveTestDatabase } from "../../setup/serve-test-database";

let server: RunningServer;

const OWNERS_DESCRIPTION = "The terms for using our website, as the owner wrote them before search words.";

beforeAll(async () => {
  const { meta: _meta, ...terms } = startingCopy.find((page) => page.key === "legal/terms")!.copy;
  getDb()
    .insert(pageCopy)
    .values({ key: "legal/terms", published: { ...terms, description: OWNERS_DESCRIPTION }, position: 1 })
    .run();
  server = await serveTestDatabase();
}, 120_000);
afterAll(() => server?.stop());

const headOf = async (path: string) => {
  const answer = await fetch(`${server.baseURL}${path}`);
  expect(answer.status).toBe(200);
  const html = await answer.text();
  return {
    title: /<title>([^<]*)<\/title>/.exec(html)?.[1],
    description: /<meta name="description" content="([^"]*)"/.exec(html)?.[1],
    heading: /<h1[^>]*>([\s\S]*?)<\/h1>/.exec(html)?.[1]?.replace(/<[^>]*>/g, ""),
  };
};

describe("a legal page's head", () => {
  it("says the page's own search title and description, the page keeping its short title", async () => {
    const privacy = await headOf("/privacy");
    expect(privacy.title).toBe(legalPages[0]!.searchTitle.replace("{name}", "Northwall Digital"));
    expect(privacy.description).toBe(legalPages[0]!.description.replace("{name}", "Northwall Digital"));
    expect(privacy.heading).toContain("Privacy Policy");
  });

  it("reads a row stored before: its description, its title as the search title", async () => {
    const terms = await headOf("/terms");
    expect(terms.description).toBe(OWNERS_DESCRIPTION);
    expect(terms.title).toBe("Terms of Service | Northwall Digital");
  });
});
