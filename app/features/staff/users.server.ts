import { and, asc, count, eq, ne, sql } from "drizzle-orm";

import { passkeys, teamMembers, type User, users } from "#db/schema";
import { audit } from "~/features/audit/index.server";
import { contentChanged, getDb } from "~/platform/db.server";
import { MIN_PASSWORD_LENGTH, type Role, roleWithArticle } from "~/platform/http/access";
import { ConflictError, FieldError, NotFoundError } from "~/platform/http/errors.server";

import { hashPassword, verifyPassword } from "./credentials/password.server";
import { deleteUserSessions } from "./sessions.server";

export { MIN_PASSWORD_LENGTH };

/** Who is signed in, as every request sees them. */
export type StaffUser = Pick<User, "id" | "username" | "role" | "name">;
const staffColumns = { id: users.id, username: users.username, role: users.role, name: users.name };

/** A member of staff as /api/auth answers them: these four fields, never the account's secrets. */
export function staffUserJson(user: StaffUser) {
  return { id: user.id, username: user.username, role: user.role, name: user.name };
}

/** POST /api/auth/logout's answer. */
export const signedOutJson = () => ({ ok: true as const });

export function countUsers(): number {
  return getDb().select({ n: count() }).from(users).get()?.n ?? 0;
}

/** Usernames are one whatever their capitals: "Aoife" finds "aoife" (the unique index says the same). */
const sameUsername = (username: string) => sql`lower(${users.username}) = lower(${username})`;

export function findUserByUsername(username: string): User | undefined {
  return getDb().select().from(users).where(sameUsername(username)).get();
}

/** The first account's stored password hash: what checking a password costs on this site. */
export function firstPasswordHash(): string | undefined {
  return getDb().select({ password: users.password }).from(users).where(ne(users.password, "")).limit(1).get()
    ?.password;
}

export function getUserById(id: string): StaffUser | undefined {
  return getDb().select(staffColumns).from(users).where(eq(users.id, id)).get();
}

export function getAccount(id: string): User | undefined {
  return getDb().select().from(users).where(eq(users.id, id)).get();
}

export function checkPassword(password: string) {
  if (password.length < MIN_PASSWORD_LENGTH) {
    throw new RangeError(`The password must be at least ${MIN_PASSWORD_LENGTH} characters`);
  }
}

type NewUser = { role?: Role; name?: string; email?: string | null };

