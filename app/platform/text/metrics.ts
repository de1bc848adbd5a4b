/** "312% Online Bookings" → { value: "312%", label: "Online Bookings" }: the first word is the figure. */
export function splitMetric(metric: string): { value: string; label: string } {
  const trimmed = metric.trim();
  const space = trimmed.search(/\s/);
  if (space === -1) return { value: trimmed, label: "" };
  return { value: trimmed.slice(0, space), label: trimmed.slice(space).trim() };
}

/** "1 minute", "15 minutes": a wait in seconds, rounded up to whole minutes (at least one). */
export function minutesToWait(seconds: number): string {
  return plural(Math.max(1, Math.ceil(seconds / 60)), "minute");
}

/** "1 project", "10 projects". */
export function plural(count: number, singular: string, pluralForm = `${singular}s`): string {
  return `${count} ${count === 1 ? singular : pluralForm}`;
}
