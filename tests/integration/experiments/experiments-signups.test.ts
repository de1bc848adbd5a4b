// The newsletter goal counts a confirmed sign-up: a sign-up from the site's form waits, keyed by a hash
// of its address, for the address's confirmation, which counts it once for the arm its visitor-day saw;
// an address never confirmed never counts, and its waiting row goes when the link has expired.
import { beforeAll, describe, expect, it } from "vitest";

import { experimentSignups, newsletterSubscribers } from "#db/schema";
import { forgetSalt, visitorToday } from "~/features/analytics/index.server";
import { armOf } from "~/features/experiments/assignment";
import { countVisitorDay, flushVisitorDays } from "~/features/experiments/counting.server";
import { startExperiment } from "~/features/experiments/experiments.server";
import { rollUpExperiments } from "~/features/experiments/experiments-rollup.server";
import { countConfirmedSignUp, noteNewsletterSignUp } from "~/features/experiments/index.server";
import { resultsOf } from "~/features/experiments/results.server";
import { confirmSubscription } from "~/features/newsletter/index.server";
import { seedDatabase } from "~/features/seed/index.server";
import { createUser } from "~/features/staff/index.server";
import { countSignUpsWith, noteSignUp } from "~/platform/conversions.server";
import { getDb } from "~/platform/db.server";
import { sealToken } from "~/platform/sealed-token.server";

const DAY = 24 * 60 * 60 * 1000;
let owner: { id: string; role: "owner" };

beforeAll(async () => {
  seedDatabase(getDb());
  forgetSalt();
  countSignUpsWith({ signedUp: noteNewsletterSignUp, confirmed: countConfirmedSignUp });
  owner = { id: (await createUser("signup-owner", "a-long-enough-password")).id, role: "owner" };
});

const pending = (email: string) =>
  getDb().insert(newsletterSubscribers).values({ id: crypto.randomUUID(), email, status: "pending" }).run();
const confirm = (email: string) => confirmSubscription(sealToken("newsletter-confirm", email, DAY));

describe("the newsletter goal", () => {
  it("counts a sign-up once its address is confirmed, once a visitor-day, never an unconfirmed one", async () => {
    const experiment = startExperiment(
      { page: "home", field: "hero.headline", variants: ["Words worth signing up for"], goal: "newsletter" },
      owner,
    );
    const visitor = (n: number) => {
      const client = { ip: `192.0.2.${n}`, userAgent: "Mozilla/5.0 (X11; Linux x86_64) Firefox/133.0" };
      const today = visitorToday(client, { create: true })!;
      const arm = armOf(today.visitor, experiment)!;
      countVisitorDay({ experimentId: experiment.id, day: today.day, visitor: today.visitor, arm });
      return { client, arm };
    };
    const [aoife, sean] = [visitor(1), visitor(2)];
    flushVisitorDays();
    const conversions = () =>
      Object.fromEntries(resultsOf(experiment).arms.map((arm) => [arm.key, arm.conversions]));

    noteSignUp("Aoife@Example.ie", aoife.client);
    pending("aoife@example.ie");
    expect(Object.values(conversions())).toEqual([0, 0]);
    // Nothing of the address is kept beside the arm.
    expect(JSON.stringify(getDb().select().from(experimentSignups).all())).not.toMatch(/aoife/i);

    expect(confirm("aoife@example.ie")).toBe("confirmed");
    expect(conversions()[aoife.arm]).toBe(1);
    // Confirmed again, or a second address from the same visitor-day: still one.
    expect(confirm("aoife@example.ie")).toBe("confirmed");
    noteSignUp("aoife.work@example.ie", aoife.client);
    pending("aoife.work@example.ie");
    confirm("aoife.work@example.ie");
    expect(Object.values(conversions()).reduce((sum, n) => sum + n, 0)).toBe(1);

    // Signed up, never confirmed: never counted, and forgotten once the link has expired.
    noteSignUp("sean@example.ie", sean.client);
    pending("sean@example.ie");
    expect(getDb().select().from(experimentSignups).all()).toHaveLength(1);
    await rollUpExperiments(new Date(Date.now() + 9 * DAY));
    expect(getDb().select().from(experimentSignups).all()).toHaveLength(0);
    expect(confirm("sean@example.ie")).toBe("confirmed");
    expect(Object.values(conversions()).reduce((sum, n) => sum + n, 0)).toBe(1);

    // Someone who saw no arm today: nothing waits.
    noteSignUp("nobody@example.ie", { ip: "198.51.100.200", userAgent: "Mozilla/5.0 Safari/605" });
    expect(getDb().select().from(experimentSignups).all()).toHaveLength(0);
  });
});
