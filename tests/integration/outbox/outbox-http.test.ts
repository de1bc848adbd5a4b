// Without SMTP_URL e-mails wait in the outbox, where the owner reads each one as it would arrive and can
// follow its links. Against the built server over HTTP.
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { jobs } from "#db/schema";
import { createUser } from "~/features/staff/index.server";
import { getDb } from "~/platform/db.server";
import { queueMail } from "~/platform/mail/mail.server";

import { adminSessionCookie, postForm, type RunningServer } from "../../../scripts/lib/start-server";
import { signedInServer } from "../../setup/signed-in-server";

const PASSWORD = "a-long-enough-password";
let server: RunningServer;
let mailId = "";
const cookies: Record<string, string> = {};

beforeAll(async () => {
  await createUser("outbox-owner", PASSWORD);
  await createUser("outbox-editor", PASSWORD, { role: "editor" });
  queueMail(getDb(), {
    to: "new.person@example.ie",
    subject: "Confirm your subscription <soon>",
    text: "Confirm: https://example.ie/newsletter/confirm?token=abc",
    html: '<!doctype html><html><head><meta charset="utf-8"><title>x</title></head><body><p style="color:#333">Nearly there.</p><a href="https://example.ie/newsletter/confirm?token=abc">Confirm your subscription</a><script>alert(1)</script></body></html>',
  });
  mailId = getDb().select({ id: jobs.id }).from(jobs).get()!.id;
  let cookie: string;
  ({ server, cookie } = await signedInServer({
    account: { username: "outbox-owner", password: PASSWORD },
    env: { SMTP_URL: "" },
  }));
  cookies["outbox-owner"] = cookie;
  cookies["outbox-editor"] = await adminSessionCookie(server.baseURL, {
    username: "outbox-editor",
    password: PASSWORD,
  });
}, 120_000);

afterAll(async () => {
  await server?.stop();
});

const get = (path: string, username = "outbox-owner") =>
  fetch(`${server.baseURL}${path}`, { headers: { Cookie: cookies[username]! }, redirect: "manual" });

describe("the outbox", () => {
  it("lists the waiting e-mail, says why it waits, and offers to read it", async () => {
    const page = await get("/admin/outbox");
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain("Confirm your subscription &lt;soon&gt;");
    expect(html).toContain("new.person@example.ie");
    expect(html).toContain("Waiting until e-mail is set up");
    expect(html).toContain("E-mail is not set up yet: e-mails wait here until it is.");
    expect(html).toContain("Your developer sets it up with SMTP_URL (docs/operations.md).");
    expect(html).not.toContain("the server has no");
    expect(html).toContain(`href="/admin/outbox/${mailId}"`);
    // The sidebar leads there.
    expect(html).toMatch(/href="\/admin\/outbox"[^>]*>[\s\S]*?Outbox/);
  });

  it("shows the e-mail as it would arrive: its links followable, nothing in it running or loading", async () => {
    const answer = await get(`/admin/outbox/${mailId}`);
    expect(answer.status).toBe(200);
    expect(answer.headers.get("content-security-policy")).toBe(
      "default-src 'none'; style-src 'unsafe-inline'; img-src 'self' data:; sandbox allow-popups allow-popups-to-escape-sandbox",
    );
    expect(answer.headers.get("cache-control")).toBe("private, no-store");
    const html = await answer.text();
    expect(html).toContain(
      "<title>Outbox: Confirm your subscription &#60;soon&#62; (to new.person@example.ie)</title>",
    );
    expect(html).toContain('<a href="https://example.ie/newsletter/confirm?token=abc">');
  });

  it("heads the e-mail with its subject, its address and when it was queued, above the body", async () => {
    const html = await (await get(`/admin/outbox/${mailId}`)).text();
    const heading = html.slice(html.indexOf("<body"), html.indexOf("Nearly there."));
    expect(heading).toContain("Subject");
    expect(heading).toContain("Confirm your subscription &#60;soon&#62;");
    expect(heading).toMatch(/To<\/dt>\s*<dd[^>]*>new\.person@example\.ie</);
    expect(heading).toMatch(/Queued<\/dt>\s*<dd[^>]*>\w{3} \d{1,2} \w{3}, \d{2}:\d{2}</);
    expect(heading).toMatch(/Sent<\/dt>\s*<dd[^>]*>Not yet: e-mail is not set up</);
  });

  it("holds an enquiry's alert to the agency and the enquirer's auto-reply while e-mail is off", async () => {
    const sent = await fetch(`${server.baseURL}/api/contact`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Origin: server.baseURL },
      body: JSON.stringify({
        name: "Eimear Walsh",
        email: "eimear@example.ie",
        goals: "A new site for the surgery in Kilkenny.",
      }),
    });
    expect(sent.status).toBe(201);
    const html = (await (await get("/admin/outbox")).text()).replaceAll("<!-- -->", "");
    const rows = html.split("<li").filter((row) => row.includes("Read the e-mail"));
    const alert = rows.find((row) => row.includes("New enquiry from Eimear Walsh"));
    const reply = rows.find((row) => row.includes("To eimear@example.ie"));
    expect(alert).toContain("To hello@northwalldigital.ie");
    expect(reply).toContain("We have your message: Northwall Digital");
    expect([alert, reply].every((row) => row?.includes("Waiting until e-mail is set up"))).toBe(true);
  });

  it("holds a staff invitation made while e-mail is off, and the staff page says so in plain words", async () => {
    const answer = await postForm(server.baseURL, "/admin/staff", cookies["outbox-owner"]!, {
      intent: "invite",
      name: "Orla Byrne",
      email: "orla@example.ie",
      role: "editor",
    });
    expect(answer.status).toBe(200);
    const words = (await answer.text()).replace(/<[^>]+>/g, "");
    expect(words).toContain(
      "E-mail is not set up yet, so the invitation waits in the Outbox until it is. Send them this link yourself:",
    );
    expect(words).toContain("Your developer sets e-mail up with SMTP_URL (docs/operations.md).");
    const outbox = (await (await get("/admin/outbox")).text()).replaceAll("<!-- -->", "");
    expect(outbox).toContain("To orla@example.ie");
  });

  it("is the owner's: an editor is refused, and an unknown e-mail is 404", async () => {
    expect((await get("/admin/outbox", "outbox-editor")).status).toBe(403);
    expect((await get(`/admin/outbox/${mailId}`, "outbox-editor")).status).toBe(403);
    expect((await get("/admin/outbox/no-such-mail")).status).toBe(404);
    const moved = await get("/admin/deliveries");
    expect([moved.status, moved.headers.get("location")]).toEqual([301, "/admin/outbox"]);
    expect((await fetch(`${server.baseURL}/admin/outbox/${mailId}`, { redirect: "manual" })).status).toBe(
      302,
    );
  });
});
