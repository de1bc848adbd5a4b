import { createHash } from "node:crypto";

import { visitorToday } from "~/features/analytics/index.server";
import type { Converter } from "~/platform/conversions.server";
import { getDb } from "~/platform/db.server";

import { flushVisitorDays } from "./counting.server";
import { runningByPath } from "./experiments.server";

/** A confirmation link lasts a week (the newsletter's CONFIRM_LINK_DAYS); a sign-up waits a day longer, then goes. */
export const SIGNUP_WAITS_DAYS = 8;

/** The address as a key that does not show it: the sign-up's arm is never stored beside an address. */
const keyOf = (email: string) =>
  createHash("sha256").update(`experiment-signup|${email.trim().toLowerCase()}`).digest("base64url");

/**
 * A sign-up from the site's form: for each running experiment with the newsletter as its goal whose arm
 * this visitor saw today, the visitor-day is taken (it converts once) and waits for the address's
 * confirmation. Nothing is counted yet: an unconfirmed address may be a typo or someone else's.
 */
export function noteNewsletterSignUp(email: string, who: Converter) {
  const ids = [...runningByPath().values()]
    .filter((each) => each.goal === "newsletter")
    .map((each) => each.id);
  if (!ids.length) return;
  flushVisitorDays();
  const today = visitorToday(who, { create: false });
  if (!today) return;
  const sqlite = getDb().$client;
  const take = sqlite.prepare<[string, string, string], { experimentId: number; day: string; arm: string }>(
    `update experiment_visitors set converted = 1
     where experiment_id in (select value from json_each(?)) and day = ? and visitor = ? and converted = 0
     returning experiment_id as experimentId, day, arm`,
  );
  const wait = sqlite.prepare(
    "insert into experiment_signups (email_key, experiment_id, day, arm) values (@emailKey, @experimentId, @day, @arm) on conflict do nothing",
  );
  const emailKey = keyOf(email);
  sqlite
    .transaction(() => {
      for (const row of take.all(JSON.stringify(ids), today.day, today.visitor))
        wait.run({ emailKey, ...row });
    })
    .immediate();
}

/** An address confirmed: its waiting sign-ups count, each for the day and arm it was made in, while the experiment runs. */
export function countConfirmedSignUp(email: string) {
  const sqlite = getDb().$client;
  const done = sqlite.prepare<[string], { experimentId: number; day: string; arm: string }>(
    "delete from experiment_signups where email_key = ? returning experiment_id as experimentId, day, arm",
  );
  const tally = sqlite.prepare(
    `update experiment_daily set conversions = conversions + 1
     where experiment_id = @experimentId and day = @day and arm = @arm
       and experiment_id in (select id from experiments where status = 'running')`,
  );
  sqlite
    .transaction(() => {
      for (const row of done.all(keyOf(email))) tally.run(row);
    })
    .immediate();
}

/** Sign-ups forgotten at once: the roll-up gives the event loop back between slices. */
export const FORGOTTEN_AT_ONCE = 500;

/** Deletes up to FORGOTTEN_AT_ONCE sign-ups whose confirmation link has expired (they will never count). */
export function forgetUnconfirmedSignUps(now = new Date()): number {
  return getDb()
    .$client.prepare(
      "delete from experiment_signups where rowid in (select rowid from experiment_signups where created_at < ? limit ?)",
    )
    .run(now.getTime() - SIGNUP_WAITS_DAYS * 24 * 60 * 60 * 1000, FORGOTTEN_AT_ONCE).changes;
}
