// A newsletter on a site without SMTP_URL: the test and the send work as with e-mail, and every e-mail
// waits in the Outbox, each subscriber's readable there, until e-mail is set up. Against the built
// server over HTTP, with plain form posts.
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { newsletterSubscribers } from "#db/schema";
import { listAllPosts } from "~/features/posts/index.server";
import { seedDatabase } from "~/features/seed/index.server";
import { createUser } from "~/features/staff/index.server";
import { getDb } from "~/platform/db.server";

import { postForm, type RunningServer } from "../../../scripts/lib/start-server";
import { signedInServer } from "../../setup/signed-in-server";

const PASSWORD = "a-long-enough-password";
const READERS = ["aoife.reader@example.ie", "brian.reader@example.ie"];
let server: RunningServer;
let cookie = "";
let post: { id: string; title: string };

beforeAll(async () => {
  seedDatabase(getDb());
  await createUser("letter-owner", PASSWORD);
  getDb()
    .insert(newsletterSubscribers)
    .values([
      ...READERS.map((email) => ({ email, status: "confirmed" as const })),
      { email: "not.yet@example.ie", status: "pending" as const },
    ])
    .run();
  post = listAllPosts().find((p) => p.status === "published")!;
  ({ server, cookie } = await signedInServer({
    account: { username: "letter-owner", password: PASSWORD },
    env: { SMTP_URL: "", ENQUIRY_NOTIFY_TO: "" },
  }));
}, 120_000);

afterAll(async () => {
  await server?.stop();
});

/** The page's HTML, without the markers React leaves between pieces of text. */
const page = async (path: string) => {
  const answer = await fetch(`${server.baseURL}${path}`, { headers: { Cookie: cookie } });
  expect(answer.status).toBe(200);
  return (await answer.text()).replaceAll("<!-- -->", "");
};
const submit = (fields: Record<string, string>) =>
  postForm(server.baseURL, `/admin/posts/${post.id}/newsletter`, cookie, fields);
const db = () => getDb().$client;
const jobsOf = (kind: string) =>
  db()
    .prepare("select id, target, title, attempts, done_at as doneAt from jobs where kind = ? order by target")
    .all(kind) as { id: string; target: string; title: string; attempts: number; doneAt: number | null }[];

describe("a newsletter while e-mail is not set up", () => {
  it("says so plainly and still offers the test and the send", async () => {
    const html = await page(`/admin/posts/${post.id}/newsletter`);
    const words = html.replace(/<[^>]+>/g, "");
    expect(words).toContain(
      "E-mail is not set up yet: the test and the newsletter wait in the Outbox until it is.",
    );
    expect(words).toContain("Your developer sets it up with SMTP_URL (docs/operations.md).");
    expect(html).toMatch(/href="\/admin\/outbox"/);
    expect(html).not.toContain("the server has no SMTP_URL");
    // The test's button works, and the send keeps its confirming tick.
    const testButton = /<button[^>]*value="test"[^>]*>Send test</.exec(html)?.[0];
    expect(testButton).toBeTruthy();
    expect(testButton).not.toContain("disabled");
    const tick = /<input[^>]*name="confirm"[^>]*>/.exec(html)?.[0];
    expect(tick).toMatch(/type="checkbox"/);
    expect(tick).toMatch(/required/);
    expect(html).toContain("Send to 2 subscribers");
  });

  it("queues the test in the Outbox, where it can be read", async () => {
    const answer = await submit({ intent: "test", content: "full", to: "owner@example.ie" });
    expect(answer.status).toBe(200);
    const html = (await answer.text()).replaceAll("<!-- -->", "");
    expect(html).toContain(
      "Test for owner@example.ie queued in the Outbox: read it there to check how it looks.",
    );
    const [test] = jobsOf("mail");
    expect(test).toMatchObject({ target: "owner@example.ie", title: `[Test] ${post.title}`, doneAt: null });

    const outbox = await page("/admin/outbox");
    expect(outbox).toContain(`[Test] ${post.title}`);
    expect(outbox).toContain(`href="/admin/outbox/${test!.id}"`);
    const mail = await page(`/admin/outbox/${test!.id}`);
    expect(mail).toMatch(/To<\/dt>\s*<dd[^>]*>owner@example\.ie</);
    expect(mail).toContain(post.title);
  });

  it("asks to confirm, then queues one e-mail per confirmed subscriber, each readable in the Outbox", async () => {
    const unconfirmed = await submit({ intent: "send", content: "full" });
    expect(unconfirmed.status).toBe(400);
    expect(await unconfirmed.text()).toContain("Tick the box to confirm you want to send it now.");
    expect(jobsOf("newsletter")).toEqual([]);

    const sent = await submit({ intent: "send", content: "full", confirm: "yes" });
    expect(sent.status).toBe(200);
    expect((await sent.text()).replaceAll("<!-- -->", "")).toContain(
      "Queued for 2 subscribers in the Outbox: they go out once e-mail is set up.",
    );
    const copies = jobsOf("newsletter");
    expect(copies.map((job) => [job.target, job.doneAt])).toEqual(READERS.map((email) => [email, null]));

    // The send's page: waiting, not "sending" at a pace that never comes.
    const progress = await page(`/admin/posts/${post.id}/newsletter`);
    expect(progress).toContain("Waiting in the Outbox");
    expect(progress).not.toMatch(/About \d+ e-mails a minute/);

    // The Outbox: the newsletter as one row, and each subscriber's own e-mail a click away.
    const outbox = await page("/admin/outbox");
    const row = outbox.split("<li").find((part) => part.includes(`Newsletter: ${post.title}`));
    expect(row).toContain("To 2 confirmed subscribers");
    expect(row).toContain("2 waiting");
    const sendId = /href="\/admin\/outbox\?newsletter=([\w-]+)"/.exec(row!)?.[1];
    expect(sendId).toBeTruthy();
    const each = await page(`/admin/outbox?newsletter=${sendId}`);
    for (const copy of copies) {
      expect(each).toContain(`To ${copy.target}`);
      expect(each).toContain(`href="/admin/outbox/${copy.id}"`);
    }
    const mail = await page(`/admin/outbox/${copies[0]!.id}`);
    expect(mail).toMatch(/To<\/dt>\s*<dd[^>]*>aoife\.reader@example\.ie</);
    expect(mail).toContain("/newsletter/unsubscribe?token=");

    // The sender's ticks leave them waiting: not tried, so not failed.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(jobsOf("newsletter").map((job) => [job.attempts, job.doneAt])).toEqual([
      [0, null],
      [0, null],
    ]);
  });
});
