import { readFileSync } from "node:fs";

import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";

import {
  auditLog,
  enquiries,
  enquiryEvents,
  jobs,
  newsletterSubscribers,
  newsletterSuppressions,
  staffInvites,
} from "#db/schema";
import { auditFailedSignIn } from "~/features/audit/index.server";
import { addEnquiryNote, setEnquiryStatus, storeEnquiry } from "~/features/enquiries/index.server";
import {
  confirmSubscription,
  findSubscriber,
  requestSubscription,
  subscribeAgain,
  suppressionHash,
  unsubscribe,
} from "~/features/newsletter/index.server";
import { deleteExpiredEnquiries, erasePersonalData, personalData } from "~/features/privacy/privacy.server";
import { inviteStaff } from "~/features/staff/index.server";
import { createUser } from "~/features/staff/index.server";
import { getDb } from "~/platform/db.server";
import { getEnv, resetEnvCache } from "~/platform/env.server";
import { runInRequestScope, setRequestActor } from "~/platform/http/request-scope.server";
import { queueMail } from "~/platform/mail/mail.server";
import { sealToken } from "~/platform/sealed-token.server";

let client = 0;
/** A sign-up from the blog, each from its own client address (the limit per client is tested elsewhere). */
const subscribe = (email: string) =>
  requestSubscription(email, { source: "blog", clientIp: `198.51.100.${++client}` });

const DAY = 24 * 60 * 60 * 1000;
const enquiry = (email: string, goals = "A new website for the practice.") =>
  storeEnquiry({ name: "Orla Kavanagh", email, budget: null, goals });
const all = () => ({
  enquiries: getDb().select().from(enquiries).all(),
  events: getDb().select().from(enquiryEvents).all(),
  jobs: getDb().select().from(jobs).all(),
  subscribers: getDb().select().from(newsletterSubscribers).all(),
});

beforeAll(() => {
  process.env.ENQUIRY_RETENTION_DAYS = "730";
  resetEnvCache();
});

