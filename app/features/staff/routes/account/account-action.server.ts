import { data } from "react-router";
import { z } from "zod";

import { currentSessionId } from "~/features/staff/auth.server";
import { confirmIdentity, requireRecentConfirmation } from "~/features/staff/confirm-identity.server";
import { removePasskey } from "~/features/staff/credentials/passkeys.server";
import {
  beginTotp,
  confirmTotp,
  replaceRecoveryCodes,
  setSecondFactorRequired,
  turnOffTotp,
} from "~/features/staff/credentials/two-factor.server";
import { staffOf } from "~/features/staff/staff-only.server";
import { changeOwnPassword, getAccount, updateProfile } from "~/features/staff/users.server";
import { FORM_LIMIT_BYTES, readFormBody } from "~/platform/http/api.server";
import { domainErrorForForm } from "~/platform/http/domain-errors.server";
import { clientIp } from "~/platform/http/request-context";
import { steadyDirection } from "~/platform/text/schemas";

import type { Route } from "../+types/admin-account";
import type { Answer } from "./answer";

const ActionSchema = z.discriminatedUnion("intent", [
  z.object({
    intent: z.literal("profile"),
    name: z
      .string()
      .trim()
      .max(80, "At most 80 characters")
      .refine(...steadyDirection("Your name")),
    teamMemberId: z.string().max(64),
  }),
  z.object({
    intent: z.literal("password"),
    current: z.string().max(1000).default(""),
    password: z.string().max(1000),
    removePasskeys: z.literal("on").optional(),
  }),
  z.object({
    intent: z.literal("confirm"),
    confirmPassword: z.string().max(1000).default(""),
    confirmCode: z.string().max(40).default(""),
  }),
  z.object({ intent: z.literal("passkey-remove"), id: z.string().min(1).max(1024) }),
  z.object({ intent: z.literal("totp-begin") }),
  z.object({ intent: z.literal("totp-confirm"), code: z.string().max(40) }),
  z.object({ intent: z.literal("totp-off") }),
  z.object({ intent: z.literal("recovery-new") }),
  z.object({ intent: z.literal("require"), required: z.enum(["on", "off"]) }),
]);

const SECTION_OF = {
  profile: "profile",
  password: "password",
  confirm: "confirm",
  "passkey-remove": "passkeys",
  "totp-begin": "totp",
  "totp-confirm": "totp",
  "totp-off": "totp",
  "recovery-new": "totp",
  require: "require",
} as const;
/** Fields shown with their own error beside them; any other problem is said above the section's buttons. */
const INLINE_FIELDS = new Set(["name", "current", "password", "code", "confirmPassword", "confirmCode"]);
/** Changes to how the account signs in: each needs the session to have proved its person lately. */
const CHANGES_A_FACTOR = new Set([
  "passkey-remove",
  "totp-begin",
  "totp-confirm",
  "totp-off",
  "recovery-new",
  "require",
]);

/** The account page's forms, told apart by `intent`; a change to how the account signs in needs a recent confirmation. */
export async function accountAction({ request, context }: Route.ActionArgs) {
  const user = staffOf(context);
  const form = Object.fromEntries(await readFormBody(request, FORM_LIMIT_BYTES.account));
  const parsed = ActionSchema.safeParse(form);
  // A name the profile's rules refuse is said beside the field; anything else was not sent by the page.
  const nameIssue = parsed.error?.issues.find((issue) => issue.path[0] === "name");
  if (form.intent === "profile" && nameIssue) {
    return data<Answer>({ section: "profile", fieldErrors: { name: [nameIssue.message] } }, { status: 400 });
  }
  if (!parsed.success) {
    return data<Answer>(
      { section: "page", error: "That request was not understood. Please try again." },
      { status: 400 },
    );
  }
  const wanted = parsed.data;
  try {
    const settingFirstPassword = wanted.intent === "password" && !getAccount(user.id)?.password;
    if (CHANGES_A_FACTOR.has(wanted.intent) || settingFirstPassword)
      await requireRecentConfirmation(request, user.id);
    switch (wanted.intent) {
      case "confirm":
        await confirmIdentity(
          request,
          user,
          { password: wanted.confirmPassword, code: wanted.confirmCode },
          clientIp(context),
        );
        return {
          section: "confirm",
          done: "Thank you. For the next ten minutes you can change how you sign in.",
        } satisfies Answer;
      case "profile":
        updateProfile(user.id, { name: wanted.name, teamMemberId: wanted.teamMemberId || null });
        return { section: "profile", done: "Saved." } satisfies Answer;
      case "password":
        await changeOwnPassword(user.id, wanted.current, wanted.password, await currentSessionId(request), {
          removePasskeys: wanted.removePasskeys === "on",
        });
        return {
          section: "password",
          done:
            wanted.removePasskeys === "on"
              ? "Password changed, your passkeys removed and your other devices signed out."
              : "Password changed. Your other devices are signed out.",
        } satisfies Answer;
      case "passkey-remove":
        removePasskey(user.id, wanted.id);
        return { section: "passkeys", done: "Passkey removed." } satisfies Answer;
      case "totp-begin":
        await beginTotp(user.id);
        return { section: "totp" } satisfies Answer;
      case "totp-confirm":
        return { section: "totp", recoveryCodes: await confirmTotp(user.id, wanted.code) } satisfies Answer;
      case "totp-off":
        turnOffTotp(user.id);
        return { section: "totp", done: "The authenticator app is off." } satisfies Answer;
      case "recovery-new":
        return { section: "totp", recoveryCodes: replaceRecoveryCodes(user.id) } satisfies Answer;
      case "require":
        setSecondFactorRequired(user.id, wanted.required === "on");
        return { section: "require", done: "Saved." } satisfies Answer;
    }
  } catch (error) {
    const { status, headers, fieldErrors, formErrors } = domainErrorForForm(error);
    const [field, messages] = Object.entries(fieldErrors)[0] ?? [];
    const error_ = formErrors[0] ?? (field && !INLINE_FIELDS.has(field) ? messages?.[0] : undefined);
    // Not confirmed lately: said in the "confirm it's you" box, which is where to act on it.
    const section = field === "confirm" ? "confirm" : SECTION_OF[wanted.intent];
    return data<Answer>(
      { section, fieldErrors, error: error_ },
      { status: field === "confirm" ? 403 : status, headers },
    );
  }
}
