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
  edit(
    "work",
    (copy) => {
      copy.heading = "Proof, <i>Not Promises</i>";
      copy.intro = "Work for {name}'s clients.";
      copy.closing.heading = "Yours Could Be Next";
      copy.studyClosing.heading = "Want Numbers Like {name}'s?";
    },
    owner,
  );
  edit(
    "blog",
    (copy) => {
      copy.eyebrow = "Field notes";
      copy.heading = "Notes From the Campaigns";
      copy.meta.topicTitle = "Everything on {topic} | {name}";
    },
    owner,
  );
  edit("home", (copy) => (copy.clients.heading = "Brands that grew with us"), owner);
  edit("about", (copy) => (copy.clients.heading = "Who we work for"), owner);
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

  it("show on /work: its heading as text, its intro with the agency's name, its closing", async () => {
    const html = await visit("/work");
    expect(html).toContain("Proof, &lt;i&gt;Not Promises&lt;/i&gt;</h1>");
    expect(html).toContain("Work for Northwall Digital&#x27;s clients.");
    expect(html).toContain("Yours Could Be Next");
    expect(html).not.toContain(">Our Work</h1>");
    expect(html).not.toContain("Your Business Could Be Next");
  });

  it("close every case study with the portfolio's words", async () => {
    const work = await visit("/work");
    const study = /href="(\/work\/[a-z0-9-]+)"/.exec(work)![1]!;
    const html = await visit(study);
    expect(html).toContain("Want Numbers Like Northwall Digital&#x27;s?");
    expect(html).not.toContain("Want Results Like These?");
  });

  it("show on /blog, a topic's search title with the topic's name", async () => {
    const html = await visit("/blog");
    expect(html).toContain(">Field notes</p>");
    expect(html).toContain("Notes From the Campaigns</h1>");
    expect(html).not.toContain("Insights &amp; Articles");
    const topic = await visit("/blog?tag=SEO");
    expect(topic).toContain("<title>Everything on SEO | Northwall Digital");
  });

  it("show over the client logos, each page its own heading", async () => {
    expect(await visit("/")).toContain(">Brands that grew with us</h2>");
    expect(await visit("/about")).toContain(">Who we work for</h2>");
    expect(await visit("/about")).not.toContain("Trusted by businesses like");
  });

  it("a service page shares its own drawn card, not the site's", async () => {
    const html = await visit("/services/seo");
    const image = /<meta property="og:image" content="([^"]+)"/.exec(html)?.[1];
    expect(image).toMatch(/\/uploads\/cards\/service-seo-[0-9a-f]{16}\.jpg$/);
    expect(html).toContain('<meta property="og:image:width" content="1200"');
    expect(html).toContain('content="Search Engine Optimisation — a service of Northwall Digital"');
    const card = await fetch(`${server.baseURL}${new URL(image!).pathname}`);
    expect(card.status).toBe(200);
    expect(card.headers.get("content-type")).toBe("image/jpeg");
  });
});
