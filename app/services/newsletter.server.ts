import { desc } from "drizzle-orm";

import { getDb } from "#db/client";
import { type NewsletterSubscriber, newsletterSubscribers } from "#db/schema";

/** Adds an address once; a second sign-up with the same address (any case) changes nothing. */
export function subscribe(email: string): { created: boolean } {
  const result = getDb()
    .insert(newsletterSubscribers)
    .values({ email: email.trim().toLowerCase() })
    .onConflictDoNothing({ target: newsletterSubscribers.email })
    .run();
  return { created: result.changes === 1 };
}

export function listSubscribers(): NewsletterSubscriber[] {
  return getDb().select().from(newsletterSubscribers).orderBy(desc(newsletterSubscribers.createdAt)).all();
}
