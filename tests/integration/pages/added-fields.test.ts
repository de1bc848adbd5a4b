// Fields a page gained after sites were running: the service pages' buttons, case studies heading and
// quote label, the contact page's details, tiles, form heading and FAQ. A copy stored the old way (every
// running site's row: the start-up never overwrites one) still renders with today's words, passes the
// page's schema when next saved, and keeps whatever the owner wrote or emptied.
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";

import { pageCopy } from "#db/schema";
import { withAddedFields } from "~/features/pages/copy/added-fields";
import {
  checkArchivedCopy,
  checkPageCopy,
  getPage,
  type PageCopyInvalid,
  publishedCopy,
  publishPage,
  savePageDraft,
} from "~/features/pages/copy/page-copy.server";
import {
  BlogCopySchema,
  ContactCopySchema,
  ServiceCopySchema,
  WorkCopySchema,
} from "~/features/pages/copy/page-schemas";
import { startingCopy } from "~/features/pages/copy/starting-copy";
import { seedDatabase } from "~/features/seed/index.server";
import { createUser } from "~/features/staff/index.server";
import { getDb } from "~/platform/db.server";

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a test reaches into JSON of any shape
type Loose = Record<string, any>;

const starting = (key: string) =>
  structuredClone(startingCopy.find((page) => page.key === key)!.copy) as Loose;

/** The copy of `key` as it was stored before the fields were added, with an edit of the owner's. */
function storedTheOldWay(key: string): Loose {
  const copy = starting(key);
  if (key === "contact") {
    for (const field of ["details", "stats", "message", "faq"]) delete copy[field];
    copy.heading = "Talk to Us";
  } else {
    delete copy.hero.actions;
    delete copy.work;
    delete copy.benefits.quoteLabel;
    copy.hero.headline = "The Owner's Headline";
  }
  return copy;
}

const rowOf = (key: string) => getDb().select().from(pageCopy).where(eq(pageCopy.key, key)).get()!;
const storeOld = (key: string, withDraft = false) =>
  getDb()
    .update(pageCopy)
    .set({ published: storedTheOldWay(key), draft: withDraft ? storedTheOldWay(key) : null })
    .where(eq(pageCopy.key, key))
    .run();

let owner: { id: string; role: "owner" };

beforeAll(async () => {
  seedDatabase(getDb());
  owner = { id: (await createUser("fields-owner", "a-long-enough-password")).id, role: "owner" };
});

describe("the fields added to the service and contact pages", () => {
  it("start with today's words, and each field has a label for the page's form", () => {
    const seo = ServiceCopySchema.parse(starting("services/seo"));
    expect(seo.hero.actions).toEqual([
      { label: "Get Started", to: "/contact" },
      { label: "View Our Work", to: "/work" },
    ]);
    expect(seo.work).toEqual({
      heading: "Results We Delivered",
      intro: "Case studies that included {service}.",
    });
    expect(seo.benefits.quoteLabel).toBe("In a client’s words");
    const contact = ContactCopySchema.parse(starting("contact"));
    expect(contact.details.heading).toBe("Get in Touch");
    expect(contact.stats.map((stat) => `${stat.value} ${stat.label}`)).toEqual([
      "24hrs Response Time",
      "1-2 wks To Get Started",
    ]);
    expect(contact.message).toEqual({ heading: "Send Us a Message", emailPrompt: "Prefer e-mail? Write to" });
    expect(contact.faq.heading).toBe("Frequently Asked Questions");
    expect(contact.faq.items).toHaveLength(4);
    const shape = ContactCopySchema.shape;
    for (const field of [shape.details, shape.stats, shape.message, shape.faq, ServiceCopySchema.shape.work])
      expect(field.meta()?.label).toBeTruthy();
    expect(ServiceCopySchema.shape.benefits.shape.quoteLabel.meta()?.label).toBe(
      "Label over the client's quote",
    );
  });

  it("have limits that fit the design, each error naming its field", () => {
    const contact = starting("contact");
    contact.faq.items[1].answer = "x".repeat(601);
    contact.stats.push({ value: "3", label: "Offices" });
    contact.message.heading = " ";
    const seo = starting("services/seo");
    seo.work.intro = "y".repeat(161);
    seo.hero.actions = [];
    const issues = (kind: "contact" | "service", copy: unknown) => {
      try {
        checkPageCopy(kind, copy);
        return [];
      } catch (error) {
        return (error as PageCopyInvalid).issues.map((issue) => `${issue.path}: ${issue.message}`);
      }
    };
    expect(issues("contact", contact).sort()).toEqual([
      "faq.items.1.answer: At most 600 characters",
      "message.heading: Required",
      "stats: At most 2 tiles",
    ]);
    expect(issues("service", seo).sort()).toEqual([
      "hero.actions: At least 1 buttons",
      "work.intro: At most 160 characters",
    ]);
  });
});

