// The admin's small words as the owner reads them, against the built server: the owner greeted by the
// name admin:create took, dates as people say them (a date, not "4979 days ago"; the year when it is
// not this one), a newsletter sent to nobody not badged "Delivered", and the Subscribers screen not
// saying "Nobody has signed up yet" beside "Unsubscribed 1"; nor "All sent" while e-mail is not set up.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { newsletterSends, newsletterSuppressions, posts } from "#db/schema";
import { savePost } from "~/features/posts/index.server";
import { createUser } from "~/features/staff/index.server";
import { getDb } from "~/platform/db.server";

import type { RunningServer } from "../../../scripts/lib/start-server";
import { signedInServer } from "../../setup/signed-in-server";

const PASSWORD = "a-long-enough-password";
const nextYear = new Date().getUTCFullYear() + 1;
let server: RunningServer;
let cookie = "";
let unsentPostId = "";

const post = (title: string, extra: Partial<Parameters<typeof savePost>[1]> = {}) =>
  savePost(undefined, {
    title,
    excerpt: `${title}, in short.`,
    content: "<p>Words.</p>",
    coverImage: null,
    videoUrl: null,
    tags: [],
    status: "draft",
    publishAt: null,
    ...extra,
  });

beforeAll(async () => {
  await createUser("words-owner", PASSWORD, { name: "Aoife Byrne", email: "aoife@northwall.example" });
  const old = post("A Draft From Long Ago");
  getDb()
    .update(posts)
    .set({ updatedAt: new Date("2013-03-12T10:00:00Z") })
    .where(eq(posts.id, old.id))
    .run();
  // 1 January of next year, 19:00 in Dublin (UTC in winter).
  post("The New Year Post", { status: "scheduled", publishAt: new Date(Date.UTC(nextYear, 0, 1, 19, 0)) });
  const sent = post("Sent To Nobody", { status: "published" });
  unsentPostId = post("Not Sent Yet", { status: "published" }).id;
  getDb()
    .insert(newsletterSends)
    .values({ postId: sent.id, subject: "Sent To Nobody", html: "<p>x</p>", text: "x", recipients: 0 })
    .run();
  // Someone signed up once and left: only their address's hash is kept.
  getDb().insert(newsletterSuppressions).values({ emailHash: "a-hash-of-the-address-that-left" }).run();
  ({ server, cookie } = await signedInServer({
    account: { username: "words-owner", password: PASSWORD },
    env: { SMTP_URL: "" },
  }));
}, 120_000);

afterAll(async () => {
  await server?.stop();
});

const page = async (path: string) => {
  const response = await fetch(`${server.baseURL}${path}`, { headers: { Cookie: cookie } });
  expect(response.status).toBe(200);
  // The words as read: without React's markers between a text and what was put in it.
  return (await response.text()).replaceAll("<!-- -->", "");
};

describe("the admin's words", () => {
  it("greets the owner by name, and says an old edit's date and a schedule's year", async () => {
    const home = await page("/admin");
    expect(home).toContain("Hello, Aoife</h1>");
    expect(home).not.toMatch(/Hello, (words-owner|owner)/);
    expect(home).toContain("edited on 12 March 2013");
    expect(home).not.toMatch(/\d{3,} days ago/);
    expect(home).toMatch(new RegExp(`goes live \\w{3},? 1 Jan,? ${nextYear},? 19:00`));
    const list = await page("/admin/posts");
    expect(list).toMatch(new RegExp(`Scheduled · \\w{3},? 1 Jan,? ${nextYear},? 19:00`));
  });

  it("does not say the outbox sent everything while e-mail is not set up", async () => {
    const home = await page("/admin");
    const card = home.match(/<section aria-label="Outbox"[\s\S]*?<\/section>/)?.[0] ?? "";
    expect(card).toContain("E-mail is not set up");
    expect(card).not.toContain("All sent");
  });

  it("puts the owner's e-mail in the newsletter's test-send field", async () => {
    expect(await page(`/admin/posts/${unsentPostId}/newsletter`)).toMatch(
      /name="to"[^>]*value="aoife@northwall\.example"|value="aoife@northwall\.example"[^>]*name="to"/,
    );
  });

  it("does not badge a newsletter sent to nobody Delivered", async () => {
    const outbox = await page("/admin/outbox");
    const row = outbox.match(/<li[^>]*>(?:(?!<\/li>)[\s\S])*?Newsletter: Sent To Nobody/)?.[0] ?? "";
    expect(row).toContain("Nothing sent");
    expect(row).not.toContain("Delivered");
  });

  it("does not say nobody signed up beside one who unsubscribed", async () => {
    const subscribers = await page("/admin/subscribers");
    expect(subscribers).not.toContain("Nobody has signed up yet");
    expect(subscribers).toContain("Nobody is subscribed right now: 1 person who signed up has unsubscribed");
  });
});
