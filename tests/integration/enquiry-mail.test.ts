import { createServer } from "node:net";

import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { getDb } from "#db/client";
import { contacts, mailOutbox } from "#db/schema";
import { resetEnvCache } from "~/env.server";
import { storeEnquiry } from "~/services/contacts.server";
import { deliverPendingMail } from "~/services/mail.server";

type Received = { from: string; to: string[]; raw: string };
const received: Received[] = [];
let smtp: SMTPServer;
let port = 0;

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = createServer().listen(0, "127.0.0.1", () => {
      const p = (probe.address() as { port: number }).port;
      probe.close(() => resolve(p));
    });
  });
}

beforeAll(async () => {
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    onData(stream, session, callback) {
      let raw = "";
      stream.on("data", (chunk: Buffer) => (raw += chunk.toString("utf8")));
      stream.on("end", () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
          to: session.envelope.rcptTo.map((r) => r.address),
          raw,
        });
        callback();
      });
    },
  });
  port = await freePort();
  await new Promise<void>((resolve) => smtp.listen(port, "127.0.0.1", resolve));
});

afterAll(async () => {
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
});

function configureMail(smtpUrl: string) {
  process.env.SMTP_URL = smtpUrl;
  process.env.CONTACT_NOTIFY_TO = "leads@northwalldigital.ie";
  process.env.MAIL_FROM = "Website <web@northwalldigital.ie>";
  process.env.SITE_URL = "https://www.northwalldigital.ie";
  resetEnvCache();
}

describe("the enquiry alert e-mail", () => {
  it("arrives at the real SMTP server with the enquiry's fields", async () => {
    configureMail(`smtp://127.0.0.1:${port}`);
    const contact = storeEnquiry({
      name: "Aoife Byrne",
      email: "aoife@example.ie",
      budget: "10k-25k",
      goals: "Grow bookings for our three clinics.",
    });
    expect(await deliverPendingMail()).toBe(1);
    expect(received).toHaveLength(1);
    const mail = received[0]!;
    expect(mail.to).toEqual(["leads@northwalldigital.ie"]);
    expect(mail.from).toBe("web@northwalldigital.ie");
    expect(mail.raw).toMatch(/^Subject: New enquiry from Aoife Byrne/m);
    expect(mail.raw).toMatch(/^Reply-To: aoife@example\.ie/m);
    expect(mail.raw).toContain("Budget: 10k-25k");
    expect(mail.raw).toContain("Grow bookings for our three clinics.");
    expect(mail.raw).toContain("https://www.northwalldigital.ie/admin/enquiries");
    expect(mail.raw).toMatch(/Content-Type: text\/html/);
    const outbox = getDb().select().from(mailOutbox).all();
    expect(outbox).toHaveLength(1);
    expect(outbox[0]!.sentAt).toBeInstanceOf(Date);
    expect(
      getDb()
        .select()
        .from(contacts)
        .all()
        .map((c) => c.id),
    ).toContain(contact.id);
  });

  it("never loses the enquiry when the mail server is down, and retries later", async () => {
    const closed = await freePort();
    configureMail(`smtp://127.0.0.1:${closed}`);
    const contact = storeEnquiry({
      name: "Ciarán",
      email: "ciaran@example.ie",
      budget: null,
      goals: "A new website for the shop.",
    });
    expect(
      getDb()
        .select()
        .from(contacts)
        .all()
        .map((c) => c.id),
    ).toContain(contact.id);
    expect(await deliverPendingMail()).toBe(0);
    const pending = getDb()
      .select()
      .from(mailOutbox)
      .all()
      .find((m) => m.text.includes("Ciarán"))!;
    expect(pending.sentAt).toBeNull();
    expect(pending.attempts).toBe(1);
    expect(pending.lastError).toBeTruthy();
    expect(pending.nextAttemptAt.getTime()).toBeGreaterThan(Date.now());

    // The server is back and the retry is due: it goes out.
    configureMail(`smtp://127.0.0.1:${port}`);
    getDb()
      .update(mailOutbox)
      .set({ nextAttemptAt: new Date(0) })
      .run();
    expect(await deliverPendingMail()).toBe(1);
    expect(received.at(-1)!.raw).toContain("A new website for the shop.");
  });

  it("queues nothing when mail is not configured", () => {
    delete process.env.SMTP_URL;
    resetEnvCache();
    const before = getDb().select().from(mailOutbox).all().length;
    storeEnquiry({
      name: "No Mail",
      email: "nomail@example.ie",
      budget: null,
      goals: "Stored without any e-mail.",
    });
    expect(getDb().select().from(mailOutbox).all()).toHaveLength(before);
  });
});
