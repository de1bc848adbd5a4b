import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it, vi } from "vitest";

import { enquiries } from "#db/schema";
import {
  addEnquiryNote,
  countNewEnquiries,
  enquiryHistories,
  inboxFilter,
  listEnquiries,
  setEnquiryStatus,
} from "~/features/enquiries/enquiries.server";
import { submitEnquiry } from "~/features/enquiries/enquiry-intake.server";
import { formStartToken } from "~/features/enquiries/spam.server";
import { getDb } from "~/platform/db.server";
import { resetEnvCache } from "~/platform/env.server";

const valid = { name: "Niamh Byrne", email: "niamh@example.ie", goals: "More bookings from search." };
const rows = () => getDb().select().from(enquiries).all();
let nextIp = 0;
// Each case its own address, so the allowance of one never limits another.
const fresh = () => `10.0.0.${++nextIp}`;

beforeAll(() => {
  process.env.ENQUIRY_RATE_LIMIT = "5";
  process.env.ENQUIRY_MIN_FILL_SECONDS = "3";
  process.env.RATE_LIMIT_FACTOR = "1";
  resetEnvCache();
});

describe("submitEnquiry", () => {
  it("stores a valid enquiry as new", async () => {
    const outcome = await submitEnquiry(
      { ...valid, budget: "", status: "closed" },
      { clientIp: fresh(), checkStartTime: true, startToken: formStartToken(Date.now() - 5000) },
    );
    expect(outcome.kind).toBe("stored");
    if (outcome.kind !== "stored") return;
    expect(outcome.contact).toMatchObject({ ...valid, budget: null, status: "new" });
    expect(rows().map((r) => r.id)).toContain(outcome.contact.id);
  });

  it("answers invalid input with every field's message and stores nothing", async () => {
    const before = rows().length;
    const outcome = await submitEnquiry(
      { name: "A", email: "nope", goals: "short" },
      { clientIp: fresh(), checkStartTime: false },
    );
    expect(outcome).toEqual({
      kind: "invalid",
      issues: expect.arrayContaining([
        { path: "name", message: "Name must be at least 2 characters" },
        { path: "email", message: "Please enter a valid email address" },
        { path: "goals", message: "Please provide more details about your goals" },
      ]),
    });
    expect(rows()).toHaveLength(before);
  });

  it("treats a filled honeypot as a bot: nothing stored, with or without the start-time check", async () => {
    const before = rows().length;
    for (const checkStartTime of [true, false]) {
      const outcome = await submitEnquiry(valid, {
        clientIp: fresh(),
        honeypot: "https://spam.example",
        startToken: formStartToken(Date.now() - 5000),
        checkStartTime,
      });
      expect(outcome).toEqual({ kind: "bot", input: { ...valid, budget: null } });
    }
    expect(rows()).toHaveLength(before);
  });

  // Nothing a person sends is lost. What looks automated is kept in Spam with its reasons.
  let nextLead = 0;
  const enquiry = (goals = "More bookings from search.") => ({
    name: "Niamh Byrne",
    email: `lead-${++nextLead}@example.ie`,
    goals,
  });
  const page = (startToken?: string) => ({ clientIp: fresh(), checkStartTime: true, startToken });
  const api = () => ({ clientIp: fresh(), checkStartTime: false });
  const stored = async (fields: object, context: Parameters<typeof submitEnquiry>[1]) => {
    const outcome = await submitEnquiry(fields, context);
    if (outcome.kind !== "stored") throw new Error(`not stored: ${outcome.kind}`);
    return getDb().select().from(enquiries).where(eq(enquiries.id, outcome.contact.id)).get()!;
  };

  it("keeps a form sent back too fast, forged or without its token in Spam, saying why", async () => {
    // The clock stands still: on a busy machine the send itself took over half a second ("2 seconds").
    vi.useFakeTimers({ toFake: ["Date"] });
    try {
      const tooFast = await stored(enquiry(), page(formStartToken(Date.now() - 1000)));
      expect(tooFast).toMatchObject({ status: "spam", spamScore: 3 });
      expect(tooFast.spamReasons).toEqual([
        "Sent 1 second after the form was opened (people take at least 3 seconds)",
      ]);
    } finally {
      vi.useRealTimers();
    }
    const forged = await stored(enquiry(), page(`${Date.now() - 5000}.forged`));
    expect(forged.status).toBe("spam");
    expect(forged.spamReasons).toEqual([
      "Sent without the form's own start token (not from the page's form)",
    ]);
    expect((await stored(enquiry(), page())).status).toBe("spam");
    // The API has no rendered form: its timing is not checked.
    expect(await stored(enquiry(), api())).toMatchObject({ status: "new", spamScore: 0, spamReasons: [] });
  });

  it("takes a start token once, across restarts (its hash is stored), and notes one over a day old", async () => {
    const token = formStartToken(Date.now() - 5000);
    const first = await stored(enquiry(), page(token));
    expect(first.status).toBe("new");
    expect(first.formToken).toMatch(/^[\w-]{43}$/);
    expect(first.formToken).not.toContain(token.split(".")[0]);
    // The same form sent again unchanged (the thank-you page never came) is the same enquiry.
    const fields = { name: first.name, email: first.email, goals: first.goals };
    const resent = await stored(fields, page(token));
    expect(resent.id).toBe(first.id);
    expect(rows().filter((r) => r.email === first.email)).toHaveLength(1);
    const replay = await stored(enquiry(), page(token));
    expect(replay.status).toBe("spam");
    expect(replay.spamReasons).toEqual(["The form's start token had already been used for another enquiry"]);

    const old = await stored(enquiry(), page(formStartToken(Date.now() - 25 * 60 * 60 * 1000)));
    expect(old).toMatchObject({
      status: "new",
      spamScore: 2,
      spamReasons: ["The form had been open for more than a day"],
    });
    const oldWithLink = await stored(
      enquiry("See https://example.com for what we do."),
      page(formStartToken(Date.now() - 25 * 60 * 60 * 1000)),
    );
    expect(oldWithLink.status).toBe("spam");
  });

  it("keeps a message stuffed with links, or sent twice, in Spam", async () => {
    const links = "Cheap https://a.example https://b.example and www.c.example deals";
    const stuffed = await stored(enquiry(links), api());
    expect(stuffed).toMatchObject({ status: "spam", spamReasons: ["3 links in the message"] });
    const oneLink = await stored(enquiry("Our site is https://clinic.example and it needs work."), api());
    expect(oneLink).toMatchObject({ status: "new", spamScore: 1, spamReasons: ["1 link in the message"] });

    const twice = enquiry("Please call me about a new website for the shop.");
    expect((await stored(twice, api())).status).toBe("new");
    const again = await stored(twice, api());
    expect(again).toMatchObject({
      status: "spam",
      spamReasons: ["The same message from this address within the last day"],
    });
  });

  it("leaves spam out of the inbox's list and the new count, and shows it when asked", async () => {
    const spam = await stored(enquiry(), page());
    expect(listEnquiries().map((c) => c.id)).not.toContain(spam.id);
    expect(listEnquiries({ status: "spam" }).map((c) => c.id)).toContain(spam.id);
    expect(listEnquiries({ status: "spam" })[0]).not.toHaveProperty("formToken");
    const newBefore = countNewEnquiries();
    expect(await setEnquiryStatus(spam.id, "new", "admin")).toBe(true);
    expect(countNewEnquiries()).toBe(newBefore + 1);
    expect(listEnquiries().map((c) => c.id)).toContain(spam.id);
  });

  it("limits valid enquiries per address and says how long to wait", async () => {
    const ip = fresh();
    const api = { clientIp: ip, checkStartTime: false };
    // Invalid input does not use up the allowance.
    for (let i = 0; i < 3; i++) await submitEnquiry({}, api);
    for (let i = 0; i < 5; i++) expect((await submitEnquiry(valid, api)).kind).toBe("stored");
    const before = rows().length;
    const limited = await submitEnquiry(valid, api);
    expect(limited).toEqual({
      kind: "rate-limited",
      retryAfterSeconds: expect.any(Number),
      message: expect.stringMatching(/^You've sent several messages in a short time\. Please try again in/),
    });
    if (limited.kind === "rate-limited") expect(limited.retryAfterSeconds).toBeGreaterThan(0);
    expect(rows()).toHaveLength(before);
    expect((await submitEnquiry(valid, { ...api, clientIp: fresh() })).kind).toBe("stored");
  });

  it("finds enquiries by words in the name, e-mail or message, within a folder", async () => {
    const clinic = await stored(enquiry("Bookings for a physio clinic in Cork, 100% online"), api());
    const spam = await stored(enquiry("physio https://a.example https://b.example https://c.example"), api());
    const ids = (filter: Parameters<typeof listEnquiries>[0]) => listEnquiries(filter).map((c) => c.id);
    expect(ids({ q: "PHYSIO cork" })).toEqual([clinic.id]);
    expect(ids({ q: clinic.email })).toEqual([clinic.id]);
    expect(ids({ q: "physio", status: "spam" })).toContain(spam.id);
    expect(ids({ q: "physio" })).not.toContain(spam.id);
    // % and _ are searched for as they are, not as wildcards.
    expect(ids({ q: "100%" })).toEqual([clinic.id]);
    expect(ids({ q: "_" })).toEqual([]);
    expect(inboxFilter(new URLSearchParams("status=nope&q=%20%20"))).toEqual({});
    expect(inboxFilter(new URLSearchParams("status=spam&q=cork"))).toEqual({ status: "spam", q: "cork" });
  });

  it("keeps who moved an enquiry and who wrote which note, oldest first", async () => {
    const saved = await stored(enquiry(), api());
    expect(await setEnquiryStatus(saved.id, "contacted", "aoife")).toBe(true);
    expect(await setEnquiryStatus(saved.id, "contacted", "aoife")).toBe(true); // no move, no entry
    expect(addEnquiryNote(saved.id, "Rang her; proposal on Friday.", "cian")).toBe(true);
    expect(addEnquiryNote("no-such-enquiry", "Lost", "cian")).toBe(false);
    expect(await setEnquiryStatus("no-such-enquiry", "closed", "cian")).toBe(false);
    const history = enquiryHistories([saved.id]).get(saved.id)!;
    expect(history.map(({ kind, status, note, by }) => ({ kind, status, note, by }))).toEqual([
      { kind: "status", status: "contacted", note: null, by: "aoife" },
      { kind: "note", status: null, note: "Rang her; proposal on Friday.", by: "cian" },
    ]);
    expect(enquiryHistories([])).toEqual(new Map());
  });
});
