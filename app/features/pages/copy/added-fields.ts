import { contactDetails, contactFaq, contactMessage, contactStats } from "../content/contact";
import { clientsHeading } from "../content/home";
import { legalPages } from "../content/legal";
import { serviceHeroActions, serviceQuoteLabel, serviceWork } from "../content/services";
import type { PageKind } from "./page-schemas";

/**
 * Fields a kind of page gained after sites were running with its copy, by their path, with the
 * starting words they take. A page's copy stored before a field existed (every running site's row:
 * the start-up never overwrites one, an old site archive, an earlier revision restored) is given the
 * field's starting words, so it renders and passes the page's schema on the next save. Only a field
 * that is missing is filled; whatever the owner wrote, or emptied, stays as it is.
 */
const ADDED_FIELDS: Partial<Record<PageKind, Record<string, unknown>>> = {
  home: { clients: clientsHeading },
  about: { clients: clientsHeading },
  service: {
    "hero.actions": serviceHeroActions,
    work: serviceWork,
    "benefits.quoteLabel": serviceQuoteLabel,
  },
  contact: {
    details: contactDetails,
    stats: contactStats,
    message: contactMessage,
    faq: contactFaq,
  },
};

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/**
 * `copy` with every field its kind gained since filled in from the starting words where it is missing
 * (a new object: `copy` is not changed). Anything that is not a page's object is returned as it is,
 * for the schema to refuse.
 */
export function withAddedFields<T>(kind: PageKind, copy: T): T {
  if (kind === "legal") return withLegalMeta(copy);
  const added = ADDED_FIELDS[kind];
  if (!added || !isPlainObject(copy)) return copy;
  const filled: Record<string, unknown> = structuredClone(copy);
  for (const [path, words] of Object.entries(added)) {
    const parts = path.split(".");
    const field = parts.pop()!;
    let parent: unknown = filled;
    for (const part of parts)
      parent = isPlainObject(parent) && Object.hasOwn(parent, part) ? parent[part] : null;
    if (isPlainObject(parent) && !Object.hasOwn(parent, field)) parent[field] = structuredClone(words);
  }
  return filled as T;
}

/** The legal pages' starting descriptions before they had search words of their own (what running sites hold). */
const FORMER_LEGAL_DESCRIPTIONS = [
  "How {name} collects, uses and protects your personal data under the GDPR.",
  "The terms for using the {name} website.",
  "Which cookies and similar technologies the {name} website uses.",
];

/**
 * A legal page's copy from before it had a search title and description of its own ("meta", as every
 * page has): its one `description` moves there, with the page's title as its search title. Words the
 * owner never changed take the starting search words, which read well in results.
 */
export function withLegalMeta<T>(copy: T): T {
  if (!isPlainObject(copy) || Object.hasOwn(copy, "meta")) return copy;
  const { description, ...rest } = copy;
  const title = typeof rest.title === "string" ? rest.title : "";
  const starting = legalPages.find(
    (page) =>
      page.title === title &&
      (page.description === description || FORMER_LEGAL_DESCRIPTIONS.includes(String(description))),
  );
  const meta = starting
    ? { title: starting.searchTitle, description: starting.description }
    : { title: title.slice(0, 70), description: typeof description === "string" ? description : "" };
  // A new object at the top only: the fields below are the body's own (copying them whole overflowed the
  // stack on a body nested thousands deep, which the schema refuses at its first level anyway).
  return { meta, ...rest } as T;
}
