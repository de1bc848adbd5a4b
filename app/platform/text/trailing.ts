/**
 * `text` without the run of `chars` it ends with, by a scan from the end. A regular expression such as
 * /\/+$/ tries every place a run starts, each to the run's end: a link of 120,000 slashes and a letter
 * held the site's thread for 4 s. The first `keep` characters stay whatever they are (1 keeps "/").
 */
export function withoutTrailing(text: string, chars: string, keep = 0): string {
  let end = text.length;
  while (end > keep && chars.includes(text[end - 1]!)) end--;
  return text.slice(0, end);
}
