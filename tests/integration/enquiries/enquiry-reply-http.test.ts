// Replying from inside an enquiry: the e-mail goes through the outbox (here without SMTP, so it waits
// there to be read), and the enquiry keeps it in its history. Plain form posts to the built server.
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { storeEnquiry } from "~/features/enquiries/enquiries.server";
import { createUser } from "~/features/staff/index.server";
import { getDb } from "~/platform/db.server";

import { postForm, type RunningServer } from "../../../scripts/lib/start-server";
import { signedInServer } from "../../setup/signed-in-server";

const PASSWORD = "a-long-enough-password";
let server: RunningServer;
let cookie = "";
let enquiryId = "";

beforeAll(async () => {
  await createUser("reply-owner", PASSWORD);
  const enquiry = await storeEnquiry({
    name: "Máire Lynch",
    email: "maire@example.ie",
    budget: "1250-2500",
    goals: "We need more bookings for the new clinic in Cork.",
  });
  enquiryId = enquiry.id;
  ({ server, cookie } = await signedInServer({
    account: { username: "reply-owner", password: PASSWORD },
    env: { SMTP_URL: "" },
  }));
}, 120_000);

afterAll(async () => {
  await server?.stop();
});

const post = (fields: Record<string, string>, query = "") =>
  postForm(server.baseURL, `/admin/enquiries${query}`, cookie, fields);

const db = () => getDb().$client;

describe("replying to an enquiry from the admin", () => {
  it("refuses an empty reply, keeping the subject typed", async () => {
    const queued = () =>
      db().prepare("select count(*) as n from jobs where target = ?").get("maire@example.ie");
    // The auto-reply of the enquiry itself waits there already.
    expect(queued()).toEqual({ n: 1 });
    const refused = await post({ intent: "reply", id: enquiryId, subject: "About Cork", message: "Hi" });
    expect(refused.status).toBe(400);
    const html = await refused.text();
    expect(html).toContain("Write the reply first.");
    expect(html).toContain('value="About Cork"');
    expect(queued()).toEqual({ n: 1 });
  });

  it("queues the e-mail in the outbox, records it on the enquiry and moves it to Contacted", async () => {
    const sent = await post(
      {
        intent: "reply",
        id: enquiryId,
        subject: "Your Cork clinic",
        message: "Hi Máire,\n\nThanks for writing. Could we talk on Thursday at 10?\n\nConor",
      },
      "?status=new",
    );
    // Answered with a redirect back to the same folder, so a reload cannot send it again.
    expect(sent.status).toBe(302);
    const location = sent.headers.get("location")!;
    expect(location).toMatch(/^\/admin\/enquiries\?status=new&replied=[\w-]+$/);
    const job = db()
      .prepare("select title, payload from jobs where kind = 'mail' and target = ? and title = ?")
      .get("maire@example.ie", "Your Cork clinic") as { title: string; payload: string };
    expect(job.title).toBe("Your Cork clinic");
    const mail = JSON.parse(job.payload) as { to: string; html: string; text: string };
    expect(mail.to).toBe("maire@example.ie");
    expect(mail.text).toContain("Could we talk on Thursday at 10?");
    // The enquiry is quoted under the reply.
    expect(mail.text).toContain("We need more bookings for the new clinic in Cork.");

    const row = db().prepare("select status from enquiries where id = ?").get(enquiryId);
    expect(row).toEqual({ status: "contacted" });
    const events = db()
      .prepare("select kind, status, note, by from enquiry_events where enquiry_id = ? order by created_at")
      .all(enquiryId) as { kind: string; status: string | null; note: string | null; by: string }[];
    expect(events.map((e) => e.kind)).toEqual(["reply", "status"]);
    expect(events[0]!.note).toContain("Your Cork clinic");
    expect(events[0]!.by).toBe("reply-owner");

    // Where it went, said after the redirect (the page without JavaScript shows it; with it, a toast).
    const after = (
      await (await fetch(`${server.baseURL}${location}`, { headers: { Cookie: cookie } })).text()
    ).replaceAll("<!-- -->", "");
    expect(after).toMatch(
      /<p role="status"[^>]*>.*Reply to Máire Lynch queued in the Outbox\..*E-mail is not set up yet, so it waits there until it is\..*href="\/admin\/outbox"/s,
    );

    const page = (
      await (await fetch(`${server.baseURL}/admin/enquiries`, { headers: { Cookie: cookie } })).text()
    ).replaceAll("<!-- -->", "");
    expect(page).toContain("reply-owner replied by e-mail");
    expect(page).toContain("Could we talk on Thursday at 10?");
    // The form is closed again, with only the greeting in it: nothing invites a second send.
    expect(page).toMatch(/<details class="group mt-4">\s*<summary[^>]*>Reply/);
    expect(page).toMatch(/<textarea name="message"[^>]*>Hi Máire,\n\n<\/textarea>/);
    expect(page).not.toContain("Reply to Máire Lynch queued in the Outbox");
  });

  it("an empty folder beside a filled Spam says where the enquiry went, with a link to Spam", async () => {
    // Sent without the page's start token: judged automated, so it lands in Spam, not in New.
    await storeEnquiry(
      { name: "Siobhán Walsh", email: "siobhan@example.ie", budget: "", goals: "A website for our café." },
      { startToken: "not-the-form's-token" },
    );
    expect(db().prepare("select status from enquiries where email = ?").get("siobhan@example.ie")).toEqual({
      status: "spam",
    });
    const inbox = (
      await (
        await fetch(`${server.baseURL}/admin/enquiries?status=new`, { headers: { Cookie: cookie } })
      ).text()
    ).replaceAll("<!-- -->", "");
    expect(inbox).toContain("No new enquiries.");
    expect(inbox).toMatch(/<a[^>]*href="\/admin\/enquiries\?status=spam"[^>]*>1 enquiry is in Spam<\/a>/);
  });
});
