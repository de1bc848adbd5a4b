import { count, eq } from "drizzle-orm";

import { getDb } from "#db/client";
import { type User, users } from "#db/schema";

import { ConflictError, isUniqueViolation } from "./errors.server";
import { hashPassword } from "./password.server";
import { deleteUserSessions } from "./sessions.server";

export const MIN_PASSWORD_LENGTH = 12;

export type PublicUser = Pick<User, "id" | "username">;

export function countUsers(): number {
  return getDb().select({ n: count() }).from(users).get()?.n ?? 0;
}

export function findUserByUsername(username: string): User | undefined {
  return getDb().select().from(users).where(eq(users.username, username)).get();
}

export function getUserById(id: string): PublicUser | undefined {
  return getDb().select({ id: users.id, username: users.username }).from(users).where(eq(users.id, id)).get();
}

function checkPassword(password: string) {
  if (password.length < MIN_PASSWORD_LENGTH) {
    throw new RangeError(`The password must be at least ${MIN_PASSWORD_LENGTH} characters`);
  }
}

export async function createUser(username: string, password: string): Promise<PublicUser> {
  checkPassword(password);
  const hash = await hashPassword(password);
  try {
    return getDb()
      .insert(users)
      .values({ username: username.trim(), password: hash })
      .returning({ id: users.id, username: users.username })
      .get();
  } catch (error) {
    if (isUniqueViolation(error)) throw new ConflictError("That username is taken", "username");
    throw error;
  }
}

/** Sets a new password and signs the user out everywhere; returns false when no such user exists. */
export async function setPassword(username: string, password: string): Promise<boolean> {
  checkPassword(password);
  const hash = await hashPassword(password);
  const user = getDb()
    .update(users)
    .set({ password: hash })
    .where(eq(users.username, username))
    .returning({ id: users.id })
    .get();
  if (user) deleteUserSessions(user.id);
  return Boolean(user);
}

/** At start: creates the admin from ADMIN_USERNAME / ADMIN_PASSWORD when there is no user yet. */
export async function ensureAdmin(username?: string, password?: string): Promise<PublicUser | null> {
  if (!username || !password || countUsers() > 0) return null;
  return createUser(username, password);
}
