// A test copy of a newsletter goes to any address typed: each member of staff has an hourly allowance,
// and every test is in the audit log with where it went.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { auditLog } from "#db/schema";
import { sendTestNewsletter, TEST_SENDS_PER_HOUR } from "~/features/newsletter/newsletter-send.server";
import { listAllPosts } from "~/features/posts/index.server";
import { seedDatabase } from "~/features/seed/index.server";
import { getDb } from "~/platform/db.server";
import { resetEnvCache } from "~/platform/env.server";
import { TooManyError } from "~/platform/http/errors.server";
import { runInRequestScope, setRequestActor } from "~/platform/http/request-scope.server";

import { type SmtpCatcher, startSmtpCatcher } from "../../../scripts/lib/smtp-catcher";

let smtp: SmtpCatcher;

beforeAll(async () => {
  smtp = await startSmtpCatcher();
  Object.assign(process.env, {
    SMTP_URL: smtp.url,
    MAIL_FROM: "Northwall Digital <hello@northwalldigital.ie>",
    RATE_LIMIT_FACTOR: "1",
  });
  resetEnvCache();
  seedDatabase(getDb());
});
afterAll(() => smtp.close());

const asStaff = <T>(id: string, fn: () => Promise<T>) =>
  runInRequestScope("203.0.113.9", () => {
    setRequestActor({ id, username: id });
    return fn();
  });

describe("test newsletters", () => {
  it("are limited per member of staff and written in the audit log", async () => {
    const post = listAllPosts().find((p) => p.status === "published")!;
    for (let i = 0; i < TEST_SENDS_PER_HOUR; i++)
      await asStaff("sender-a", () =>
        sendTestNewsletter(post.id, `check${i}@example.ie`, "full", "sender-a"),
      );
    expect(await smtp.to("check0@example.ie")).toHaveLength(1);

    const refused = await asStaff("sender-a", () =>
      sendTestNewsletter(post.id, "anyone@evil.example", "full", "sender-a"),
    ).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(TooManyError);
    expect((refused as TooManyError).message).toMatch(
      /^That's 10 test e-mails this hour\. Please try again in/,
    );

    // Another member of staff keeps their own allowance.
    await asStaff("sender-b", () => sendTestNewsletter(post.id, "mine@example.ie", "full", "sender-b"));

    const logged = getDb().select().from(auditLog).where(eq(auditLog.action, "newsletter.test-sent")).all();
    expect(logged).toHaveLength(TEST_SENDS_PER_HOUR + 1);
    expect(logged.map((row) => row.subject)).toContain(`“${post.title}” to mine@example.ie`);
    expect(logged.find((row) => row.subject.endsWith("mine@example.ie"))!.actor).toBe("sender-b");
    expect(logged.some((row) => row.subject.includes("evil.example"))).toBe(false);
  });
});
