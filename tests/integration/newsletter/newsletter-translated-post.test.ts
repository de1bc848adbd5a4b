// A post sent to one language's subscribers goes in that language when it is translated into it: its
// translated title as the subject, its words and a link to its address under the prefix; the test copy
// and the preview show the same. Untranslated, or to everyone, the default language's post goes.
import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";

import { jobs, newsletterSubscribers, postTranslations } from "#db/schema";
import {
  previewNewsletter,
  sendNewsletter,
  sendTestNewsletter,
  translatedLanguagesOf,
} from "~/features/newsletter/newsletter-send.server";
import { saveSiteLanguages } from "~/features/pages/index.server";
import { listAllPosts } from "~/features/posts/index.server";
import { seedDatabase } from "~/features/seed/index.server";
import { getDb } from "~/platform/db.server";
import { resetEnvCache } from "~/platform/env.server";
import type { OutgoingMail } from "~/platform/mail/mail.server";

const SITE = "https://www.northwalldigital.ie";
let translated: { id: string; slug: string };
let untranslated: { id: string; slug: string };
let another: { id: string; slug: string };

beforeAll(() => {
  process.env.SITE_URL = SITE;
  resetEnvCache();
  seedDatabase(getDb());
  saveSiteLanguages({ default: "en", languages: ["en", "ga"] });
  const published = listAllPosts().filter((p) => p.status === "published");
  [translated, untranslated, another] = [published[0]!, published[1]!, published[2]!];
  const base = { lang: "ga", tags: [], sourceUpdatedAt: new Date(), publishedAt: new Date() };
  getDb()
    .insert(postTranslations)
    .values([
      {
        ...base,
        postId: translated.id,
        title: "Cén fáth a bhfuil do shuíomh mall",
        slug: "cen-fath-mall",
        excerpt: "Cailleann gach soicind breise cuairteoirí.",
        content: "<p>Tagann formhór do chuairteoirí ar fhón.</p>",
        status: "published" as const,
      },
      // A draft translation is not the readers' yet: the English post goes.
      {
        ...base,
        postId: untranslated.id,
        title: "Dréacht nach bhfuil foilsithe",
        slug: "dreacht",
        excerpt: "Dréacht.",
        content: "<p>Dréacht.</p>",
        status: "draft" as const,
      },
    ])
    .run();
  const confirmed = { status: "confirmed" as const, confirmedAt: new Date() };
  getDb()
    .insert(newsletterSubscribers)
    .values([
      { email: "irish@example.ie", lang: "ga", ...confirmed },
      { email: "english@example.ie", lang: "en", ...confirmed },
    ])
    .run();
});

describe("a newsletter in its readers' language", () => {
  it("names the languages a post is published in, for the send screen", () => {
    expect(translatedLanguagesOf(translated.id)).toEqual(["ga"]);
    expect(translatedLanguagesOf(untranslated.id)).toEqual([]);
  });

  it("sends the Irish subscribers the Irish translation: its title, its words, its Irish address", async () => {
    const send = await sendNewsletter(translated.id, "full", "ga");
    expect(send.recipients).toBe(1);
    expect(send.subject).toBe("Cén fáth a bhfuil do shuíomh mall");
    expect(send.text).toContain("Tagann formhór do chuairteoirí ar fhón.");
    expect(send.html).toContain(`${SITE}/ga/blog/cen-fath-mall?utm_source=newsletter`);
    expect(send.html).not.toContain(`${SITE}/blog/${translated.slug}`);
  });

  it("sends the English post when the translation is only a draft", async () => {
    const send = await sendNewsletter(untranslated.id, "excerpt", "ga");
    expect(send.subject).not.toBe("Dréacht nach bhfuil foilsithe");
    expect(send.html).toContain(`${SITE}/blog/${untranslated.slug}?utm_source=newsletter`);
  });

  it("sends everyone the default language's post", async () => {
    const send = await sendNewsletter(another.id, "excerpt");
    expect(send.html).toContain(`${SITE}/blog/${another.slug}?utm_source=newsletter`);
    expect(send.recipients).toBe(2);
  });

  it("tests and previews the version the chosen subscribers get", async () => {
    await sendTestNewsletter(translated.id, "me@example.ie", "excerpt", "sender", "ga");
    const test = getDb()
      .select({ payload: jobs.payload })
      .from(jobs)
      .where(and(eq(jobs.kind, "mail"), eq(jobs.target, "me@example.ie")))
      .get();
    expect((test?.payload as OutgoingMail | undefined)?.subject).toBe(
      "[Test] Cén fáth a bhfuil do shuíomh mall",
    );
    const preview = await previewNewsletter(translated.id, "excerpt", "ga");
    expect(preview.html).toContain(`${SITE}/ga/blog/cen-fath-mall?utm_source=newsletter`);
    const english = await previewNewsletter(translated.id, "excerpt");
    expect(english.html).toContain(`${SITE}/blog/${translated.slug}?utm_source=newsletter`);
  });
});
