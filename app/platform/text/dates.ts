// Day first, as Irish readers write it (the first specification said en-US: decision 045).
const longDate = new Intl.DateTimeFormat("en-IE", {
  year: "numeric",
  month: "long",
  day: "numeric",
  timeZone: "Europe/Dublin",
});

/**
 * "21 November 2026" (the agency's own time zone, so server and browser agree), or 'Unknown date'; in
 * another language's spelling given its tag ("ga-IE").
 */
export function formatLongDate(value: Date | string | number | null | undefined, tag = "en-IE"): string {
  if (value === null || value === undefined || value === "") return "Unknown date";
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return "Unknown date";
  return tag === "en-IE" ? longDate.format(date) : longDateIn(tag).format(date);
}

const longDateIn = (tag: string) =>
  new Intl.DateTimeFormat(tag, { year: "numeric", month: "long", day: "numeric", timeZone: "Europe/Dublin" });

/** "Thursday 4 December 2026 at 09:00": a moment spelled out, day first, in Dublin time. */
export const fullDayAndTimeInDublin = new Intl.DateTimeFormat("en-IE", {
  weekday: "long",
  day: "numeric",
  month: "long",
  year: "numeric",
  hour: "2-digit",
  minute: "2-digit",
  timeZone: "Europe/Dublin",
});

/** "12 seconds", "4 minutes", "3 hours": how long ago, in the largest whole unit. */
export function elapsed(seconds: number): string {
  const units: [number, string][] = [
    [86_400, "day"],
    [3600, "hour"],
    [60, "minute"],
    [1, "second"],
  ];
  const s = Math.max(0, Math.round(seconds));
  const [size, name] = units.find(([size]) => s >= size) ?? [1, "second"];
  const n = Math.floor(s / size);
  return `${n} ${name}${n === 1 ? "" : "s"}`;
}

const yearInDublin = new Intl.DateTimeFormat("en-IE", { year: "numeric", timeZone: "Europe/Dublin" });
const dayOfThisYear = new Intl.DateTimeFormat("en-IE", {
  day: "numeric",
  month: "long",
  timeZone: "Europe/Dublin",
});
// The parts of a moment, put together by hand: ICU writes "Tue, 1 Dec, 09:00" without a year but
// "Fri 1 Jan 2027, 19:00" with one, and the admin must write every date one way.
const momentParts = new Intl.DateTimeFormat("en-IE", {
  weekday: "short",
  day: "numeric",
  month: "short",
  year: "numeric",
  hour: "2-digit",
  minute: "2-digit",
  second: "2-digit",
  hourCycle: "h23",
  timeZone: "Europe/Dublin",
});

type Moment = Date | string | number;
const dateOf = (value: Moment) => (value instanceof Date ? value : new Date(value));
const sameYear = (a: Date, b: Date) => yearInDublin.format(a) === yearInDublin.format(b);

function partsOf(date: Date) {
  const parts: Partial<Record<Intl.DateTimeFormatPartTypes, string>> = {};
  for (const part of momentParts.formatToParts(date)) parts[part.type] = part.value;
  return parts;
}

/**
 * The admin's one way of writing a day, in Dublin: "Tue 1 Dec", with the year when it is not `now`'s
 * ("Fri 1 Jan 2027") or when the words are kept (`withYear`: an audit entry read next year).
 * `now` comes from the loader where the page is hydrated.
 */
export function dayInDublin(at: Moment, now: Moment = Date.now(), { withYear = false } = {}): string {
  const date = dateOf(at);
  const p = partsOf(date);
  const day = `${p.weekday} ${p.day} ${p.month}`;
  return !withYear && sameYear(date, dateOf(now)) ? day : `${day} ${p.year}`;
}

/**
 * The admin's one way of writing a moment (a post going live, an import, a sign-in, an audit entry):
 * its day as dayInDublin writes it, then the time: "Tue 1 Dec, 09:00", "Fri 1 Jan 2027, 19:00";
 * with `seconds`, "Tue 1 Dec, 09:00:05"; `withYear` as for dayInDublin.
 */
export function momentInDublin(
  at: Moment,
  now: Moment = Date.now(),
  { seconds = false, withYear = false } = {},
): string {
  const p = partsOf(dateOf(at));
  const time = `${p.hour}:${p.minute}${seconds ? `:${p.second}` : ""}`;
  return `${dayInDublin(at, now, { withYear })}, ${time}`;
}

/**
 * How long ago, as people say it: "just now", "12 seconds ago", "4 minutes ago", "3 hours ago",
 * "2 days ago"; from a week on, the date: "on 3 March", "on 3 March 2013" in another year (never
 * "4979 days ago").
 */
export function timeAgo(at: Moment, now: Moment = Date.now()): string {
  const date = dateOf(at);
  const seconds = (dateOf(now).getTime() - date.getTime()) / 1000;
  if (seconds < 5) return "just now";
  if (seconds < 7 * 86_400) return `${elapsed(seconds)} ago`;
  return `on ${sameYear(date, dateOf(now)) ? dayOfThisYear.format(date) : formatLongDate(date)}`;
}
