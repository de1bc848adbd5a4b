import { data, Form } from "react-router";
import { z } from "zod";

import { describeDevice } from "~/features/analytics";
import { currentSessionId, endSession } from "~/features/staff/auth.server";
import { endOtherSessions, endUserSession, listUserSessions } from "~/features/staff/sessions.server";
import { staffOf } from "~/features/staff/staff-only.server";
import { FORM_LIMIT_BYTES, readFormBody } from "~/platform/http/api.server";
import type { RouteHandle } from "~/platform/pages/route-handle";
import { pageMeta } from "~/platform/pages/seo";
import { momentInDublin } from "~/platform/text/dates";
import { FormError } from "~/ui/forms/form-error";
import { SubmitButton } from "~/ui/forms/submit-button";

import type { Route } from "./+types/admin-sessions";

export const handle: RouteHandle = { access: "contributor" };

export const meta: Route.MetaFunction = () => pageMeta({ title: "Signed-in devices", noindex: true });

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = staffOf(context);
  const sessions = listUserSessions(user.id, await currentSessionId(request));
  return {
    sessions: sessions.map((s) => ({
      handle: s.handle,
      device: describeDevice(s.userAgent),
      signedIn: momentInDublin(s.createdAt),
      lastSeen: momentInDublin(s.lastSeenAt),
      current: s.current,
    })),
  };
}

const EndSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("end"), handle: z.string().min(1).max(64) }),
  z.object({ intent: z.literal("end-others") }),
]);

/** Ends one session (this one signs out) or every other one; a plain form, so no JavaScript needed. */
export async function action({ request, context }: Route.ActionArgs) {
  const user = staffOf(context);
  const parsed = EndSchema.safeParse(
    Object.fromEntries(await readFormBody(request, FORM_LIMIT_BYTES.sessions)),
  );
  if (!parsed.success)
    return data({ error: "That request was not understood. Please try again." }, { status: 400 });
  const current = await currentSessionId(request);
  const wanted = parsed.data;
  if (wanted.intent === "end-others") {
    if (current) endOtherSessions(user.id, current);
    return { error: null };
  }
  const { handle } = wanted;
  const mine = listUserSessions(user.id, current).find((s) => s.handle === handle);
  if (mine?.current) {
    return new Response(null, {
      status: 303,
      headers: { Location: "/admin/login", "Set-Cookie": await endSession(request) },
    });
  }
  if (!endUserSession(user.id, handle))
    return data({ error: "That session has already ended." }, { status: 404 });
  return { error: null };
}

export default function Sessions({ loaderData: { sessions }, actionData }: Route.ComponentProps) {
  const others = sessions.filter((s) => !s.current).length;
  return (
    <section aria-labelledby="sessions-heading">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 id="sessions-heading" className="text-3xl font-bold tracking-tight">
            Signed-in devices
          </h1>
          <p className="mt-2 text-muted">
            Where your account is signed in. A device nobody uses for 8 hours is signed out by itself.
          </p>
        </div>
        {others > 0 && (
          <Form method="post">
            <input type="hidden" name="intent" value="end-others" />
            <SubmitButton
              variant="outline"
              label={`Sign out ${others === 1 ? "the other device" : `all ${others} other devices`}`}
              pendingLabel="Signing out..."
            />
          </Form>
        )}
      </div>
      {actionData?.error && <FormError className="mt-6">{actionData.error}</FormError>}
      <ul className="mt-8 grid gap-3">
        {sessions.map((s) => (
          <li
            key={s.handle}
            className="flex flex-wrap items-center justify-between gap-4 rounded-2xl border border-border bg-card p-5"
          >
            <div>
              <p className="font-semibold">
                {s.device}
                {s.current && (
                  <span className="ml-2 rounded-full bg-secondary/10 px-2 py-0.5 text-xs text-secondary">
                    This device
                  </span>
                )}
              </p>
              <p className="mt-1 text-sm text-muted">
                Signed in {s.signedIn} · last active {s.lastSeen}
              </p>
            </div>
            <Form method="post">
              <input type="hidden" name="intent" value="end" />
              <input type="hidden" name="handle" value={s.handle} />
              <SubmitButton
                variant="outline"
                label={s.current ? "Sign out" : "Sign out this device"}
                pendingLabel="Signing out..."
                aria-label={
                  s.current ? "Sign out of this device" : `Sign out ${s.device}, last active ${s.lastSeen}`
                }
              />
            </Form>
          </li>
        ))}
      </ul>
    </section>
  );
}