describe("privacy requests", () => {
  it("exports everything held about an address, whatever its case, and nothing about anyone else", async () => {
    const first = await enquiry("Orla@Example.ie");
    await setEnquiryStatus(first.id, "contacted", "admin");
    addEnquiryNote(first.id, "Proposal sent.", "admin");
    await enquiry("orla@example.ie", "And a second question.");
    await enquiry("someone-else@example.ie");
    await subscribe("orla@example.ie");

    const data = personalData(" ORLA@example.ie ");
    expect(data.email).toBe("orla@example.ie");
    expect(data.enquiries.map((e) => e.goals)).toEqual([
      "A new website for the practice.",
      "And a second question.",
    ]);
    expect(data.enquiries[0]!.history.map((h) => [h.kind, h.status, h.note])).toEqual([
      ["status", "contacted", null],
      ["note", null, "Proposal sent."],
    ]);
    expect(data.enquiries[0]).not.toHaveProperty("formToken");
    expect(data.newsletter?.subscribedAt).toBeInstanceOf(Date);
    expect(JSON.stringify(data)).not.toContain("someone-else");
  });

  it("erases an address: its enquiries, their history, its subscription and the e-mails about it", async () => {
    const kept = await enquiry("keeps@example.ie");
    const gone = await enquiry("erase.me@example.ie");
    addEnquiryNote(gone.id, "Called.", "admin");
    await subscribe("erase.me@example.ie");
    queueMail(getDb(), { to: "erase.me@example.ie", subject: "Auto-reply", text: "Hi", html: "<p>Hi</p>" });
    queueMail(
      getDb(),
      { to: "leads@agency.ie", replyTo: "Erase.Me@example.ie", subject: "Alert", text: "x", html: "x" },
      "Erase.Me@example.ie",
    );

    expect(erasePersonalData("ERASE.ME@example.ie")).toEqual({
      enquiries: 1,
      newsletter: 1,
      // The enquiry's own alert and auto-reply (queued without SMTP too), the confirmation, the two above.
      deliveries: 5,
      invitations: 0,
      auditEntries: 0,
    });
    const after = all();
    expect(JSON.stringify(after).toLowerCase()).not.toContain("erase.me@example.ie");
    expect(after.events.some((e) => e.enquiryId === gone.id)).toBe(false);
    expect(after.enquiries.map((c) => c.id)).toContain(kept.id);
    expect(personalData("erase.me@example.ie")).toMatchObject({ enquiries: [], newsletter: null });
    // Never mailed again: only a hash of the address stays (decision 029).
    expect(getDb().select().from(newsletterSuppressions).all()).toEqual([
      expect.objectContaining({ emailHash: suppressionHash("erase.me@example.ie") }),
    ]);
    expect(erasePersonalData("erase.me@example.ie")).toEqual({
      enquiries: 0,
      newsletter: 0,
      deliveries: 0,
      invitations: 0,
      auditEntries: 0,
    });
  });

  it("exports and erases staff invitations and the audit log's copies of the address", async () => {
    const owner = await createUser("privacy-owner", "a-long-enough-password");
    const invite = (email: string, name: string) =>
      runInRequestScope("203.0.113.5", () => {
        setRequestActor(owner);
        return inviteStaff({ name, email, role: "editor" });
      });
    await invite("niamh.invited@example.ie", "Niamh Byrne");
    await invite("other.invited@example.ie", "Other Person");
    runInRequestScope("198.51.100.77", () => auditFailedSignIn("Niamh.Invited@example.ie", "Wrong password"));

    const data = personalData("niamh.invited@example.ie");
    expect(data.staffInvitations).toEqual([
      expect.objectContaining({ name: "Niamh Byrne", role: "editor", invitedBy: "privacy-owner" }),
    ]);
    expect(data.auditLog).toEqual([
      expect.objectContaining({ action: "Invited staff", actor: "privacy-owner" }),
      expect.objectContaining({ action: "Sign-in failed", clientAddress: "198.51.100.77" }),
    ]);
    expect(data.auditLog[0]).not.toHaveProperty("clientAddress");
    expect(JSON.stringify(data)).not.toContain("other.invited");

    const erased = erasePersonalData("niamh.invited@example.ie");
    expect(erased).toMatchObject({ invitations: 1, auditEntries: 2, deliveries: 1 });
    expect(
      getDb()
        .select()
        .from(staffInvites)
        .all()
        .map((i) => i.email),
    ).toEqual(["other.invited@example.ie"]);
    const log = getDb().select().from(auditLog).all();
    const text = JSON.stringify(log).toLowerCase();
    expect(text).not.toContain("niamh");
    expect(text).not.toContain("198.51.100.77");
    // The entries stay: who invited someone, and that a sign-in failed, is still answerable.
    expect(log.filter((e) => e.action === "staff.invited").map((e) => e.subject)).toEqual([
      "(erased) as editor",
      "Other Person <other.invited@example.ie> as editor",
    ]);
    expect(log.find((e) => e.action === "sign-in.failed")).toMatchObject({
      actor: "(erased)",
      ip: null,
      subject: "Wrong password",
    });
  });

  it("leaves none of an erased address in the database file or its WAL", async () => {
    const file = getEnv().DATABASE_PATH;
    const address = "only.on.disk@example.ie";
    const saved = await enquiry(address, "Words only this enquirer wrote.");
    addEnquiryNote(saved.id, "A note about only.on.disk.", "admin");
    await subscribe(address);
    getDb().$client.pragma("wal_checkpoint(TRUNCATE)");
    expect(readFileSync(file).includes(address)).toBe(true);

    erasePersonalData(address);
    const onDisk = Buffer.concat([readFileSync(file), readFileSync(`${file}-wal`)]);
    expect(onDisk.includes(address)).toBe(false);
    expect(onDisk.includes("Words only this enquirer wrote.")).toBe(false);
    expect(readFileSync(`${file}-wal`).length).toBe(0);
  });

  it("leaves nothing an old newsletter link could bring back after an erasure", async () => {
    const address = "left.then.erased@example.ie";
    getDb().insert(newsletterSubscribers).values({ email: address, status: "confirmed" }).run();
    const unsubscribeLink = sealToken("newsletter-unsubscribe", address);
    const confirmLink = sealToken("newsletter-confirm", address, DAY);
    const offer = unsubscribe(unsubscribeLink)!.subscribeAgain!;
    erasePersonalData(address);

    // "Subscribe again" shown before the erasure, the footer's link and the confirmation link: nothing.
    expect(await subscribeAgain(offer, "203.0.113.10")).toEqual({ kind: "invalid" });
    expect(unsubscribe(unsubscribeLink)).toEqual({ email: address, subscribeAgain: null });
    expect(confirmSubscription(confirmLink)).toBe("withdrawn");
    expect(findSubscriber(address)).toBeUndefined();
    expect(all().jobs.filter((job) => job.target === address)).toEqual([]);
  });

  it("deletes enquiries and e-mails older than the retention period, and keeps the rest", async () => {
    const old = await enquiry("old@example.ie");
    const recent = await enquiry("recent@example.ie");
    getDb()
      .update(enquiries)
      .set({ createdAt: new Date(Date.now() - 731 * DAY) })
      .where(sql`${enquiries.id} = ${old.id}`)
      .run();
    const deleted = deleteExpiredEnquiries();
    expect(deleted.enquiries).toBe(1);
    const ids = all().enquiries.map((c) => c.id);
    expect(ids).not.toContain(old.id);
    expect(ids).toContain(recent.id);

    // A shorter period, set by the operator, takes the rest of today's too once they are that old.
    process.env.ENQUIRY_RETENTION_DAYS = "1";
    resetEnvCache();
    expect(deleteExpiredEnquiries(new Date(Date.now() + 2 * DAY)).enquiries).toBeGreaterThan(0);
    expect(all().enquiries).toEqual([]);
  });
});
