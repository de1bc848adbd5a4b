import { contactDetails, contactFaq, contactMessage, contactStats } from "../content/contact";
import { clientsHeading } from "../content/home";
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
