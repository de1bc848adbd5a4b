/** "SEO, Local SEO,, PPC " → ["SEO", "Local SEO", "PPC"]: split on commas, trimmed, empties and repeats dropped. */
export function parseTags(input: string): string[] {
  return [
    ...new Set(
      input
        .split(",")
        .map((tag) => tag.trim())
        .filter(Boolean),
    ),
  ];
}
