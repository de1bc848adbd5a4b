import { flesch } from "flesch";
import { syllable } from "syllable";

import { isChosenCover } from "~/platform/images";

/**
 * The checks while writing: what a post, a case study or a page's words would publish with that fails
 * search or accessibility. Pure (no database, no DOM), so the server (stored per post on save, the API)
 * and the editor (as one types) run the same code; what needs the database comes in `context`.
 * None of it blocks a save.
 */

export type WritingProblemCode =
  | "image-no-alt"
  | "image-alt-file-name"
  | "cover-no-alt"
  | "heading-h1"
  | "heading-skip"
  | "link-text-vague"
  | "link-text-url"
  | "link-broken"
  | "search-title-long"
  | "search-title-short"
  | "search-description-long"
  | "search-description-short"
  | "summary-missing"
  | "social-image-missing"
  | "title-duplicate"
  | "paragraph-long"
  | "readability-low";

/** One problem: what it is (`code`), what to do in plain words, where (the field, and a place in it). */
export type WritingProblem = {
  code: WritingProblemCode;
  message: string;
  where: string;
  /** The form field it is in, for the editor's link to it. */
  field: string;
};

export type WritingInput = {
  title: string;
  /** The body's HTML (sanitized as saved, or as the editor holds it). */
  html: string;
  /** The summary as written (an empty one is made from the body on save). */
  summary: string;
  seoTitle?: string | null;
  seoDescription?: string | null;
  socialImage?: string | null;
  coverImage?: string | null;
  coverAlt?: string | null;
  /** The words' language: the reading-ease score is English's formula, so only "en" is scored. */
  lang?: string;
};

export type WritingContext = {
  /** Whether the site answers an internal path; absent: internal links are not checked. */
  pageExists?: (path: string) => boolean;
  /** Another item of the same kind has this title. */
  duplicateTitle?: boolean;
};

/** Where results pages cut a title and a description (Google's ~600 px and ~920 px, in characters). */
export const SEARCH_TITLE = { min: 30, max: 60 };
export const SEARCH_DESCRIPTION = { min: 70, max: 160 };
/** A paragraph past this many words is a wall of text on a phone. */
export const LONG_PARAGRAPH_WORDS = 150;
/** Below this Flesch reading ease, the words are hard going for most readers (60-70 is plain English). */
export const READING_EASE_FLOOR = 50;
/** Too few words for a score to mean anything. */
const READING_EASE_MIN_WORDS = 100;
/**
 * The score is read from the body's first 2,000 words: a fair sample of a writer's sentences, and
 * bounded on a huge body (counting syllables costs some 8 µs a word).
 */
const READING_EASE_SAMPLE_WORDS = 2_000;
/** The most problems of one kind listed (a 1 MB import can have thousands of bare links). */
const MOST_OF_A_KIND = 20;
/** The most of a body read (characters): the editor and the API take at most 500 kB. */
const MOST_HTML = 1_000_000;
/** The body's words kept for the reading-ease sample (characters): more than its 5,000 words need. */
const MOST_TEXT = 40_000;

const VAGUE_LINK_TEXT = new Set([
  "click here",
  "click",
  "here",
  "read more",
  "more",
  "learn more",
  "find out more",
  "this",
  "this link",
  "link",
  "go",
  "continue",
  "see more",
  "more info",
  "info",
]);

const IMAGE_FILE = /\.(?:jpe?g|png|gif|webp|avif|svg|bmp|tiff?|heic)$/i;
const CAMERA_NAME = /^(?:img|dsc|dscn|pxl|screenshot|photo|image)[-_ ]?\d/i;

