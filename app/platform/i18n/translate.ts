import { IntlMessageFormat, type PrimitiveType } from "intl-messageformat";

import type { Catalog, MessageId } from "./catalogs/en";
import { type Language, LANGUAGES } from "./languages";

export type Translate = (id: MessageId, values?: Record<string, PrimitiveType>) => string;

// A message is parsed once per language and text, not on every render.
const parsed = new Map<string, IntlMessageFormat>();

/**
 * `t(id, values)` for one language: its catalog's message formatted with `Intl` (plural rules, numbers)
 * for the language's tag. Used on the server by loaders and actions, and by components through the words
 * the root loader sends (use-words.ts).
 */
export function translator(lang: Language, catalog: Catalog): Translate {
  const locale = LANGUAGES[lang].tag;
  return (id, values) => {
    const message = Object.hasOwn(catalog, id) ? catalog[id] : id;
    const cacheKey = `${locale}\u0000${message}`;
    let format = parsed.get(cacheKey);
    if (!format) {
      format = new IntlMessageFormat(message, locale);
      parsed.set(cacheKey, format);
    }
    return String(format.format(values));
  };
}
