// The send screen without JavaScript (plain form posts) on a site in English and Irish: after the Irish
// subscribers' send, "Everyone else" is still offered with its count and sent; the screen lists both
// sends; a second send of an audience is a 409 and hostile audiences a 400, neither queueing anything.
// The Outbox and the Subscribers screen name a send's language. Against the built server.
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { newsletterSubscribers } from "#db/schema";
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
let post: { id: string };

beforeAll(async () => {
  seedDatabase(getDb());
  saveSiteLanguages({ default: "en", languages: ["en", "ga"] });
  await createUser("audience-owner", PASSWORD);
  const confirmed = { status: "confirmed" as const, confirmedAt: new Date() };
  getDb()
    .insert(newsletterSubscribers)
    .values([
      { email: "one@ga.example", lang: "ga", ...confirmed },
      { email: "two@ga.example", lang: "ga", ...confirmed },
      { email: "three@en.example", lang: "en", ...confirmed },
    ])
    .run();
  post = listAllPosts().find((p) => p.status === "published")!;
  ({ server, cookie } = await signedInServer({
    account: { username: "audience-owner", password: PASSWORD },
    env: { SMTP_URL: "", ENQUIRY_NOTIFY_TO: "" },
  }));
}, 120_000);

afterAll(async () => {
  await server?.stop();
});

const read = async (path: string) => {
  const answer = await fetch(`${server.baseURL}${path}`, { headers: { Cookie: cookie } });
  expect(answer.status).toBe(200);
  return (await answer.text()).replaceAll("<!-- -->", "");
};
const screen = () => read(`/admin/posts/${post.id}/newsletter`);
const send = (audience: string) =>
  postForm(server.baseURL, `/admin/posts/${post.id}/newsletter`, cookie, {
    intent: "send",
    content: "excerpt",
    confirm: "yes",
    audience,
  });
const queued = () =>
  getDb()
    .$client.prepare("select (select count(*) from newsletter_sends) || '/' || count(*) as n from jobs")
    .get();
const radio = (value: string) => `name="audience" value="${value}"`;

describe("a post sent per audience from the screen, without JavaScript", () => {
  it("offers everyone and each language before any send", async () => {
    const html = await screen();
    expect(html).toContain('<h1 class="mt-3 text-3xl font-bold">Send as newsletter</h1>');
    expect(html).toContain(
      'Everyone</span><span class="block text-sm text-muted">3 confirmed subscribers · in English',
    );
    expect(html).toContain(radio("ga"));
    expect(html).toContain("it can&#x27;t be sent again to them");
  });

  it("sends to the Irish, then still offers everyone else with its count", async () => {
    const answer = await send("ga");
    expect(answer.status).toBe(200);
    expect((await answer.text()).replaceAll("<!-- -->", "")).toContain(
      "Queued for 2 subscribers in the Outbox",
    );
    const html = await screen();
    expect(html).toMatch(
      /<h3[^>]*>Subscribers in Irish<\/h3><p[^>]*>Waiting in the Outbox · [^<]* · 2 confirmed subscribers<\/p>/,
    );
    expect(html).not.toContain(radio("ga"));
    expect(html).toContain(
      'Everyone else</span><span class="block text-sm text-muted">1 confirmed subscriber · in English',
    );
    // The English alone are everyone else: one choice, not two.
    expect(html).not.toContain(radio("en"));
    expect(html).toContain("it can&#x27;t be sent again to them");
  });

  it("refuses the Irish a second time with a 409, queueing nothing", async () => {
    const before = queued();
    const answer = await send("ga");
    expect(answer.status).toBe(409);
    expect(await answer.text()).toContain("already been sent to the subscribers in Irish");
    expect(queued()).toEqual(before);
  });

  it("answers hostile audiences with a 400, queueing nothing", async () => {
    const before = queued();
    for (const audience of ["__proto__", "constructor", "toString", "g".repeat(1500), "de", "xx", ""]) {
      const answer = await send(audience);
      expect(answer.status, audience.slice(0, 20)).toBe(400);
      expect(await answer.text()).toMatch(/Choose (everyone or )?one of the site&#x27;s languages/);
    }
    // 5,000 characters are past the form's 2 KB: too large, before anything is read.
    const oversized = await send("g".repeat(5000));
    expect(oversized.status).toBe(413);
    expect(await oversized.text()).toContain("The body must be at most 2048 bytes");
    // Two audiences at once (an array), a language and everyone.
    const twice = await fetch(`${server.baseURL}/admin/posts/${post.id}/newsletter`, {
      method: "POST",
      redirect: "manual",
      headers: {
        Cookie: cookie,
        Origin: server.baseURL,
        "Content-Type": "application/x-www-form-urlencoded",
      },
      body: "intent=send&confirm=yes&audience=en&audience=all",
    });
    expect(twice.status).toBe(400);
    expect(queued()).toEqual(before);
  });

  it("sends to everyone else, then lists both sends and offers nothing more", async () => {
    const answer = await send("all");
    expect(answer.status).toBe(200);
    expect((await answer.text()).replaceAll("<!-- -->", "")).toContain(
      "Queued for 1 subscriber in the Outbox",
    );
    const html = await screen();
    expect(html).toContain("Sent as newsletter");
    expect(html).toMatch(
      /<h3[^>]*>Subscribers in Irish<\/h3><p[^>]*>Waiting in the Outbox · [^<]* · 2 confirmed subscribers<\/p>/,
    );
    expect(html).toMatch(
      /<h3[^>]*>Everyone else<\/h3><p[^>]*>Waiting in the Outbox · [^<]* · 1 confirmed subscriber<\/p>/,
    );
    expect(html).toContain("Every subscriber has had it");
    expect(html).not.toContain('name="confirm"');
    const again = await send("all");
    expect(again.status).toBe(409);
    expect((await send("en")).status).toBe(409);
  });

  it("names the language of a send in the Outbox and on the Subscribers screen", async () => {
    expect(await read("/admin/outbox")).toContain("To 2 confirmed subscribers in Irish");
    expect(await read("/admin/subscribers")).toContain("2 subscribers in Irish");
  });

  it("answers two sends of one audience at once with one 200 and one 409, queueing once", async () => {
    const other = listAllPosts().filter((p) => p.status === "published")[1]!;
    const sendOther = () =>
      postForm(server.baseURL, `/admin/posts/${other.id}/newsletter`, cookie, {
        intent: "send",
        content: "excerpt",
        confirm: "yes",
        audience: "ga",
      });
    const answers = await Promise.all([sendOther(), sendOther(), sendOther()]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409, 409]);
    const queuedForOther = getDb()
      .$client.prepare(
        "select count(*) as n from jobs where batch in (select id from newsletter_sends where post_id = ?)",
      )
      .get(other.id) as { n: number };
    expect(queuedForOther.n).toBe(2);
  });

  it("retries only a send of this post", async () => {
    const answer = await postForm(server.baseURL, `/admin/posts/${post.id}/newsletter`, cookie, {
      intent: "retry",
      send: "not-a-send",
    });
    expect(answer.status).toBe(400);
  });
});
