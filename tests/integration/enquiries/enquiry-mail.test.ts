import { eq } from "drizzle-orm";
import getPort from "get-port";
import { simpleParser } from "mailparser";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { enquiries, jobs } from "#db/schema";
import { setEnquiryStatus, storeEnquiry } from "~/features/enquiries/enquiries.server";
import { formStartToken } from "~/features/enquiries/spam.server";
import { saveSiteLanguages } from "~/features/pages/index.server";
import { saveSiteSettings } from "~/features/site-content/index.server";
import { removeSettingsTranslation, saveSettingsTranslation } from "~/features/site-content/index.server";
import { getDb } from "~/platform/db.server";
import { resetEnvCache } from "~/platform/env.server";
import { runDueJobs } from "~/platform/jobs/job-worker.server";
import { seedSiteSettings } from "~/platform/site/launch-settings";
import { getSiteSettings } from "~/platform/site/site-facts.server";

type Received = { from: string; to: string[]; raw: string };
const received: Received[] = [];
let smtp: SMTPServer;
let port = 0;

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
  port = await getPort({ host: "127.0.0.1" });
  await new Promise<void>((resolve) => smtp.listen(port, "127.0.0.1", resolve));
});

afterAll(async () => {
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
});

/** Sends until nothing is due (a run already under way when the test asks may predate its mail). */
async function deliverAll() {
  while ((await runDueJobs()) > 0);
  await runDueJobs();
}

function configureMail(smtpUrl: string) {
  process.env.SMTP_URL = smtpUrl;
  process.env.ENQUIRY_NOTIFY_TO = "leads@northwalldigital.ie";
  process.env.MAIL_FROM = "Website <web@northwalldigital.ie>";
  process.env.SITE_URL = "https://www.northwalldigital.ie";
  resetEnvCache();
}

