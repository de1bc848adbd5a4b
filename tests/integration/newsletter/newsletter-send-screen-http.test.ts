// The send screen on a site in two languages: each audience says how many it reaches and in which
// words; the confirmation and the button name the chosen audience's count (CSS, so without JavaScript
// too), not everyone's; the test copy is the chosen audience's version; the subscribers list names each
// one's language. Against the built server.
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { newsletterSubscribers, postTranslations } from "#db/schema";
import { saveSiteLanguages } from "~/features/pages/index.server";
import { listAllPosts } from "~/features/posts/index.server";
import { seedDatabase } from "~/features/seed/index.server";
import { createUser } from "~/features/staff/index.server";
import { getDb } from "~/platform/db.server";

import { postForm, type RunningServer } from "../../../scripts/lib/start-server";
import { signedInServer } from "../../setup/signed-in-server";

const PASSWORD = "a-long-enough-password";
let server: RunningServer;
let cookie = "";
let translated: { id: string };
let untranslated: { id: string };

beforeAll(async () => {
  seedDatabase(getDb());
  saveSiteLanguages({ default: "en", languages: ["en", "ga"] });
  await createUser("send-owner", PASSWORD);
  const confirmed = { status: "confirmed" as const, confirmedAt: new Date() };
  getDb()
    .insert(newsletterSubscribers)
    .values([
      { email: "one@ga.example", lang: "ga", ...confirmed },
      { email: "two@ga.example", lang: "ga", ...confirmed },
      { email: "three@en.example", lang: "en", ...confirmed },
    ])
    .run();
  const published = listAllPosts().filter((p) => p.status === "published");
  [translated, untranslated] = [published[0]!, published[1]!];
  getDb()
    .insert(postTranslations)
    .values({
      postId: translated.id,
      lang: "ga",
      title: "Teideal as Gaeilge",
      slug: "teideal",
      excerpt: "Achoimre.",
      content: "<p>Corp.</p>",
      tags: [],
      status: "published",
      sourceUpdatedAt: new Date(),
      publishedAt: new Date(),
    })
    .run();
  ({ server, cookie } = await signedInServer({
    account: { username: "send-owner", password: PASSWORD },
    env: { SMTP_URL: "", ENQUIRY_NOTIFY_TO: "" },
  }));
}, 120_000);

afterAll(async () => {
  await server?.stop();
});

const words = async (postId: string) => {
  const answer = await fetch(`${server.baseURL}/admin/posts/${postId}/newsletter`, {
    headers: { Cookie: cookie },
  });
  expect(answer.status).toBe(200);
  return (await answer.text()).replaceAll("<!-- -->", "");
};

describe("the send screen in two languages", () => {
  it("says in which words each audience gets the post", async () => {
    const html = await words(translated.id);
    expect(html).toContain("3 confirmed subscribers · in English");
    expect(html).toContain("2 confirmed subscribers · in Irish");
    expect(html).toContain(`href="/admin/posts/${translated.id}/newsletter/preview?lang=ga"`);
    const other = await words(untranslated.id);
    expect(other).toContain("2 confirmed subscribers · in English: not translated into Irish");
    expect(other).not.toContain("preview?lang=ga");
  });

  it("confirms and sends to the chosen audience's count, shown by the ticked choice", async () => {
    const html = await words(translated.id);
    const shown = (value: string, text: string) =>
      new RegExp(
        `<span class="hidden group-has-\\[input\\[name=audience\\]\\[value=${value}\\]:checked\\]:inline">${text}</span>`,
      );
    expect(html).toMatch(shown("all", "3 confirmed subscribers"));
    expect(html).toMatch(shown("ga", "2 confirmed subscribers"));
    expect(html).toMatch(shown("en", "1 confirmed subscriber"));
    expect(html).toMatch(shown("ga", "Send to 2 subscribers"));
    expect(html).toMatch(shown("all", "Send to 3 subscribers"));
  });

  it("tests the Irish version when the Irish subscribers are chosen", async () => {
    const answer = await postForm(server.baseURL, `/admin/posts/${translated.id}/newsletter`, cookie, {
      intent: "test",
      content: "excerpt",
      to: "owner@example.ie",
      audience: "ga",
    });
    expect(answer.status).toBe(200);
    const test = getDb()
      .$client.prepare("select title from jobs where kind = 'mail' and target = 'owner@example.ie'")
      .get() as { title: string } | undefined;
    expect(test?.title).toBe("[Test] Teideal as Gaeilge");
  });

  it("lists each subscriber's language", async () => {
    const answer = await fetch(`${server.baseURL}/admin/subscribers`, { headers: { Cookie: cookie } });
    const html = (await answer.text()).replaceAll("<!-- -->", "");
    for (const [email, language] of [
      ["one@ga.example", "Irish"],
      ["three@en.example", "English"],
    ] as const)
      expect(html).toMatch(new RegExp(`${email.replace(".", "\\.")}</p><p[^>]*>[^<]* · in ${language}</p>`));
  });

  it("previews the Irish e-mail, and the post itself for a language the site is not in", async () => {
    const preview = async (query: string) => {
      const answer = await fetch(
        `${server.baseURL}/admin/posts/${translated.id}/newsletter/preview?${query}`,
        {
          headers: { Cookie: cookie },
        },
      );
      expect(answer.status).toBe(200);
      return answer.text();
    };
    expect(await preview("lang=ga")).toContain("/ga/blog/teideal?utm_source=newsletter");
    for (const hostile of ["lang=de", "lang=__proto__", "lang=constructor", "lang=" + "g".repeat(5000)])
      expect(await preview(hostile)).not.toContain("/ga/blog/teideal");
  });
});
