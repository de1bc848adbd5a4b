import { and, eq, inArray, isNull, type SQL } from "drizzle-orm";
import type { AnySQLiteColumn, SQLiteTable } from "drizzle-orm/sqlite-core";

import { getDb, type Tx } from "~/platform/db.server";
import { ConflictError, FieldError, isUniqueViolation, NotFoundError } from "~/platform/http/errors.server";
import { chooseSlug } from "~/platform/text/slug";

import { isLanguage, type Language, LANGUAGES, pathIn } from "./languages";
import { siteLanguages } from "./site-languages.server";
import { translationLanguage, type TranslationState, translationStateOf } from "./translation-rules.server";

/** What every translated kind's row holds beside its own words. */
export type TranslationRow = {
  id: string;
  lang: string;
  slug: string;
  title: string;
  status: "draft" | "published";
  sourceUpdatedAt: Date;
  publishedAt: Date | null;
};
export type SourceRow = { id: string; title: string; updatedAt: Date };

/**
 * A kind of content translated as a row beside its source (posts, case studies): its tables and its
 * words. The rules below are the same for every such kind; only these differ.
 */
export type TranslatedKind<Row extends TranslationRow, Source extends SourceRow> = {
  /** "post", "case study": as messages name it. */
  noun: string;
  /** Writes the save into the audit log, inside its transaction. */
  audited: (row: Row, source: Source, subject: string, tx: Tx) => void;
  translations: SQLiteTable & {
    id: AnySQLiteColumn;
    lang: AnySQLiteColumn;
    slug: AnySQLiteColumn;
    status: AnySQLiteColumn;
  };
  /** The translations' column naming their source (post_id). */
  sourceColumn: AnySQLiteColumn;
  sourceIdOf: (row: Row) => string;
  sources: SQLiteTable & {
    id: AnySQLiteColumn;
    slug: AnySQLiteColumn;
    status: AnySQLiteColumn;
    deletedAt: AnySQLiteColumn;
  };
  /** Former addresses of live translations, each answering 301. */
  oldSlugs: SQLiteTable & {
    lang: AnySQLiteColumn;
    oldSlug: AnySQLiteColumn;
    translationId: AnySQLiteColumn;
  };
  /** A source id that names nothing: a field error (posts) or a 404 (case studies). */
  unknownSource: (message: string) => Error;
  /** How the kind makes an address from a title, when it has its own way (case studies). */
  slugOf?: (text: string) => string;
};

const nameOf = (code: Language) => LANGUAGES[code].name;
const capitalised = (noun: string) => noun[0]!.toUpperCase() + noun.slice(1);

export function translationById<Row extends TranslationRow, Source extends SourceRow>(
  kind: TranslatedKind<Row, Source>,
  id: string,
): Row | undefined {
  return getDb().select().from(kind.translations).where(eq(kind.translations.id, id)).get() as
    Row | undefined;
}

/** The source a translation may be made of: one of the default language that is not deleted. */
function sourceFor<Row extends TranslationRow, Source extends SourceRow>(
  kind: TranslatedKind<Row, Source>,
  translationOf: string,
): Source {
  const db = getDb();
  const source = db
    .select()
    .from(kind.sources)
    .where(and(eq(kind.sources.id, translationOf), isNull(kind.sources.deletedAt)))
    .get() as Source | undefined;
  if (source) return source;
  const translation = translationById(kind, translationOf);
  if (translation)
    throw new FieldError(
      "translationOf",
      `That is a translation itself: translate its source ${kind.noun} (${kind.sourceIdOf(translation)})`,
    );
  throw kind.unknownSource(`No ${kind.noun} has this id (translationOf)`);
}

type TranslationInput = { lang: string; translationOf: string; slug?: string | null; title: string };

/**
 * What a save of a translation (`id` undefined: a new one) is checked against before anything is
 * written: the translation exists, its language may be translated into, its source is one, it keeps
 * its source and language once made, and its address is a valid one (a published one's stays its own).
 */
export function translationToSave<Row extends TranslationRow, Source extends SourceRow>(
  kind: TranslatedKind<Row, Source>,
  id: string | undefined,
  input: TranslationInput,
) {
  const before = id ? translationById(kind, id) : undefined;
  if (id && !before) throw new NotFoundError(`${capitalised(kind.noun)} not found`);
  const lang = translationLanguage(input.lang, kind.noun);
  const source = sourceFor(kind, input.translationOf);
  if (before && (kind.sourceIdOf(before) !== source.id || before.lang !== lang))
    throw new FieldError(
      "translationOf",
      `A translation keeps its source ${kind.noun} and language once made`,
    );
  const chosen = chooseSlug(
    input.slug,
    input.title,
    before?.status === "published" ? before.slug : null,
    kind.noun,
    kind.slugOf,
  );
  if ("error" in chosen) throw new FieldError(chosen.error.field, chosen.error.message);
  const publishedAt = (status: string, now: Date) =>
    status === "published" ? (before?.publishedAt ?? now) : (before?.publishedAt ?? null);
  return { before, lang, source, slug: chosen.slug, slugField: chosen.field, publishedAt };
}

