// The words that moved from code into the pages' copy, edited and published as the page's form does
// it, then read as a visitor gets them from the built server: the new words shown, as text.
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { getPage, publishPage, savePageDraft } from "~/features/pages/copy/page-copy.server";
import { seedDatabase } from "~/features/seed/index.server";
import { createUser } from "~/features/staff/index.server";
import { getDb } from "~/platform/db.server";

import type { RunningServer } from "../../../scripts/lib/start-server";
import { serveTestDatabase } from "../../setup/serve-test-database";

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a test reaches into JSON of any shape
type Loose = Record<string, any>;

let server: RunningServer;

function edit(key: string, change: (copy: Loose) => void, actor: { id: string; role: "owner" }) {
  const copy = structuredClone(getPage(key, { staff: true }).published) as Loose;
  change(copy);
  savePageDraft(key, copy, actor);
  publishPage(key, actor);
}

beforeAll(async () => {
  seedDatabase(getDb());
  const owner = {
    id: (await createUser("words-owner", "a-long-enough-password")).id,
    role: "owner" as const,
  };
  edit(
    "contact",
    (copy) => {
      copy.details.heading = "Reach Us";
      copy.faq.items[0].question = "Can we start <b>next week</b>?";
      copy.stats = [{ value: "2hrs", label: "First Reply" }];
    },
    owner,
  );
  edit(
    "services/seo",
    (copy) => {
      copy.work = { heading: "Work That Proved It", intro: "Projects with {service} in them." };
      copy.benefits.quoteLabel = "Their verdict";
      copy.hero.actions = [{ label: "Book a Call", to: "/contact" }];
    },
    owner,
  );
  server = await serveTestDatabase();
}, 120_000);

afterAll(async () => {
  await server?.stop();
});

const visit = async (path: string) => {
  const response = await fetch(`${server.baseURL}${path}`);
  expect(response.status).toBe(200);
  return response.text();
};

describe("the moved words, edited in the admin", () => {
  it("show on the contact page as text", async () => {
    const html = await visit("/contact");
    expect(html).toContain(">Reach Us</h2>");
    expect(html).not.toContain("Get in Touch");
    expect(html).toContain("Can we start &lt;b&gt;next week&lt;/b&gt;?");
    expect(html).not.toContain("<b>next week");
    expect(html).toContain("First Reply");
    expect(html).not.toContain("Response Time");
    // Words not edited stay as they were.
    expect(html).toContain("Send Us a Message");
    expect(html).toContain("Frequently Asked Questions");
  });

  it("show on the service page, the service's title in place of {service}", async () => {
    const html = await visit("/services/seo");
    expect(html).toContain("Work That Proved It");
    expect(html).toContain("Projects with Search Engine Optimisation in them.");
    expect(html).not.toContain("Results We Delivered");
    expect(html).toContain("Their verdict");
    expect(html).toMatch(/href="\/contact"[^>]*>Book a Call</);
    expect(html).not.toContain(">Get Started<");
  });
});