/** A new account; `password` null makes a passkey-only one (its passkey is added straight after). */
export async function createUser(
  username: string,
  password: string | null,
  { role = "owner", name = "", email = null }: NewUser = {},
): Promise<StaffUser> {
  if (password !== null) checkPassword(password);
  const hash = password === null ? "" : await hashPassword(password);
  try {
    return getDb()
      .insert(users)
      .values({ username: username.trim(), password: hash, role, name: name.trim(), email })
      .returning(staffColumns)
      .get();
  } catch (error) {
    if (error instanceof Error && /users\.email/.test(error.message)) {
      throw new ConflictError("Someone on the staff already has that e-mail address", "email");
    }
    if (error instanceof Error && /users\.username|users_username_nocase_unique/.test(error.message)) {
      throw new ConflictError("That username is taken", "username");
    }
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
    .where(sameUsername(username))
    .returning({ id: users.id })
    .get();
  if (user) deleteUserSessions(user.id);
  return Boolean(user);
}

/**
 * The signed-in person changes their own password: the current one must be right (a session left open
 * on a shared computer is not enough), or absent for an account that had none (passkey-only).
 * Their other sessions end; this one stays. `removePasskeys`: someone who fears the account was used
 * by another also drops every passkey (one may have been added by them).
 */
export async function changeOwnPassword(
  userId: string,
  current: string,
  next: string,
  keepSessionId?: string,
  { removePasskeys = false }: { removePasskeys?: boolean } = {},
): Promise<void> {
  const account = getAccount(userId);
  if (!account) throw new NotFoundError("No such account");
  if (account.password && !(await verifyPassword(current, account.password))) {
    throw new FieldError("current", "That is not your current password");
  }
  try {
    checkPassword(next);
  } catch (error) {
    throw new FieldError("password", (error as Error).message);
  }
  const hash = await hashPassword(next);
  getDb().transaction((tx) => {
    tx.update(users).set({ password: hash }).where(eq(users.id, userId)).run();
    audit("account.password-changed", "", tx);
    if (!removePasskeys) return;
    const removed = tx.delete(passkeys).where(eq(passkeys.userId, userId)).run().changes;
    // Nothing left to require but the app, if there is one.
    if (!account.totpConfirmedAt) {
      tx.update(users).set({ requireSecondFactor: false }).where(eq(users.id, userId)).run();
    }
    if (removed > 0) audit("account.passkeys-removed", `${removed} with the password change`, tx);
  });
  deleteUserSessions(userId, keepSessionId);
}

export function markSignedIn(userId: string) {
  getDb().update(users).set({ lastSignInAt: new Date() }).where(eq(users.id, userId)).run();
}

/** The name posts show and the team member whose photo they use. */
export function updateProfile(
  userId: string,
  { name, teamMemberId }: { name: string; teamMemberId: string | null },
) {
  const member = teamMemberId
    ? getDb().select({ id: teamMembers.id }).from(teamMembers).where(eq(teamMembers.id, teamMemberId)).get()
    : null;
  if (teamMemberId && !member) {
    throw new FieldError("teamMemberId", "That team member no longer exists: choose another or none");
  }
  getDb()
    .update(users)
    .set({ name: name.trim().slice(0, 80), teamMemberId })
    .where(eq(users.id, userId))
    .run();
  contentChanged("posts"); // the posts they wrote show the new name
}

/** The team members a member of staff can say they are (for the photo beside their posts). */
export function teamToLink() {
  return getDb()
    .select({ id: teamMembers.id, name: teamMembers.name, role: teamMembers.role })
    .from(teamMembers)
    .orderBy(asc(teamMembers.position))
    .all();
}

/** At start: creates the admin from ADMIN_USERNAME / ADMIN_PASSWORD when there is no user yet. */
export async function ensureAdmin(
  username?: string,
  password?: string,
  { name, email }: { name?: string; email?: string } = {},
): Promise<StaffUser | null> {
  if (!username || !password || countUsers() > 0) return null;
  return createUser(username, password, { name, email: email ?? null });
}

export function listStaff() {
  const rows = getDb()
    .select({
      id: users.id,
      username: users.username,
      name: users.name,
      email: users.email,
      role: users.role,
      hasPassword: users.password,
      totp: users.totpConfirmedAt,
      requireSecondFactor: users.requireSecondFactor,
      lastSignInAt: users.lastSignInAt,
      createdAt: users.createdAt,
    })
    .from(users)
    .orderBy(asc(users.createdAt), sql`rowid`)
    .all();
  const keys = getDb()
    .select({ userId: passkeys.userId, n: count() })
    .from(passkeys)
    .groupBy(passkeys.userId)
    .all();
  const passkeyCount = new Map(keys.map((k) => [k.userId, k.n]));
  return rows.map(({ hasPassword, ...row }) => ({
    ...row,
    hasPassword: hasPassword !== "",
    passkeys: passkeyCount.get(row.id) ?? 0,
  }));
}

/** The first account (the bootstrap admin) stays the owner, and there is always at least one owner. */
function guardOwners(userId: string, action: string) {
  const first = getDb()
    .select({ id: users.id })
    .from(users)
    .orderBy(asc(users.createdAt), sql`rowid`)
    .get();
  if (first?.id === userId)
    throw new ConflictError(`The site's first account stays the owner; it cannot be ${action}`);
  const otherOwners =
    getDb()
      .select({ n: count() })
      .from(users)
      .where(and(eq(users.role, "owner"), ne(users.id, userId)))
      .get()?.n ?? 0;
  if (otherOwners === 0) throw new ConflictError(`The site needs an owner; this account cannot be ${action}`);
}

export function changeRole(userId: string, role: Role) {
  const user = getUserById(userId);
  if (!user) throw new NotFoundError("No such member of staff");
  if (user.role === role) return;
  if (role !== "owner") guardOwners(userId, `made ${roleWithArticle(role)}`);
  getDb().update(users).set({ role }).where(eq(users.id, userId)).run();
  audit("staff.role-changed", `${user.username}: ${user.role} → ${role}`);
}

/** Removes an account and signs it out; the posts it wrote stay, without an author. */
export function removeStaff(userId: string) {
  const user = getUserById(userId);
  if (!user) throw new NotFoundError("No such member of staff");
  guardOwners(userId, "removed");
  getDb().delete(users).where(eq(users.id, userId)).run();
  audit("staff.removed", user.username);
}
