import { htmlToText } from "~/platform/text/html-text";

export const WORDS_PER_MINUTE = 200;

/** Minutes to read at 200 words a minute, rounded up, never less than 1. */
export function readingMinutes(html: string): number {
  const words = htmlToText(html).split(" ").filter(Boolean).length;
  return Math.max(1, Math.ceil(words / WORDS_PER_MINUTE));
}
