import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";

import { sessions } from "#db/schema";
import { currentSessionId, getSessionUser, startSession } from "~/features/staff/auth.server";
import {
  endOtherSessions,
  endUserSession,
  listUserSessions,
  purgeExpiredSessions,
  SESSION_IDLE_MS,
} from "~/features/staff/sessions.server";
import { createUser } from "~/features/staff/users.server";
import { getDb } from "~/platform/db.server";

let userId: string;
beforeAll(async () => {
  userId = (await createUser("sessions-owner", "a-long-enough-password")).id;
});

const phone =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 Version/18.0 Safari/604.1";
const laptop = "Mozilla/5.0 (Macintosh; Intel Mac OS X 14_0) AppleWebKit/537.36 Chrome/130.0 Safari/537.36";
const requestWith = (setCookie: string) =>
  new Request("http://localhost/admin/posts", { headers: { Cookie: setCookie.split(";")[0]! } });

describe("admin sessions", () => {
  it("end after an idle period, whatever the cookie says", async () => {
    const request = requestWith(await startSession(userId, laptop));
    expect(await getSessionUser(request)).toMatchObject({ id: userId });
    const id = (await currentSessionId(request))!;
    getDb()
      .update(sessions)
      .set({ lastSeenAt: new Date(Date.now() - SESSION_IDLE_MS - 1000) })
      .where(eq(sessions.id, id))
      .run();
    expect(await getSessionUser(request)).toBeNull();
    purgeExpiredSessions();
    expect(getDb().select().from(sessions).where(eq(sessions.id, id)).get()).toBeUndefined();
  });

  it("are listed for their owner with the device, and can be ended one by one or all but this one", async () => {
    const here = requestWith(await startSession(userId, laptop));
    const there = requestWith(await startSession(userId, phone));
    const third = requestWith(await startSession(userId, phone));
    const current = await currentSessionId(here);
    const listed = listUserSessions(userId, current);
    expect(listed).toHaveLength(3);
    expect(listed.filter((s) => s.current)).toHaveLength(1);
    expect(listed.map((s) => s.userAgent).sort()).toEqual([laptop, phone, phone].sort());
    // The handle is not the secret session id.
    expect(listed.map((s) => s.handle)).not.toContain(current);

    const phoneSession = listed.find((s) => !s.current)!;
    expect(endUserSession(userId, phoneSession.handle)).toBe(true);
    expect(endUserSession(userId, phoneSession.handle)).toBe(false);
    expect(listUserSessions(userId, current)).toHaveLength(2);

    endOtherSessions(userId, current!);
    expect(await getSessionUser(here)).toMatchObject({ id: userId });
    expect(await getSessionUser(there)).toBeNull();
    expect(await getSessionUser(third)).toBeNull();
  });

  it("cannot be ended by another user", async () => {
    const other = (await createUser("someone-else", "another-long-password")).id;
    const mine = requestWith(await startSession(userId, laptop));
    const handle = listUserSessions(userId, await currentSessionId(mine))[0]!.handle;
    expect(endUserSession(other, handle)).toBe(false);
    expect(await getSessionUser(mine)).toMatchObject({ id: userId });
  });
});
