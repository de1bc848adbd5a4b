import { createHmac } from "node:crypto";
import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";

import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";

import { jobs } from "#db/schema";
import { setEnquiryStatus, storeEnquiry } from "~/features/enquiries/enquiries.server";
import { formStartToken } from "~/features/enquiries/spam.server";
import { getDb } from "~/platform/db.server";
import { parseEnv, resetEnvCache } from "~/platform/env.server";
import { jobState, listJobs, MAX_ATTEMPTS, retryJob } from "~/platform/jobs/job-queue.server";
import { runDueJobs } from "~/platform/jobs/job-worker.server";

const SECRET = "crm-shared-secret-0123456789";
type Delivery = { headers: IncomingHttpHeaders; body: string };
const deliveries: Delivery[] = [];
let answer = 200;
let receiver: Server | undefined;
let port = 0;

/** A real HTTP receiver (a CRM's endpoint) on `port`, answering `answer`. */
async function receiverUp() {
  receiver = createServer((request, response) => {
    let body = "";
    request.on("data", (chunk: Buffer) => (body += chunk.toString("utf8")));
    request.on("end", () => {
      deliveries.push({ headers: request.headers, body });
      response.writeHead(answer).end();
    });
  });
  await new Promise<void>((resolve) => receiver!.listen(port, "127.0.0.1", resolve));
  port = (receiver.address() as AddressInfo).port;
}
async function receiverDown() {
  await new Promise<void>((resolve) => receiver!.close(() => resolve()));
  receiver = undefined;
}

const webhookJobs = () => getDb().select().from(jobs).where(eq(jobs.kind, "webhook")).all();
/** The webhook job's retry is due now (as if its back-off had passed). */
const makeDue = () =>
  getDb()
    .update(jobs)
    .set({ nextAttemptAt: new Date(0) })
    .run();

beforeAll(async () => {
  await receiverUp();
  delete process.env.SMTP_URL;
  process.env.SITE_URL = "https://www.northwalldigital.ie";
  process.env.ENQUIRY_WEBHOOK_URL = `http://127.0.0.1:${port}/hooks/leads`;
  process.env.ENQUIRY_WEBHOOK_SECRET = SECRET;
  resetEnvCache();
});
afterAll(async () => {
  if (receiver) await receiverDown();
  delete process.env.ENQUIRY_WEBHOOK_URL;
  delete process.env.ENQUIRY_WEBHOOK_SECRET;
  resetEnvCache();
});
beforeEach(() => {
  getDb().delete(jobs).run();
  deliveries.length = 0;
  answer = 200;
});

