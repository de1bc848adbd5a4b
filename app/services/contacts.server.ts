import { desc } from "drizzle-orm";
import { getDb } from "#db/client";
import { contacts, type Contact } from "#db/schema";

export type ContactInput = {
  name: string;
  email: string;
  budget: string | null;
  goals: string;
};

/** Stores an enquiry as 'new'. Only the four fields a visitor fills in are ever written. */
export function createContact({ name, email, budget, goals }: ContactInput): Contact {
  return getDb().insert(contacts).values({ name, email, budget, goals }).returning().get();
}

export function listContacts(): Contact[] {
  return getDb().select().from(contacts).orderBy(desc(contacts.createdAt)).all();
}
