/**
 * A small number that a text always gives (FNV-1a, 32 bits), for choices that must stay the same on
 * every render and in the browser: a person's drawn likeness, a client's wordmark, where a study's
 * quote falls. Not for anything secret.
 */
export function stableHash(text: string): number {
  let hash = 2166136261;
  for (const char of text) hash = Math.imul(hash ^ char.codePointAt(0)!, 16777619);
  return hash >>> 0;
}