describe("the CRM webhook", () => {
  it("POSTs each new enquiry as signed JSON", async () => {
    const attribution = {
      source: "newsletter",
      medium: "email",
      campaign: "spring",
      referrer: null,
      landingPage: "/services/seo",
    };
    const enquiry = await storeEnquiry(
      { name: "Aoife Byrne", email: "aoife@example.ie", budget: "10k-25k", goals: "Grow our clinics." },
      {
        visit: {
          attribution,
          pages: ["/services/seo", "/contact"],
        },
      },
    );
    expect(await runDueJobs()).toBe(1);
    expect(deliveries).toHaveLength(1);
    const { headers, body } = deliveries[0]!;
    expect(headers["content-type"]).toBe("application/json");
    const timestamp = headers["x-webhook-timestamp"] as string;
    expect(Math.abs(Number(timestamp) - Date.now() / 1000)).toBeLessThan(30);
    const expected = createHmac("sha256", SECRET).update(`${timestamp}.${body}`).digest("hex");
    expect(headers["x-webhook-signature"]).toBe(`sha256=${expected}`);
    expect(JSON.parse(body)).toEqual({
      event: "enquiry.created",
      id: enquiry.id,
      createdAt: enquiry.createdAt.toISOString(),
      name: "Aoife Byrne",
      email: "aoife@example.ie",
      budget: "10k-25k",
      budgetLabel: "€10k – €25k",
      message: "Grow our clinics.",
      attribution,
      adminUrl: "https://www.northwalldigital.ie/admin/enquiries?q=aoife%40example.ie",
    });
    expect(jobState(webhookJobs()[0]!)).toBe("delivered");
  });

  it("keeps a delivery while the receiver is down or failing, and delivers it when it is back", async () => {
    await receiverDown();
    await storeEnquiry({ name: "Ciarán Ó Sé", email: "ciaran@example.ie", budget: null, goals: "A shop." });
    expect(await runDueJobs()).toBe(0);
    let [job] = webhookJobs();
    expect(job).toMatchObject({ attempts: 1, doneAt: null });
    expect(job!.lastError).toMatch(/^Could not reach http:\/\/127\.0\.0\.1:\d+\/hooks\/leads: ECONNREFUSED$/);
    expect(job!.nextAttemptAt.getTime()).toBeGreaterThan(Date.now() + 20_000);
    // Not due yet: nothing is tried.
    expect(await runDueJobs()).toBe(0);
    expect(webhookJobs()[0]!.attempts).toBe(1);

    // Back, but refusing: a second failure with the receiver's answer.
    answer = 503;
    await receiverUp();
    makeDue();
    expect(await runDueJobs()).toBe(0);
    [job] = webhookJobs();
    expect(job).toMatchObject({ attempts: 2, lastError: expect.stringContaining("answered 503") });
    expect(jobState(job!)).toBe("retrying");

    // Working again: the retry goes through.
    answer = 204;
    makeDue();
    expect(await runDueJobs()).toBe(1);
    expect(webhookJobs()[0]).toMatchObject({ attempts: 3, lastError: null, doneAt: expect.any(Date) });
    expect(deliveries.map((d) => JSON.parse(d.body).name)).toEqual(["Ciarán Ó Sé", "Ciarán Ó Sé"]);
  });

  it("gives up after a day of tries, and 'Retry now' starts again", async () => {
    answer = 500;
    await storeEnquiry({ name: "Given Up", email: "given@example.ie", budget: null, goals: "A brand." });
    await runDueJobs();
    // Its last try failed too.
    getDb()
      .update(jobs)
      .set({ attempts: MAX_ATTEMPTS, nextAttemptAt: new Date(0) })
      .run();
    const [job] = webhookJobs();
    expect(jobState(job!)).toBe("failed");
    expect(await runDueJobs()).toBe(0);
    expect(deliveries).toHaveLength(1);

    answer = 200;

    expect(retryJob(job!.id)).toBe(true);
    expect(await runDueJobs()).toBe(1);
    expect(jobState(webhookJobs()[0]!)).toBe("delivered");
    // A delivered job (or an unknown one) cannot be retried.
    expect(retryJob(job!.id)).toBe(false);
    expect(retryJob("nope")).toBe(false);
    expect(
      listJobs()
        .filter((j) => j.kind === "webhook")
        .map((j) => j.title),
    ).toEqual(["New enquiry from Given Up"]);
  });

  it("sends nothing for spam, and sends it once when the enquiry is rescued", async () => {
    const spam = await storeEnquiry(
      { name: "Fast Typist", email: "fast@example.ie", budget: null, goals: "Pasted brief." },
      { startToken: formStartToken(Date.now() - 1000) },
    );
    expect(spam.status).toBe("spam");
    expect(webhookJobs()).toHaveLength(0);
    await setEnquiryStatus(spam.id, "new", "admin");
    await setEnquiryStatus(spam.id, "spam", "admin");
    await setEnquiryStatus(spam.id, "new", "admin");
    expect(await runDueJobs()).toBe(1);
    expect(deliveries.map((d) => JSON.parse(d.body).email)).toEqual(["fast@example.ie"]);
  });

  it("needs its secret: a webhook without one is refused at start-up", () => {
    expect(() => parseEnv({ ENQUIRY_WEBHOOK_URL: "https://crm.example/hook" })).toThrow(
      /ENQUIRY_WEBHOOK_SECRET is required with ENQUIRY_WEBHOOK_URL/,
    );
    expect(() => parseEnv({ ENQUIRY_WEBHOOK_URL: "ftp://crm.example/hook" })).toThrow(/ENQUIRY_WEBHOOK_URL/);
  });
});
