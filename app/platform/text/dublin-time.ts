/** The admin writes publish times as Dublin wall time; the database keeps instants. */
export const SITE_TIME_ZONE = "Europe/Dublin";

const wallClock = new Intl.DateTimeFormat("en-GB", {
  timeZone: SITE_TIME_ZONE,
  hourCycle: "h23",
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
  hour: "2-digit",
  minute: "2-digit",
  second: "2-digit",
});

type Wall = { year: number; month: number; day: number; hour: number; minute: number; second: number };

function wallTimeOf(date: Date): Wall {
  const part = (type: Intl.DateTimeFormatPartTypes) =>
    Number(wallClock.formatToParts(date).find((p) => p.type === type)?.value);
  return {
    year: part("year"),
    month: part("month"),
    day: part("day"),
    hour: part("hour"),
    minute: part("minute"),
    second: part("second"),
  };
}

const asUtc = (w: Wall) => Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second);

/** Dublin's offset from UTC at `instant`, in milliseconds (0 in winter, one hour in summer). */
const offsetAt = (instant: number) =>
  asUtc(wallTimeOf(new Date(instant))) - Math.floor(instant / 1000) * 1000;

const LOCAL = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,3})?)?$/;
// As the admin types it: "27/11/2026 14:30", also "27.11.26, 2.30pm", "27-11-2026 at 9am" (dots or
// dashes, a two-digit year, a comma or "at" before the time, a 12-hour time with am or pm).
const DAY_FIRST =
  /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{2}|\d{4}),?\s+(?:at\s+)?(\d{1,2})(?:[:.](\d{2}))?\s*([ap]\.?m\.?)?$/i;

/** The parts of a day-first time as [year, month, day, hour, minute, second], or undefined. */
function dayFirstParts(value: string): string[] | undefined {
  const match = DAY_FIRST.exec(value.trim());
  if (!match) return undefined;
  const [, day, month, year, hourText, minute, meridiem] = match;
  let hour = Number(hourText);
  if (meridiem) {
    if (hour < 1 || hour > 12) return undefined;
    hour = (hour % 12) + (/^p/i.test(meridiem) ? 12 : 0);
  } else if (minute === undefined) return undefined;
  return [year!.length === 2 ? `20${year}` : year!, month!, day!, String(hour), minute ?? "0", "0"];
}
const WITH_OFFSET = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}:?\d{2})$/i;

/**
 * An ISO 8601 date and time as an instant: with `Z` or an offset it is that instant; without one (a
 * `datetime-local` value, e.g. "2026-03-29T09:30") it is Dublin wall time, summer time included, as
 * is a time typed day first ("29/03/2026 09:30", as the editor shows it). A time
 * the clocks skip (01:xx on the last Sunday of March) is undefined; one they repeat (01:xx on the last
 * Sunday of October) is the first of the two. Anything else is undefined.
 */
export function parsePublishTime(value: string): Date | undefined {
  if (WITH_OFFSET.test(value)) {
    const date = new Date(value);
    // A day the month does not have (30 February) is refused, not rolled into the next month.
    const [year, month, day] = value.slice(0, 10).split("-").map(Number);
    const real = new Date(Date.UTC(year!, month! - 1, day!)).getUTCDate() === day;
    return Number.isNaN(date.getTime()) || !real ? undefined : date;
  }
  const match = dayFirstParts(value) ?? LOCAL.exec(value)?.slice(1);
  if (!match) return undefined;
  const [year, month, day, hour, minute, second] = match.map((part) => Number(part ?? 0));
  const wall: Wall = { year: year!, month: month!, day: day!, hour: hour!, minute: minute!, second: second! };
  const guess = asUtc(wall);
  const check = new Date(guess);
  if (check.getUTCMonth() !== wall.month - 1 || check.getUTCDate() !== wall.day) return undefined;
  if (wall.hour > 23 || wall.minute > 59 || wall.second > 59) return undefined;
  // The offset an hour either side of the guess: the earlier reading wins when the wall time repeats.
  for (const offset of [offsetAt(guess - 3_600_000), offsetAt(guess + 3_600_000)]) {
    const instant = guess - offset;
    if (asUtc(wallTimeOf(new Date(instant))) === guess) return new Date(instant);
  }
  return undefined;
}

/** An instant as the admin reads and types it: Dublin wall time, day first, e.g. "01/07/2026 09:30". */
export function toDayFirstWallTime(date: Date): string {
  const w = wallTimeOf(date);
  const two = (n: number) => String(n).padStart(2, "0");
  return `${two(w.day)}/${two(w.month)}/${w.year} ${two(w.hour)}:${two(w.minute)}`;
}

/** An instant as the value of a `datetime-local` input showing Dublin wall time, e.g. "2026-07-01T09:30". */
export function toDublinWallTime(date: Date): string {
  const w = wallTimeOf(date);
  const two = (n: number) => String(n).padStart(2, "0");
  return `${w.year}-${two(w.month)}-${two(w.day)}T${two(w.hour)}:${two(w.minute)}`;
}

// en-CA writes a date as "2026-11-23"; one format call, not the six parts of the wall clock.
const calendarDay = new Intl.DateTimeFormat("en-CA", {
  timeZone: SITE_TIME_ZONE,
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
});
let lastDay = { minute: NaN, day: "" };

/**
 * The Dublin calendar day of an instant, "2026-11-23": the unit analytics count in. Remembered for the
 * minute (days change on a minute), as every page view asks.
 */
export function dublinDay(date: Date): string {
  const minute = Math.floor(date.getTime() / 60_000);
  if (minute !== lastDay.minute) lastDay = { minute, day: calendarDay.format(date) };
  return lastDay.day;
}

/** The instant a Dublin calendar day begins. */
export const dublinMidnight = (day: string): Date => parsePublishTime(`${day}T00:00`)!;

/** The calendar day `n` days after (or before, for a negative `n`) "YYYY-MM-DD". */
export function addDays(day: string, n: number): string {
  const [year, month, date] = day.split("-").map(Number);
  return new Date(Date.UTC(year!, month! - 1, date! + n)).toISOString().slice(0, 10);
}

/** How many days from `from` to `to`, both counted ("2026-11-01" to "2026-11-30": 30). */
export const daysBetween = (from: string, to: string): number =>
  Math.round((Date.parse(to) - Date.parse(from)) / 86_400_000) + 1;