describe("a page's copy stored before the fields existed", () => {
  it("is read with today's words in the new fields and the owner's words kept", () => {
    storeOld("services/seo", true);
    storeOld("contact");
    const seo = publishedCopy("service", "services/seo")!;
    expect(seo.hero.headline).toBe("The Owner's Headline");
    expect(seo.work.heading).toBe("Results We Delivered");
    expect(seo.hero.actions[0]!.label).toBe("Get Started");
    const contact = publishedCopy("contact", "contact")!;
    expect(contact.heading).toBe("Talk to Us");
    expect(contact.faq.items).toHaveLength(4);
    // The page's form reads getPage: both copies complete, so saving them as they are passes the schema.
    const page = getPage("services/seo", { staff: true });
    expect(page.draft).toMatchObject({ work: { heading: "Results We Delivered" } });
    expect(() => checkPageCopy("service", page.draft)).not.toThrow();
    expect(() => checkPageCopy("contact", getPage("contact", { staff: true }).published)).not.toThrow();
    // The row itself is left as it was until the next start-up.
    expect(rowOf("contact").published).not.toHaveProperty("faq");
  });

  it("is saved and published from the form like any other", () => {
    storeOld("contact");
    const copy = structuredClone(getPage("contact", { staff: true }).published) as Loose;
    copy.faq.items[0].question = "How soon can we start?";
    savePageDraft("contact", copy, owner);
    publishPage("contact", owner);
    expect(rowOf("contact").published).toMatchObject({
      heading: "Talk to Us",
      faq: { heading: "Frequently Asked Questions" },
    });
    expect((rowOf("contact").published as Loose).faq.items[0].question).toBe("How soon can we start?");
  });

  it("a draft restored from before the fields is published with them", () => {
    getDb()
      .update(pageCopy)
      .set({ draft: storedTheOldWay("services/seo") })
      .where(eq(pageCopy.key, "services/seo"))
      .run();
    publishPage("services/seo", owner);
    expect(() => checkPageCopy("service", rowOf("services/seo").published)).not.toThrow();
  });

  it("is completed in the database at the next start-up, the owner's words and emptied lists kept", () => {
    storeOld("services/seo", true);
    const contact = storedTheOldWay("contact");
    contact.faq = { heading: "Questions", items: [] };
    getDb()
      .update(pageCopy)
      .set({ published: contact, draft: null })
      .where(eq(pageCopy.key, "contact"))
      .run();
    const before = rowOf("home");

    seedDatabase(getDb());

    const seo = rowOf("services/seo");
    expect(() => checkPageCopy("service", seo.published)).not.toThrow();
    expect(() => checkPageCopy("service", seo.draft)).not.toThrow();
    expect((seo.published as Loose).hero.headline).toBe("The Owner's Headline");
    const stored = rowOf("contact").published as Loose;
    expect(stored.faq).toEqual({ heading: "Questions", items: [] });
    expect(stored.details.heading).toBe("Get in Touch");
    expect(() => checkPageCopy("contact", stored)).not.toThrow();
    // Pages that lacked nothing are not written.
    expect(rowOf("home")).toEqual(before);
  });

  it("comes in from a site archive made before the fields, with today's words in them", () => {
    const archived = checkArchivedCopy("services/seo", JSON.stringify(storedTheOldWay("services/seo")));
    expect(archived).toHaveProperty("copy");
    const copy = JSON.parse((archived as { copy: string }).copy);
    expect(copy.hero.headline).toBe("The Owner's Headline");
    expect(copy.benefits.quoteLabel).toBe("In a client’s words");
    // Filling in never makes a bad copy good: unknown and prototype-named fields are still refused.
    const hostile = JSON.stringify(storedTheOldWay("contact")).replace(/^\{/, '{"__proto__":{"x":1},');
    expect(checkArchivedCopy("contact", hostile)).toMatchObject({
      refused: expect.stringMatching(/Unknown field/),
    });
    expect(withAddedFields("contact", "not an object")).toBe("not an object");
  });
});

describe("the words of /work, /blog and the client logos, moved from code later", () => {
  it("start as the words the code showed", () => {
    const work = WorkCopySchema.parse(starting("work"));
    expect([work.eyebrow, work.heading, work.closing.heading]).toEqual([
      "Portfolio",
      "Our Work",
      "Your Business Could Be Next",
    ]);
    expect(work.closing.actions.map((action) => action.to)).toEqual(["/contact", "/about"]);
    const blog = BlogCopySchema.parse(starting("blog"));
    expect([blog.eyebrow, blog.heading, blog.meta.topicTitle]).toEqual([
      "Blog",
      "Insights & Articles",
      "{topic} Articles | Marketing Blog",
    ]);
    expect(starting("home").clients).toEqual({ heading: "Trusted by businesses like" });
    expect(starting("about").clients).toEqual({ heading: "Trusted by businesses like" });
  });

  it("are given to a running site at its next start: two new pages, the heading in the owner's home and About", () => {
    for (const key of ["home", "about"]) {
      const copy = structuredClone(rowOf(key).published) as Loose;
      delete copy.clients;
      copy.hero.headline = `The owner's ${key}`;
      getDb().update(pageCopy).set({ published: copy, draft: copy }).where(eq(pageCopy.key, key)).run();
    }
    getDb().delete(pageCopy).where(eq(pageCopy.key, "work")).run();
    getDb().delete(pageCopy).where(eq(pageCopy.key, "blog")).run();
    // Read before the start-up: today's words, so the pages render.
    expect(publishedCopy("home", "home")?.clients.heading).toBe("Trusted by businesses like");
    expect(publishedCopy("work", "work")?.heading).toBe("Our Work");

    expect(seedDatabase(getDb()).pages).toBe(2);

    expect(rowOf("work").published).toEqual(starting("work"));
    expect(rowOf("blog").published).toEqual(starting("blog"));
    for (const key of ["home", "about"] as const) {
      const row = rowOf(key);
      expect((row.published as Loose).hero.headline).toBe(`The owner's ${key}`);
      expect((row.published as Loose).clients.heading).toBe("Trusted by businesses like");
      expect((row.draft as Loose).clients.heading).toBe("Trusted by businesses like");
      expect(() => checkPageCopy(key, row.published)).not.toThrow();
    }
  });

  it("refuse what does not fit, each field named, and keep markup as text", () => {
    const issues = (kind: "work" | "blog" | "home", copy: unknown) => {
      try {
        checkPageCopy(kind, copy);
        return [];
      } catch (error) {
        return (error as PageCopyInvalid).issues.map((issue) => `${issue.path}: ${issue.message}`);
      }
    };
    const work = starting("work");
    work.heading = "h".repeat(61);
    work.intro = "\u200b";
    work.closing.actions = [{ label: "Go", to: "javascript:alert(1)" }];
    work.__proto__extra = 1;
    expect(issues("work", work).sort()).toEqual([
      ": Unknown field: __proto__extra",
      "closing.actions.0.to: Must be a path on this site, such as /contact, or #part",
      "heading: At most 60 characters",
      "intro: Required",
    ]);
    const blog = JSON.parse(`{"__proto__":{"polluted":1},${JSON.stringify(starting("blog")).slice(1)}`);
    blog.meta.topicTitle = "";
    blog.eyebrow = "a\u0000b";
    expect(issues("blog", blog).sort()).toEqual([
      ": Unknown field: __proto__",
      "eyebrow: Contains a character that cannot be shown",
      "meta.topicTitle: Required",
    ]);
    const home = starting("home");
    home.clients = { heading: "x".repeat(61), constructor: "y" };
    expect(issues("home", home).sort()).toEqual([
      "clients.heading: At most 60 characters",
      "clients: Unknown field: constructor",
    ]);
    home.clients = { heading: "<img src=x onerror=alert(1)>" };
    expect(checkPageCopy("home", home)).toMatchObject({
      clients: { heading: "<img src=x onerror=alert(1)>" },
    });
    expect(({} as Loose).polluted).toBeUndefined();
  });
});