/** Entities the sanitizer writes, decoded enough to count words and compare link text. */
const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', "#39": "'", nbsp: " " };
const decode = (text: string) =>
  text.replace(/&(amp|lt|gt|quot|#39|nbsp);/g, (_, name: string) => ENTITIES[name] ?? "");

const squash = (text: string) => decode(text).replace(/\s+/g, " ").trim();

const ATTRIBUTE_PATTERNS = new Map<string, RegExp>();

function attribute(attributes: string, name: string): string | undefined {
  let pattern = ATTRIBUTE_PATTERNS.get(name);
  if (!pattern) {
    // Attribute values never hold "<" or ">" (the tag pattern stops there), so this stays linear.
    pattern = new RegExp(`(?:^|\\s)${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)'|([^\\s"'=<>\`]+))`, "i");
    ATTRIBUTE_PATTERNS.set(name, pattern);
  }
  const found = pattern.exec(attributes);
  if (!found) return undefined;
  return decode(found[1] ?? found[2] ?? found[3] ?? "");
}

const words = (text: string) => text.split(/\s+/).filter(Boolean);

/** Words in a piece of text, counted without splitting it (a paragraph may be a megabyte). */
function wordCount(text: string) {
  let count = 0;
  let inWord = false;
  for (let i = 0; i < text.length; i++) {
    const space = text.charCodeAt(i) <= 32;
    if (!space && !inWord) count++;
    inWord = !space;
  }
  return count;
}

/** The Flesch reading ease of English text (flesch + syllable), from at most its first 2,000 words. */
export function readingEase(text: string): { score: number; words: number } | null {
  const sample = words(text.slice(0, READING_EASE_SAMPLE_WORDS * 16)).slice(0, READING_EASE_SAMPLE_WORDS);
  const counted = sample.filter((word) => /[a-z]/i.test(word));
  if (counted.length < READING_EASE_MIN_WORDS) return null;
  const sentences = Math.max(
    1,
    sample
      .join(" ")
      .split(/[.!?]+(?:\s|$)/)
      .filter((s) => s.trim()).length,
  );
  const known = new Map<string, number>();
  let syllables = 0;
  for (const word of counted) {
    const bare = word.replace(/[^a-z'’-]/gi, "").toLowerCase();
    let count = known.get(bare);
    if (count === undefined) known.set(bare, (count = syllable(bare)));
    syllables += count;
  }
  const score = flesch({ sentence: sentences, word: counted.length, syllable: syllables });
  return { score: Math.round(score), words: counted.length };
}

type AddProblem = (code: WritingProblemCode, describe: () => [message: string, where: string]) => void;

type BodyFacts = {
  problems: WritingProblem[];
  text: string;
};

/** One pass over the body's tags (linear: no pattern can look past the next "<"). */
function checkBody(html: string, context: WritingContext): BodyFacts {
  const problems: WritingProblem[] = [];
  const counts = new Map<WritingProblemCode, number>();
  // Words are only made for the problems listed: a body may hold thousands of one kind.
  const add: AddProblem = (code, describe) => {
    const seen = counts.get(code) ?? 0;
    counts.set(code, seen + 1);
    if (seen >= MOST_OF_A_KIND) return;
    const [message, where] = describe();
    problems.push({ code, message, where: `Body, ${where}`, field: "content" });
  };
  // Each address is looked up once (a look-up may be a query).
  const known = new Map<string, boolean>();
  const pageExists = context.pageExists;
  const linkContext: WritingContext = pageExists
    ? {
        pageExists: (path) => {
          let found = known.get(path);
          if (found === undefined) known.set(path, (found = pageExists(path)));
          return found;
        },
      }
    : {};
  const source = html.length > MOST_HTML ? html.slice(0, MOST_HTML) : html;
  const tag = /<(\/?)([a-z][a-z0-9]*)([^<>]*)>/gi;
  const text: string[] = [];
  let textLength = 0;
  let images = 0;
  let lastHeading = 1;
  let paragraphs = 0;
  let paragraph: { words: number; start: string } | null = null;
  let link: { href: string; text: string[] } | null = null;
  let at = 0;
  const onText = (chunk: string) => {
    if (!chunk) return;
    if (textLength < MOST_TEXT) {
      text.push(chunk.slice(0, MOST_TEXT - textLength));
      textLength += chunk.length;
    }
    if (paragraph) {
      paragraph.words += wordCount(chunk);
      if (paragraph.start.length < 80) paragraph.start += ` ${chunk.slice(0, 80)}`;
    }
    link?.text.push(chunk);
  };
  for (let match = tag.exec(source); match; match = tag.exec(source)) {
    onText(source.slice(at, match.index));
    at = tag.lastIndex;
    const closing = match[1] === "/";
    const name = match[2]!.toLowerCase();
    const attributes = match[3] ?? "";
    if (name === "img" && !closing) {
      images++;
      const alt = attribute(attributes, "alt")?.trim();
      const src = attribute(attributes, "src") ?? "";
      const file = src.split(/[?#]/)[0]!.split("/").pop() ?? "";
      if (!alt)
        add("image-no-alt", () => [
          "Describe the image for people who cannot see it (alt text)",
          `image ${images}${file ? ` (${file})` : ""}`,
        ]);
      else if (IMAGE_FILE.test(alt) || CAMERA_NAME.test(alt) || (file && alt === file))
        add("image-alt-file-name", () => [
          `The image's description is a file name ("${alt.slice(0, 60)}"): say what it shows`,
          `image ${images}`,
        ]);
    } else if (/^h[1-6]$/.test(name) && !closing) {
      const level = Number(name[1]);
      if (level === 1)
        add("heading-h1", () => [
          "The title is the page's one main heading (H1): use H2 for a section",
          `heading "${headingText(source, at)}"`,
        ]);
      else if (level > lastHeading + 1)
        add("heading-skip", () => [
          `A heading skips from H${lastHeading} to H${level}: use H${lastHeading + 1}`,
          `heading "${headingText(source, at)}"`,
        ]);
      lastHeading = level;
    } else if (name === "p" || name === "li" || name === "blockquote") {
      if (closing && paragraph) {
        if (name === "p") paragraphs++;
        const { words: count, start } = paragraph;
        if (count > LONG_PARAGRAPH_WORDS)
          add("paragraph-long", () => [
            `A paragraph of ${count} words: break it up (about ${LONG_PARAGRAPH_WORDS} at most)`,
            `paragraph ${name === "p" ? paragraphs : "in a list or quote"}, "${firstWords(start)}"`,
          ]);
        paragraph = null;
      } else if (!closing) paragraph = { words: 0, start: "" };
    } else if (name === "a") {
      if (!closing) link = { href: attribute(attributes, "href") ?? "", text: [] };
      else if (link) {
        checkLink(link.href, squash(link.text.join("")), linkContext, add);
        link = null;
      }
    } else if (name === "br" || name === "div" || /^h[1-6]$/.test(name) || name === "td" || name === "th")
      onText(" ");
  }
  onText(source.slice(at));
  return { problems, text: squash(text.join(" ")) };
}

function headingText(source: string, from: number) {
  // Only the next 200 characters are looked at: a body of unclosed headings must not be read again each time.
  const near = source.slice(from, from + 200);
  const end = near.indexOf("</h");
  const inner = end === -1 ? near : near.slice(0, end);
  return firstWords(squash(inner.replace(/<[^<>]*>/g, "")), 8);
}

function firstWords(text: string, count = 6) {
  const all = words(squash(text));
  return all.slice(0, count).join(" ") + (all.length > count ? "…" : "");
}

/** An address or a quote shortened for a message. */
const clip = (text: string, most = 100) => (text.length > most ? `${text.slice(0, most)}…` : text);

/** An internal path of this site ("/blog/x", not "//host" or "https://…"), without query or fragment. */
function internalPath(href: string): string | null {
  if (!href.startsWith("/") || href.startsWith("//")) return null;
  return href.split(/[?#]/)[0]!;
}

function checkLink(href: string, text: string, context: WritingContext, add: AddProblem) {
  // The phrases are short: a long text is never one (and is not run through the pattern).
  const said =
    text.length > 40
      ? ""
      : text
          .toLowerCase()
          .replace(/[.…:!→»>]+$/g, "")
          .trim();
  if (VAGUE_LINK_TEXT.has(said))
    add("link-text-vague", () => [
      `The link text "${text}" does not say where it goes: name the page`,
      `link to ${clip(href) || "nowhere"}`,
    ]);
  else if (/^(?:https?:\/\/|www\.)\S+$/i.test(text))
    add("link-text-url", () => [
      "The link text is a bare address: say what the page is",
      `link to ${clip(href || text)}`,
    ]);
  const path = internalPath(href);
  if (path && context.pageExists && !context.pageExists(path))
    add("link-broken", () => [
      `The link to ${clip(path)} goes to a page that does not exist (or is not live)`,
      `link "${firstWords(text) || clip(path)}"`,
    ]);
}

/** A search title or description too long for results pages (they cut it) or too short to say much. */
function searchLength({
  what,
  text,
  field,
  bounds,
  code,
  range,
}: {
  what: string;
  text: string;
  field: string;
  bounds: { min: number; max: number };
  code: "search-title" | "search-description";
  range: string;
}): WritingProblem[] {
  const where = what[0]!.toUpperCase() + what.slice(1);
  if (text.length > bounds.max)
    return [
      {
        code: `${code}-long`,
        message: `The ${what} is ${text.length} characters: results pages cut it after about ${bounds.max}`,
        where,
        field,
      },
    ];
  if (text && text.length < bounds.min)
    return [
      {
        code: `${code}-short`,
        message: `The ${what} is ${text.length} characters: say more (${range})`,
        where,
        field,
      },
    ];
  return [];
}

/** Every check of an item's words; problems in the order a reader meets them (fields, then the body). */
export function checkWriting(input: WritingInput, context: WritingContext = {}): WritingProblem[] {
  const problems: WritingProblem[] = [];
  const title = input.title.trim();
  if (context.duplicateTitle && title)
    problems.push({
      code: "title-duplicate",
      message: "Another item has this title: search engines and readers cannot tell them apart",
      where: "Title",
      field: "title",
    });
  const summary = input.summary.trim();
  if (!summary)
    problems.push({
      code: "summary-missing",
      message: "Write a summary: it is what lists and search results show (one is made from the first lines)",
      where: "Summary",
      field: "excerpt",
    });
  problems.push(
    ...searchLength({
      what: "search title",
      text: input.seoTitle?.trim() || title,
      field: input.seoTitle?.trim() ? "seoTitle" : "title",
      bounds: SEARCH_TITLE,
      code: "search-title",
      range: `${SEARCH_TITLE.min} to ${SEARCH_TITLE.max} reads well in results`,
    }),
    ...searchLength({
      what: "search description",
      text: input.seoDescription?.trim() || summary,
      field: input.seoDescription?.trim() ? "seoDescription" : "excerpt",
      bounds: SEARCH_DESCRIPTION,
      code: "search-description",
      range: `${SEARCH_DESCRIPTION.min} to ${SEARCH_DESCRIPTION.max}`,
    }),
  );
  if (!input.socialImage?.trim() && !input.coverImage?.trim())
    problems.push({
      code: "social-image-missing",
      message: "Choose a cover or a social image: it is the picture shown when the page is shared",
      where: "Social image",
      field: "socialImage",
    });
  // The artwork the site draws for an item without a cover is described by the site, not the writer.
  if (isChosenCover(input.coverImage?.trim()) && !input.coverAlt?.trim())
    problems.push({
      code: "cover-no-alt",
      message: "Describe the cover image for people who cannot see it",
      where: "Cover image description",
      field: "coverAlt",
    });
  const body = checkBody(input.html, context);
  problems.push(...body.problems);
  if ((input.lang ?? "en") === "en") {
    const ease = readingEase(body.text);
    if (ease && ease.score < READING_EASE_FLOOR)
      problems.push({
        code: "readability-low",
        message: `Reading ease ${ease.score} (Flesch): hard going; shorter sentences and plainer words read better (60 or more)`,
        where: "Body",
        field: "content",
      });
  }
  return problems;
}

/** The body's reading ease for the editor to show, or null when too short or not English. */
export function bodyReadingEase(html: string, lang = "en") {
  return lang === "en" ? readingEase(checkBody(html, {}).text) : null;
}