/**
 * Writes a translation checked by translationToSave, at once: refused (409) when the source already
 * has one in that language or another of the language's translations has the address, two requests
 * at once included. The new address is this translation's; a live one's former address answers 301.
 */
export function writeTranslation<Row extends TranslationRow, Source extends SourceRow>(
  kind: TranslatedKind<Row, Source>,
  checked: ReturnType<typeof translationToSave<Row, Source>>,
  values: Record<string, unknown>,
  now: Date,
): Row {
  const { before, lang, source, slug, slugField } = checked;
  const { translations: table, oldSlugs: old } = kind;
  try {
    return getDb().transaction(
      (tx) => {
        const twin = tx
          .select({ id: table.id })
          .from(table)
          .where(and(eq(kind.sourceColumn, source.id), eq(table.lang, lang)))
          .get() as { id: string } | undefined;
        if (twin && twin.id !== before?.id)
          throw new ConflictError(
            `This ${kind.noun} already has a ${nameOf(lang)} translation (${twin.id}): change that one`,
            "lang",
          );
        const taken = tx
          .select({ id: table.id })
          .from(table)
          .where(and(eq(table.lang, lang), eq(table.slug, slug)))
          .get() as { id: string } | undefined;
        if (taken && taken.id !== before?.id)
          throw new ConflictError(
            `Another ${nameOf(lang)} ${kind.noun} has the address “${slug}”: choose another`,
            slugField,
          );
        const row = (
          before
            ? tx
                .update(table)
                .set(values as never)
                .where(eq(table.id, before.id))
                .returning()
                .get()
            : tx
                .insert(table)
                .values({ ...values, createdAt: now } as never)
                .returning()
                .get()
        ) as Row;
        tx.delete(old)
          .where(and(eq(old.lang, lang), eq(old.oldSlug, row.slug)))
          .run();
        if (before && before.status === "published" && before.slug !== row.slug)
          tx.insert(old)
            .values({ lang, oldSlug: before.slug, translationId: row.id } as never)
            .onConflictDoUpdate({ target: [old.lang, old.oldSlug], set: { translationId: row.id } as never })
            .run();
        kind.audited(
          row,
          source,
          `${capitalised(kind.noun)} “${source.title}” in ${nameOf(lang)}: “${row.title}”`,
          tx,
        );
        return row;
      },
      { behavior: "immediate" },
    );
  } catch (error) {
    // Two requests at once for the same source and language (or address): the index refuses the second.
    if (isUniqueViolation(error))
      throw new ConflictError(
        `This ${kind.noun} already has a ${nameOf(lang)} translation, or the address is taken`,
      );
    throw error;
  }
}

/** Whether a translation is live: published, with its source published and not deleted. */
export function liveIn<Row extends TranslationRow, Source extends SourceRow>(
  kind: TranslatedKind<Row, Source>,
  lang: Language,
): SQL {
  return and(
    eq(kind.translations.lang, lang),
    eq(kind.translations.status, "published"),
    eq(kind.sources.status, "published"),
    isNull(kind.sources.deletedAt),
  )!;
}

/** Translations with their sources, to be narrowed and ordered by the caller. */
export function translationsWithSources<Row extends TranslationRow, Source extends SourceRow>(
  kind: TranslatedKind<Row, Source>,
) {
  return getDb()
    .select({ translation: kind.translations, source: kind.sources })
    .from(kind.translations)
    .innerJoin(kind.sources, eq(kind.sources.id, kind.sourceColumn));
}

export type WithSource<Row, Source> = { translation: Row; source: Source };

/** A translation by its address in its language: live only, or drafts too for staff. */
export function translationAtAddress<Row extends TranslationRow, Source extends SourceRow>(
  kind: TranslatedKind<Row, Source>,
  lang: Language,
  slug: string,
  includeDrafts: boolean,
): WithSource<Row, Source> | undefined {
  const { translations: table } = kind;
  const where = includeDrafts
    ? and(eq(table.lang, lang), eq(table.slug, slug), isNull(kind.sources.deletedAt))
    : and(liveIn(kind, lang), eq(table.slug, slug));
  return translationsWithSources(kind).where(where).get() as WithSource<Row, Source> | undefined;
}

