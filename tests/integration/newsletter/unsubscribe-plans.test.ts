// An unsubscribe, and the admin's Remove, drop the address's e-mails still to go through the jobs'
// index on their address: without it each read every pending job, and a send of 100,000 keeps as many
// pending for a day, so replayed unsubscribe links (public, never expiring) held the site ~100 ms each.
import { beforeAll, describe, expect, it } from "vitest";

import { newsletterSubscribers } from "#db/schema";
import { removeSubscriber, unsubscribe } from "~/features/newsletter/newsletter.server";
import { getDb } from "~/platform/db.server";
import { sealToken } from "~/platform/sealed-token.server";

import { queryPlans } from "../../setup/statements-read";

/** How SQLite answers each statement of `work` that deletes jobs. */
const jobDeletePlans = (work: () => unknown) => queryPlans(work, /^\s*delete from "jobs"/i);

beforeAll(() => {
  getDb()
    .insert(newsletterSubscribers)
    .values([
      { id: "leaving", email: "leaving@example.ie", status: "confirmed" as const },
      { id: "removed", email: "removed@example.ie", status: "confirmed" as const },
    ])
    .run();
});

describe("dropping an address's e-mails still to go", () => {
  it("an unsubscribe looks them up by address", async () => {
    const plans = await jobDeletePlans(() =>
      unsubscribe(sealToken("newsletter-unsubscribe", "leaving@example.ie")),
    );
    expect(plans).toHaveLength(1);
    expect(plans[0]).toContain("jobs_target_idx");
  });

  it("the admin's Remove looks them up by address", async () => {
    const plans = await jobDeletePlans(() => removeSubscriber("removed"));
    expect(plans).toHaveLength(1);
    expect(plans[0]).toContain("jobs_target_idx");
  });
});
