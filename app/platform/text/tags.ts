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

/**
 * The value of `values` that is `wanted` in another letter case ("seo" → "SEO"): the spelling to send
 * an address to. None when `wanted` is itself one of them (an import can bring "Markup" and "markup").
 */
export function otherCase(values: readonly string[], wanted: string): string | undefined {
  return values.includes(wanted) ? undefined : inAnyCase(values, wanted);
}

/** The first of `values` that is `wanted` in any letter case ("seo" finds "SEO"); none for "". */
export function inAnyCase(values: readonly string[], wanted: string): string | undefined {
  if (!wanted) return undefined;
  const lower = wanted.toLowerCase();
  return values.find((value) => value.toLowerCase() === lower);
}
