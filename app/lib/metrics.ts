/** "312% Online Bookings" → { value: "312%", label: "Online Bookings" }: the first word is the figure. */
export function splitMetric(metric: string): { value: string; label: string } {
  const trimmed = metric.trim();
  const space = trimmed.search(/\s/);
  if (space === -1) return { value: trimmed, label: "" };
  return { value: trimmed.slice(0, space), label: trimmed.slice(space).trim() };
}

/** "1 project", "10 projects". */
export function plural(count: number, singular: string, pluralForm = `${singular}s`): string {
  return `${count} ${count === 1 ? singular : pluralForm}`;
}