describe("the enquiry alert e-mail", () => {
  it("arrives at the real SMTP server with the enquiry's fields, and the enquirer gets the auto-reply", async () => {
    configureMail(`smtp://127.0.0.1:${port}`);
    const enquiry = await storeEnquiry({
      name: "Aoife Byrne",
      email: "aoife@example.ie",
      budget: "10k-25k",
      goals: "Grow bookings for our three clinics.",
    });
    expect(await runDueJobs()).toBe(2);
    expect(received).toHaveLength(2);
    const [alert, reply] = await Promise.all(received.map((m) => simpleParser(m.raw)));
    expect(received.map((m) => m.to)).toEqual([["leads@northwalldigital.ie"], ["aoife@example.ie"]]);
    expect(received[0]!.from).toBe("web@northwalldigital.ie");

    expect(alert!.subject).toBe("New enquiry from Aoife Byrne");
    expect(alert!.replyTo?.text).toBe("aoife@example.ie");
    for (const part of [alert!.text!, alert!.html as string]) {
      expect(part).toContain("€10k – €25k");
      expect(part).toContain("Grow bookings for our three clinics.");
      expect(part).toContain("https://www.northwalldigital.ie/admin/enquiries");
    }

    // The auto-reply: the agency's words from the settings, the enquirer's message quoted.
    expect(reply!.subject).toBe("We have your message: Northwall Digital");
    expect(reply!.replyTo?.text).toBe("hello@northwalldigital.ie");
    for (const part of [reply!.text!, reply!.html as string]) {
      expect(part).toContain("Hi Aoife,");
      expect(part).toContain("one of us will reply within 24 hours");
      expect(part).toContain("If it is urgent, call us on +353 1 555 0142.");
      expect(part).toContain("Grow bookings for our three clinics.");
    }
    expect(reply!.html).toContain('lang="en-IE"');

    const outbox = getDb().select().from(jobs).all();
    expect(outbox).toHaveLength(2);
    expect(outbox.every((m) => m.doneAt instanceof Date)).toBe(true);
    expect(
      getDb()
        .select()
        .from(enquiries)
        .all()
        .map((c) => c.id),
    ).toContain(enquiry.id);
  });

  it("writes the auto-reply in the agency's words from the settings", async () => {
    configureMail(`smtp://127.0.0.1:${port}`);
    saveSiteSettings({
      ...getSiteSettings(),
      autoReplySubject: "Thanks, {firstName}!",
      autoReplyBody: "Dia dhuit {firstName},\n\nWe will ring you tomorrow from {phone}.",
    });
    try {
      await storeEnquiry({
        name: "Séan Ó Briain",
        email: "sean@example.ie",
        budget: null,
        goals: "A shop that sells.",
      });
      await runDueJobs();
      const reply = await simpleParser(received.at(-1)!.raw);
      expect(reply.subject).toBe("Thanks, Séan!");
      expect(reply.text).toContain("Dia dhuit Séan,");
      expect(reply.text).toContain("We will ring you tomorrow from +353 1 555 0142.");
      expect(reply.text).toContain("Not given");
    } finally {
      saveSiteSettings(seedSiteSettings);
    }
  });

  // The form must not be a way to send a stranger's text to someone else's address.
  it("sends no auto-reply quoting links, and one a day to an address", async () => {
    configureMail(`smtp://127.0.0.1:${port}`);
    await deliverAll();
    const before = received.length;
    await storeEnquiry({
      name: "Not Me",
      email: "victim@example.ie",
      budget: null,
      goals: "Cheap pills at https://pills.example today",
    });
    await deliverAll();
    expect(received.slice(before).map((m) => m.to)).toEqual([["leads@northwalldigital.ie"]]);

    const first = await storeEnquiry({
      name: "Róisín",
      email: "roisin@example.ie",
      budget: null,
      goals: "First question.",
    });
    const second = await storeEnquiry({
      name: "Róisín",
      email: "Roisin@example.ie",
      budget: null,
      goals: "Second question.",
    });
    expect([first.status, second.status]).toEqual(["new", "new"]);
    await deliverAll();
    const toHer = received.slice(before).filter((m) => m.to[0]!.toLowerCase() === "roisin@example.ie");
    expect(toHer).toHaveLength(1);
    expect(received.slice(before).filter((m) => m.to[0] === "leads@northwalldigital.ie")).toHaveLength(3);
  });

  it("never loses the enquiry when the mail server is down, and retries later", async () => {
    const closed = await getPort({ host: "127.0.0.1" });
    configureMail(`smtp://127.0.0.1:${closed}`);
    const enquiry = await storeEnquiry({
      name: "Ciarán",
      email: "ciaran@example.ie",
      budget: null,
      goals: "A new website for the shop.",
    });
    expect(
      getDb()
        .select()
        .from(enquiries)
        .all()
        .map((c) => c.id),
    ).toContain(enquiry.id);
    expect(await runDueJobs()).toBe(0);
    const pending = getDb()
      .select()
      .from(jobs)
      .all()
      .find((m) => String(m.payload.text).includes("Ciarán"))!;
    expect(pending.doneAt).toBeNull();
    expect(pending.attempts).toBe(1);
    expect(pending.lastError).toBeTruthy();
    expect(pending.nextAttemptAt.getTime()).toBeGreaterThan(Date.now());

    // The server is back and the retry is due: it goes out.
    configureMail(`smtp://127.0.0.1:${port}`);
    getDb()
      .update(jobs)
      .set({ nextAttemptAt: new Date(0) })
      .run();
    expect(await runDueJobs()).toBe(2); // the alert and the auto-reply
    expect(received.at(-1)!.raw).toContain("A new website for the shop.");
  });

  it("sends no alert for an enquiry in Spam, and sends it when the enquiry is rescued", async () => {
    configureMail(`smtp://127.0.0.1:${port}`);
    await runDueJobs();
    const before = received.length;
    // A page form sent back at once: the start token is a second old.
    const spam = await storeEnquiry(
      { name: "Fast Typist", email: "fast@example.ie", budget: null, goals: "Pasted my brief in one go." },
      { startToken: formStartToken(Date.now() - 1000) },
    );
    expect(spam.status).toBe("spam");
    expect(await runDueJobs()).toBe(0);
    expect(received).toHaveLength(before);

    expect(await setEnquiryStatus(spam.id, "new", "admin")).toBe(true);
    expect(await runDueJobs()).toBe(1);
    expect(received.at(-1)!.raw).toContain("Pasted my brief in one go.");
    // Moving it on (or back and forth) does not send it again.
    await setEnquiryStatus(spam.id, "contacted", "admin");
    expect(await runDueJobs()).toBe(0);
  });

  // The Outbox's promise: with e-mail off an enquiry's two e-mails wait there, readable, until it is on.
  it("keeps the alert and the auto-reply in the outbox while e-mail is off, and sends them once it is set up", async () => {
    delete process.env.SMTP_URL;
    delete process.env.ENQUIRY_NOTIFY_TO;
    resetEnvCache();
    await storeEnquiry({
      name: "No Mail",
      email: "nomail@example.ie",
      budget: null,
      goals: "Stored, and answered once e-mail is set up.",
    });
    const waiting = () =>
      getDb()
        .select()
        .from(jobs)
        .where(eq(jobs.about, "nomail@example.ie"))
        .all()
        .map((job) => ({ kind: job.kind, to: job.target, subject: job.title, sent: job.doneAt !== null }))
        .sort((a, b) => a.to.localeCompare(b.to));
    // Without ENQUIRY_NOTIFY_TO the alert goes to the agency's own address (Site settings, Contact).
    expect(waiting()).toEqual([
      { kind: "mail", to: "hello@northwalldigital.ie", subject: "New enquiry from No Mail", sent: false },
      {
        kind: "mail",
        to: "nomail@example.ie",
        subject: "We have your message: Northwall Digital",
        sent: false,
      },
    ]);
    expect(await runDueJobs()).toBe(0);

    configureMail(`smtp://127.0.0.1:${port}`);
    const before = received.length;
    await deliverAll();
    expect(waiting().map((job) => job.sent)).toEqual([true, true]);
    expect(
      received
        .slice(before)
        .map((m) => m.to[0])
        .sort(),
    ).toEqual(["hello@northwalldigital.ie", "nomail@example.ie"]);
  });

  // An enquiry from /ga/contact is answered in Irish: the owner's Irish words, the e-mail's own in Irish.
  it("sends the auto-reply in the enquiry's language, in the owner's words for it", async () => {
    configureMail(`smtp://127.0.0.1:${port}`);
    await deliverAll();
    saveSiteLanguages({ default: "en", languages: ["en", "ga"] });
    saveSettingsTranslation("ga", {
      tagline: "Gníomhaireacht margaíochta digití i mBaile Átha Cliath",
      autoReplySubject: "Tá do theachtaireacht againn: {name}",
      autoReplyBody:
        "Dia duit {firstName},\n\nGo raibh maith agat as scríobh chugainn. Freagróimid thú laistigh de 24 uair an chloig.\n\nMá tá práinn leis, glaoigh orainn ar {phone}.",
    });
    try {
      const answered = async (email: string, lang: string | null) => {
        const before = received.length;
        await storeEnquiry({ name: "Síle Ní Bhriain", email, budget: null, goals: "Suíomh nua." }, { lang });
        await deliverAll();
        const mine = received.slice(before).find((m) => m.to[0] === email)!;
        return simpleParser(mine.raw);
      };
      const irish = await answered("sile@example.ie", "ga");
      expect(irish.subject).toBe("Tá do theachtaireacht againn: Northwall Digital");
      for (const part of [irish.text!, irish.html as string]) {
        expect(part).toContain("Dia duit Síle,");
        expect(part).toContain("glaoigh orainn ar +353 1 555 0142.");
        expect(part).toContain("Níor tugadh");
        expect(part).not.toContain("Not given");
      }
      expect(irish.html).toContain('lang="ga-IE"');
      expect(irish.html).toContain("An méid a sheol tú chugainn");
      expect(
        getDb()
          .select({ lang: enquiries.lang })
          .from(enquiries)
          .where(eq(enquiries.email, "sile@example.ie"))
          .get(),
      ).toEqual({ lang: "ga" });

      // A language the site is not in, or one without the owner's words: the default language's, whole.
      for (const [email, lang] of [
        ["sile.de@example.ie", "de"],
        ["sile.proto@example.ie", "__proto__"],
        ["sile.none@example.ie", null],
      ] as const) {
        const english = await answered(email, lang);
        expect(english.subject).toBe("We have your message: Northwall Digital");
        expect(english.html).toContain('lang="en-IE"');
        expect(english.text).toContain("Not given");
      }
      removeSettingsTranslation("ga");
      const untranslated = await answered("sile.later@example.ie", "ga");
      expect(untranslated.subject).toBe("We have your message: Northwall Digital");
    } finally {
      removeSettingsTranslation("ga");
      saveSiteLanguages({ default: "en", languages: ["en"] });
    }
  });
});
