const longUs = new Intl.DateTimeFormat("en-US", {
  year: "numeric",
  month: "long",
  day: "numeric",
  timeZone: "Europe/Dublin",
});

/** "November 21, 2026" (the agency's own time zone, so server and browser agree), or 'Unknown date'. */
export function formatLongDate(value: Date | string | number | null | undefined): string {
  if (value === null || value === undefined || value === "") return "Unknown date";
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? "Unknown date" : longUs.format(date);
}
