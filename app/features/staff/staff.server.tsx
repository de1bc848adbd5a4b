import { and, desc, eq, gt, isNull } from "drizzle-orm";
import { z } from "zod";

import { staffInvites, users } from "#db/schema";
import { audit } from "~/features/audit/index.server";
import { getDb } from "~/platform/db.server";
import { getEnv } from "~/platform/env.server";
import { ROLE_LABELS, ROLES, roleWithArticle } from "~/platform/http/access";
import { ConflictError, NotFoundError } from "~/platform/http/errors.server";
import { requestScope, setRequestActor } from "~/platform/http/request-scope.server";
import { runDueJobs } from "~/platform/jobs/job-worker.server";
import { queueMail } from "~/platform/mail/mail.server";
import { NoticeEmail } from "~/platform/mail/notice-email";
import { renderEmail } from "~/platform/mail/render";
import { openToken, sealToken } from "~/platform/sealed-token.server";
import { getSiteFacts } from "~/platform/site/site-facts.server";
import { steadyDirection } from "~/platform/text/schemas";

import { createUser, type StaffUser } from "./users.server";

/** An invitation link works for three days: long enough for a weekend, short enough not to linger. */
export const INVITE_DAYS = 3;
const DAY_MS = 24 * 60 * 60 * 1000;

export const InviteSchema = z.object({
  name: z
    .string()
    .trim()
    .min(1, "Their name is required")
    .max(80, "At most 80 characters")
    .refine(...steadyDirection("Their name")),
  email: z.email("Enter an e-mail address like name@example.com").trim().toLowerCase().max(254),
  role: z.enum(ROLES),
});
export type InviteInput = z.infer<typeof InviteSchema>;

export const inviteUrl = (token: string) =>
  `${getEnv().SITE_URL}/admin/join?token=${encodeURIComponent(token)}`;

/**
 * Invites someone: a row for the invitation and an e-mail with a sealed link (the invitation's id and
 * expiry, AES-GCM, so it cannot be made up or stretched), queued in the same transaction.
 */
export async function inviteStaff(input: InviteInput) {
  const db = getDb();
  if (db.select({ id: users.id }).from(users).where(eq(users.email, input.email)).get()) {
    throw new ConflictError("Someone on the staff already has that e-mail address", "email");
  }
  const id = crypto.randomUUID();
  const token = sealToken("staff-invite", id, INVITE_DAYS * DAY_MS);
  const site = getSiteFacts();
  const mail = await renderEmail(
    <NoticeEmail
      site={{ name: site.name, url: getEnv().SITE_URL, address: site.formattedAddress }}
      heading={`Join ${site.name}'s website`}
      paragraphs={[
        `Hi ${input.name}, you have been invited to help run ${site.name}'s website as ${roleWithArticle(input.role)}.`,
        `Press the button to choose your username and a password or passkey. The link works for ${INVITE_DAYS} days and once.`,
      ]}
      action={{ href: inviteUrl(token), label: "Join the website" }}
      after="If you weren't expecting this, ignore this e-mail: nothing happens without you."
    />,
  );
  db.transaction((tx) => {
    tx.insert(staffInvites)
      .values({
        id,
        ...input,
        invitedBy: requestScope()?.actor?.id ?? null,
        expiresAt: new Date(Date.now() + INVITE_DAYS * DAY_MS),
      })
      .run();
    queueMail(tx, { to: input.email, subject: `You're invited to ${site.name}'s website`, ...mail });
    audit("staff.invited", `${input.name} <${input.email}> as ${ROLE_LABELS[input.role].toLowerCase()}`, tx);
  });
  void runDueJobs();
  return { id, link: inviteUrl(token) };
}

export function pendingInvites() {
  return getDb()
    .select()
    .from(staffInvites)
    .where(and(isNull(staffInvites.acceptedAt), gt(staffInvites.expiresAt, new Date())))
    .orderBy(desc(staffInvites.createdAt))
    .all();
}

export function withdrawInvite(id: string) {
  const invite = getDb().delete(staffInvites).where(eq(staffInvites.id, id)).returning().get();
  if (!invite) throw new NotFoundError("No such invitation");
  audit("staff.invite-withdrawn", `${invite.name} <${invite.email}>`);
}

export type OpenedInvite =
  { ok: true; invite: typeof staffInvites.$inferSelect } | { ok: false; reason: string };

/** The invitation a link stands for, or why it no longer works. */
export function openInvite(token: string): OpenedInvite {
  const opened = openToken("staff-invite", token);
  if (opened === "expired") return { ok: false, reason: "This invitation has expired. Ask for a new one." };
  const invite = opened
    ? getDb().select().from(staffInvites).where(eq(staffInvites.id, opened.email)).get()
    : undefined;
  if (!invite)
    return { ok: false, reason: "This invitation link is not valid (it may have been withdrawn)." };
  if (invite.acceptedAt) return { ok: false, reason: "This invitation has been used. Sign in instead." };
  return { ok: true, invite };
}

/**
 * Takes up an invitation: the account (with a password, or none when a passkey is added next), then the
 * invitation marked used; if another use of the link got there first, this account is taken back, so a
 * link never makes two accounts.
 */
export async function acceptInvite(
  token: string,
  username: string,
  password: string | null,
): Promise<StaffUser> {
  const opened = openInvite(token);
  if (!opened.ok) throw new ConflictError(opened.reason);
  const { invite } = opened;
  const user = await createUser(username, password, {
    role: invite.role,
    name: invite.name,
    email: invite.email,
  });
  const taken = getDb()
    .update(staffInvites)
    .set({ acceptedAt: new Date() })
    .where(and(eq(staffInvites.id, invite.id), isNull(staffInvites.acceptedAt)))
    .run().changes;
  if (!taken) {
    getDb().delete(users).where(eq(users.id, user.id)).run();
    throw new ConflictError("This invitation has been used. Sign in instead.");
  }
  setRequestActor(user);
  audit("staff.joined", `${user.username} as ${ROLE_LABELS[user.role].toLowerCase()}`);
  return user;
}