/** The current address of the live translation that once lived at `oldSlug` in `lang`, for a 301. */
export function movedAddress<Row extends TranslationRow, Source extends SourceRow>(
  kind: TranslatedKind<Row, Source>,
  lang: Language,
  oldSlug: string,
): string | undefined {
  const { translations: table, oldSlugs: old } = kind;
  const row = getDb()
    .select({ slug: table.slug })
    .from(old)
    .innerJoin(table, eq(table.id, old.translationId))
    .innerJoin(kind.sources, eq(kind.sources.id, kind.sourceColumn))
    .where(and(eq(old.lang, lang), eq(old.oldSlug, oldSlug), liveIn(kind, lang)))
    .get() as { slug: string } | undefined;
  return row?.slug;
}

/** The live translations of one source, by language: its versions in the site's other languages. */
export function liveTranslationsOfSource<Row extends TranslationRow, Source extends SourceRow>(
  kind: TranslatedKind<Row, Source>,
  sourceId: string,
): Map<Language, Row> {
  const rows = translationsWithSources(kind)
    .where(
      and(
        eq(kind.sourceColumn, sourceId),
        eq(kind.translations.status, "published"),
        eq(kind.sources.status, "published"),
        isNull(kind.sources.deletedAt),
      ),
    )
    .all() as WithSource<Row, Source>[];
  return new Map(
    rows
      .filter((row) => isLanguage(row.translation.lang))
      .map((row) => [row.translation.lang as Language, row.translation]),
  );
}

export type TranslationOfItem = { id: string; lang: Language; slug: string; state: TranslationState };

/** Every translation of the given sources (drafts too), for the admin's lists: each with its state. */
export function translationsOfSources<Row extends TranslationRow, Source extends SourceRow>(
  kind: TranslatedKind<Row, Source>,
  sources: Pick<SourceRow, "id" | "updatedAt">[],
): Map<string, TranslationOfItem[]> {
  const byId = new Map(sources.map((source) => [source.id, source]));
  const found = new Map<string, TranslationOfItem[]>();
  if (!sources.length) return found;
  const rows = getDb()
    .select()
    .from(kind.translations)
    .where(inArray(kind.sourceColumn, [...byId.keys()]))
    .all() as Row[];
  for (const row of rows) {
    const sourceId = kind.sourceIdOf(row);
    const source = byId.get(sourceId);
    if (!source || !isLanguage(row.lang)) continue;
    const list = found.get(sourceId) ?? [];
    list.push({ id: row.id, lang: row.lang, slug: row.slug, state: translationStateOf(row, source) });
    found.set(sourceId, list);
  }
  return found;
}

/** The languages some source is translated into (drafts too): the site cannot drop one of these. */
export function languagesInUse<Row extends TranslationRow, Source extends SourceRow>(
  kind: TranslatedKind<Row, Source>,
): Language[] {
  return (
    getDb()
      .selectDistinct({ lang: kind.translations.lang })
      .from(kind.translations)
      .innerJoin(kind.sources, eq(kind.sources.id, kind.sourceColumn))
      .where(isNull(kind.sources.deletedAt))
      .all() as { lang: string }[]
  )
    .map((row) => row.lang)
    .filter(isLanguage);
}

/**
 * Every live source's address in each of the site's languages it is live in (`base` the kind's path,
 * "/blog"), as a version finder gives them one at a time: one query for the sitemap's thousands.
 */
export function everyLiveVersion<Row extends TranslationRow, Source extends SourceRow>(
  kind: TranslatedKind<Row, Source>,
  base: string,
): Partial<Record<Language, string>>[] {
  const site = siteLanguages();
  const { sources, translations: table } = kind;
  const rows = getDb()
    .select({ id: sources.id, slug: sources.slug, lang: table.lang, translated: table.slug })
    .from(sources)
    .leftJoin(table, and(eq(kind.sourceColumn, sources.id), eq(table.status, "published")))
    .where(and(eq(sources.status, "published"), isNull(sources.deletedAt)))
    .all() as { id: string; slug: string; lang: string | null; translated: string | null }[];
  const versions = new Map<string, Partial<Record<Language, string>>>();
  for (const { id, slug, lang, translated } of rows) {
    let found = versions.get(id);
    if (!found) versions.set(id, (found = { [site.default]: `${base}/${slug}` }));
    if (isLanguage(lang) && translated !== null && lang !== site.default && site.languages.includes(lang))
      found[lang] = pathIn(lang, `${base}/${translated}`, site);
  }
  return [...versions.values()];
}
