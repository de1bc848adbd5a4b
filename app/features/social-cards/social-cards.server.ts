import { createHash, randomBytes } from "node:crypto";
import { existsSync, readFileSync, statSync } from "node:fs";
import { mkdir, readdir, readFile, rename, rm, writeFile } from "node:fs/promises";
import path from "node:path";

import { and, asc, eq, inArray, isNull, like } from "drizzle-orm";
import pLimit from "p-limit";

import {
  caseStudies,
  type CaseStudy,
  caseStudyTranslations,
  pageCopy,
  pageTranslations,
  type Post,
  posts,
  postTranslations,
} from "#db/schema";
import {
  CARD_DESIGN,
  CARD_SIZE,
  type CardInput,
  renderSocialCard,
} from "~/features/social-cards/social-card.server";
import { getDb } from "~/platform/db.server";
import { inPages, keyAfter } from "~/platform/db-pages.server";
import { getEnv } from "~/platform/env.server";
import { translatorFor } from "~/platform/i18n/catalogs.server";
import { isLanguage, type Language } from "~/platform/i18n/languages";
import { log } from "~/platform/log.server";
import { getSiteFacts } from "~/platform/site/site-facts.server";
import { withFacts } from "~/platform/site/site-settings";
import { inBackground, later } from "~/platform/tasks.server";

import { translatedPostCover, translatedStudyCover } from "./artwork/translated-cover.server";
import { studySubjectColumns } from "./study-columns.server";

/**
 * Every published post and case study, and every service visitors can see, has a social card of its
 * own (docs/decisions/024): drawn when it is saved (a service's when its page copy is published), kept
 * in UPLOADS_DIR/cards under a name that holds a hash of what it shows, so a changed card has a new
 * address and the networks fetch it again.
 */

export type CardSubjectKind = "post" | "study" | "service";

/** What a card shows, and whose it is. */
export type CardSubject = {
  kind: CardSubjectKind;
  /** A post's or study's id; a service's address ("seo" for /services/seo). */
  id: string;
  title: string;
  /** A service's one line (its card summary), set under the title. */
  summary?: string | null;
  topic: string | null;
  /** The cover's address on this site; only a raster image is drawn (never an SVG). */
  cover: string | null;
  metric: { value: string; label: string } | null;
  /**
   * The language of its words, for a translation (a post's or study's translation is its own subject,
   * by the translation's id; a service's is its address and this language). None: the default's.
   */
  lang?: Language;
};

/** What a page says about its card in its meta tags. */
export type SocialCard = {
  url: string;
  width: number;
  height: number;
  type: "image/jpeg";
  alt: string;
};

export const CARDS_FOLDER = "cards";
const CARD_URL_PREFIX = `/uploads/${CARDS_FOLDER}/`;
/**
 * A card's file name: its subject's kind and id (a service's in another language with its code,
 * "service-seo.ga"), then the hash of what it shows.
 */
const CARD_NAME =
  /^(?:(post|study)-([0-9a-f-]{36})|(service)-([a-z0-9]+(?:-[a-z0-9]+)*)(?:\.([a-z]{2}))?)-([0-9a-f]{16})\.jpg$/;

type CardOwner = { kind: CardSubjectKind; id: string; lang?: Language };

/** Whose card a file is ("service:seo"), or null for a name that is not a card's. */
function cardOwner(fileName: string): CardOwner | null {
  const match = CARD_NAME.exec(fileName);
  if (!match) return null;
  if (match[1]) return { kind: match[1] as CardSubjectKind, id: match[2]! };
  const lang = match[5];
  if (lang !== undefined && !isLanguage(lang)) return null;
  return { kind: "service", id: match[4]!, ...(lang && { lang }) };
}

const sameOwner = (a: CardOwner, b: CardOwner) => a.kind === b.kind && a.id === b.id && a.lang === b.lang;
/** Images the card can draw (and a network can show): not SVG, whose text and links need a browser. */
export const RASTER_IMAGE = /\.(jpe?g|png|webp|avif|gif)$/i;

/** A post's card; a translation's is its own (its id, title and tags, the source's cover, its language). */
export const postCardSubject = (
  post: Pick<Post, "id" | "title" | "tags" | "coverImage">,
  lang?: Language,
): CardSubject => ({
  kind: "post",
  id: post.id,
  title: post.title,
  topic: post.tags[0] ?? null,
  cover: post.coverImage,
  metric: null,
  ...(lang && { lang }),
});

/**
 * A service's card: its name and its one line, as its page shows them (the agency's facts filled in).
 * `copy` is the service's published page copy.
 */
export const serviceCardSubject = (
  slug: string,
  copy: { title: string; summary: string },
  lang?: Language,
): CardSubject => {
  const words = withFacts({ title: copy.title, summary: copy.summary }, getSiteFacts());
  return {
    kind: "service",
    id: slug,
    title: words.title,
    summary: words.summary,
    topic: null,
    cover: null,
    metric: null,
    ...(lang && { lang }),
  };
};

export const studyCardSubject = (
  caseStudy: Pick<CaseStudy, "id" | "title" | "category" | "clientName" | "coverImage" | "metrics">,
  lang?: Language,
): CardSubject => ({
  kind: "study",
  id: caseStudy.id,
  title: caseStudy.title,
  topic: caseStudy.category || caseStudy.clientName || null,
  cover: caseStudy.coverImage,
  metric: caseStudy.metrics[0] ?? null,
  ...(lang && { lang }),
});

const uploadsRoot = () => path.resolve(getEnv().UPLOADS_DIR);
const cardsDir = () => path.join(uploadsRoot(), CARDS_FOLDER);
/** The site's own files: the build's copy in production (the Docker image has no public/). */
const publicRoot = () => path.resolve(getEnv().NODE_ENV === "production" ? "build/client" : "public");

/** The file behind an address on this site (an upload or one of the site's own images), if it is one. */
function localFile(url: string): string | null {
  let pathname: string;
  try {
    pathname = decodeURIComponent(new URL(url, "http://site.invalid").pathname);
  } catch {
    return null;
  }
  const [root, rest] = pathname.startsWith("/uploads/")
    ? [uploadsRoot(), pathname.slice("/uploads/".length)]
    : [publicRoot(), pathname.slice(1)];
  const file = path.resolve(root, rest);
  return file.startsWith(root + path.sep) ? file : null;
}

/** A cover's content hash, kept while the file's size and time are the same (the artwork can be redrawn in place). */
const coverHashes = new Map<string, { stamp: string; hash: string }>();
function coverFingerprint(cover: string | null): string | null {
  if (!cover || !RASTER_IMAGE.test(new URL(cover, "http://site.invalid").pathname)) return null;
  const file = localFile(cover);
  if (!file) return null;
  try {
    const { size, mtimeMs } = statSync(file);
    const stamp = `${size}:${mtimeMs}`;
    const kept = coverHashes.get(file);
    if (kept?.stamp === stamp) return kept.hash;
    const hash = createHash("sha256").update(readFileSync(file)).digest("hex");
    coverHashes.set(file, { stamp, hash });
    return hash;
  } catch {
    return null; // gone: the card is drawn without it
  }
}

type Plan = {
  name: string;
  hash: string;
  input: Omit<CardInput, "cover">;
  coverFile: string | null;
  alt: string;
};

function plan(subject: CardSubject): Plan {
  const siteName = getSiteFacts().name;
  const cover = coverFingerprint(subject.cover);
  const input = {
    kind: subject.kind,
    title: subject.title,
    topic: subject.topic,
    metric: subject.metric,
    siteName,
    ...(subject.summary && { strapline: subject.summary }),
  } satisfies Omit<CardInput, "cover">;
  const hash = createHash("sha256")
    .update(JSON.stringify({ design: CARD_DESIGN, ...input, cover }))
    .digest("hex")
    .slice(0, 16);
  const language = subject.kind === "service" && subject.lang ? `.${subject.lang}` : "";
  // The card's description in its words' language (English where they are the default's).
  const t = translatorFor(subject.lang ?? "en");
  const { title, topic } = subject;
  return {
    name: `${subject.kind}-${subject.id}${language}-${hash}.jpg`,
    hash,
    input,
    coverFile: cover && subject.cover ? localFile(subject.cover) : null,
    alt:
      subject.kind === "service"
        ? t("card.altService", { title, site: siteName })
        : topic
          ? t("card.altTopic", { title, topic, site: siteName })
          : t("card.alt", { title, site: siteName }),
  };
}

/** Cards whose drawing failed (by name): their pages show the default card until the inputs change. */
const failed = new Set<string>();

/**
 * The card a page names in its meta tags: its address follows from what it shows, so this reads no
 * image. Null when drawing it failed: the page then falls back to the default card.
 */
export function socialCardFor(subject: CardSubject): SocialCard | null {
  const { name, alt } = plan(subject);
  if (failed.has(name)) return null;
  return { url: CARD_URL_PREFIX + name, ...CARD_SIZE, type: "image/jpeg", alt };
}

const drawing = new Map<string, Promise<string | null>>();
let drawn = 0;
/** How many cards this process has drawn (the debounce's test reads it). */
export const socialCardsDrawn = () => drawn;
/** Drawing is mostly work on the main thread: one card at a time, however many saves come at once. */
const oneAtATime = pLimit(1);

/**
 * Draws the subject's card unless it is on disk already (written under a temporary name, then
 * renamed), and removes the subject's earlier cards. Returns the file, or null when drawing failed
 * (logged; never thrown, so a save is never refused for its picture).
 */
export function drawSocialCard(subject: CardSubject): Promise<string | null> {
  const planned = plan(subject);
  const file = path.join(cardsDir(), planned.name);
  const running = drawing.get(planned.name);
  if (running) return running;
  const task = (async () => {
    try {
      if (!existsSync(file)) {
        const started = performance.now();
        const cover = planned.coverFile ? await readFile(planned.coverFile).catch(() => null) : null;
        const jpeg = await oneAtATime(() => renderSocialCard({ ...planned.input, cover }));
        await mkdir(cardsDir(), { recursive: true });
        const temp = path.join(uploadsRoot(), ".tmp", `card-${randomBytes(8).toString("hex")}`);
        await mkdir(path.dirname(temp), { recursive: true });
        await writeFile(temp, jpeg);
        await rename(temp, file);
        drawn++;
        log.debug(
          `Drew the social card of ${subject.kind} ${subject.id} (${Math.round(performance.now() - started)} ms, ${Math.round(jpeg.length / 1024)} KB)`,
        );
      }
      failed.delete(planned.name);
      // The subject's other cards go: all but its current one (another save may have overtaken this one).
      const now = findSubject(ownerOf(subject));
      const keep = now ? plan(now).name : planned.name;
      await removeCards((name) => {
        const owner = cardOwner(name);
        return owner !== null && sameOwner(owner, ownerOf(subject)) && name !== keep;
      });
      return file;
    } catch (error) {
      failed.add(planned.name);
      log.error({ err: error }, `Drawing the social card of ${subject.kind} ${subject.id} failed`);
      return null;
    } finally {
      drawing.delete(planned.name);
    }
  })();
  drawing.set(planned.name, task);
  return task;
}

async function removeCards(unwanted: (name: string) => boolean) {
  const names = await readdir(cardsDir()).catch(() => [] as string[]);
  await Promise.all(
    names
      .filter((n) => cardOwner(n) && unwanted(n))
      .map((n) => rm(path.join(cardsDir(), n), { force: true })),
  );
}

const ownerOf = (subject: CardSubject): CardOwner => ({
  kind: subject.kind,
  id: subject.id,
  ...(subject.kind === "service" && subject.lang && { lang: subject.lang }),
});

type ServiceWords = { title: string; summary: string };

/** A service visitors can see, as its card's subject (its published words, or its translation's). */
function findService(slug: string, lang?: Language): CardSubject | null {
  const db = getDb();
  const shown = and(eq(pageCopy.key, `services/${slug}`), eq(pageCopy.hidden, false));
  if (lang) {
    const row = db
      .select({ published: pageTranslations.published })
      .from(pageTranslations)
      .innerJoin(pageCopy, eq(pageCopy.key, pageTranslations.pageKey))
      .where(and(shown, eq(pageTranslations.lang, lang)))
      .get();
    return row?.published ? serviceCardSubject(slug, row.published as ServiceWords, lang) : null;
  }
  const row = db.select({ published: pageCopy.published }).from(pageCopy).where(shown).get();
  return row ? serviceCardSubject(slug, row.published as ServiceWords) : null;
}

const livePost = and(isNull(posts.deletedAt), inArray(posts.status, ["published", "scheduled"]));
const liveStudy = and(isNull(caseStudies.deletedAt), eq(caseStudies.status, "published"));

/** Every published translation of a live post, as its card's subject. */
function livePostTranslations({ id, after, limit = -1 }: Slice = {}): CardSubject[] {
  return getDb()
    .select({ translation: postTranslations, cover: posts.coverImage })
    .from(postTranslations)
    .innerJoin(posts, eq(posts.id, postTranslations.postId))
    .where(
      and(
        livePost,
        eq(postTranslations.status, "published"),
        id ? eq(postTranslations.id, id) : undefined,
        keyAfter(postTranslations.id, after),
      ),
    )
    .orderBy(asc(postTranslations.id))
    .limit(limit)
    .all()
    .flatMap(({ translation, cover }) =>
      isLanguage(translation.lang)
        ? [
            postCardSubject(
              { ...translation, coverImage: translatedPostCover(cover, translation) },
              translation.lang,
            ),
          ]
        : [],
    );
}

/** Every published translation of a live case study, as its card's subject (its words, the source's figures). */
function liveStudyTranslations({ id, after, limit = -1 }: Slice = {}): CardSubject[] {
  return getDb()
    .select({
      translation: {
        id: caseStudyTranslations.id,
        lang: caseStudyTranslations.lang,
        title: caseStudyTranslations.title,
        category: caseStudyTranslations.category,
        metricLabels: caseStudyTranslations.metricLabels,
      },
      source: studySubjectColumns,
    })
    .from(caseStudyTranslations)
    .innerJoin(caseStudies, eq(caseStudies.id, caseStudyTranslations.caseStudyId))
    .where(
      and(
        liveStudy,
        eq(caseStudyTranslations.status, "published"),
        id ? eq(caseStudyTranslations.id, id) : undefined,
        keyAfter(caseStudyTranslations.id, after),
      ),
    )
    .orderBy(asc(caseStudyTranslations.id))
    .limit(limit)
    .all()
    .flatMap(({ translation, source }) => {
      if (!isLanguage(translation.lang)) return [];
      const metrics = source.metrics.map((metric, index) => ({
        ...metric,
        label: translation.metricLabels[index] ?? metric.label,
      }));
      const words = {
        ...source,
        id: translation.id,
        title: translation.title,
        category: translation.category,
      };
      const coverImage = translatedStudyCover({ ...words, metrics });
      return [studyCardSubject({ ...words, metrics, coverImage }, translation.lang)];
    });
}

/** A published (or scheduled: it goes live on its own) subject by kind and id, or a live translation's. */
function findSubject({ kind, id, lang }: CardOwner): CardSubject | null {
  if (kind === "service") return findService(id, lang);
  const db = getDb();
  if (kind === "post") {
    const post = db
      .select()
      .from(posts)
      .where(and(eq(posts.id, id), livePost))
      .get();
    return post ? postCardSubject(post) : (livePostTranslations({ id })[0] ?? null);
  }
  const caseStudy = db
    .select()
    .from(caseStudies)
    .where(and(eq(caseStudies.id, id), liveStudy))
    .get();
  return caseStudy ? studyCardSubject(caseStudy) : (liveStudyTranslations({ id })[0] ?? null);
}

/**
 * Saves come in bursts: a title saved again a moment later, the cover artwork landing a second after
 * the save. Each would draw a card (most of a core for a moment) only for the next to replace it, so
 * a subject's card is drawn once its saves stop for this long...
 */
export const CARD_SETTLE_MS = 1500;

const SOCIAL_CARDS_LABEL = "Draws the pictures shown when a page is shared";
/** ...and never put off longer than this while they keep coming. */
const CARD_MAX_WAIT_MS = 10_000;

/**
 * After a save: draws the card of a published or scheduled post or case study, in the background,
 * once the subject's saves have settled (the save has answered already; a failure is logged, and its
 * page shows the default card). A page asking for the new card before then gets it drawn on demand.
 * A card not drawn before the process ends is drawn at the next start-up.
 */
export function refreshSocialCard(kind: CardSubjectKind, id: string): Promise<void> {
  return later(
    "social-cards",
    SOCIAL_CARDS_LABEL,
    `${kind}:${id}`,
    { wait: CARD_SETTLE_MS, maxWait: CARD_MAX_WAIT_MS },
    async () => {
      // Read now, not at the first save: the card shows what the last one left.
      const subject = findSubject({ kind, id });
      if (subject) await drawSocialCard(subject);
    },
  );
}

/** Which rows of a read: the one with this id, or a page after a key (in key order). */
type Slice = { id?: string; after?: string; limit?: number };

/**
 * Every live post and case study and every service visitors see, as the subjects of their cards, a
 * page at a time (inPages): the columns a card shows come after a write-up of up to 100 kB, and read
 * in one go for thousands of items they held the start-up's loop for over half a second.
 */
async function* liveSubjects(): AsyncGenerator<CardSubject[]> {
  const db = getDb();
  for await (const page of inPages(
    (after, limit) =>
      db
        .select({ id: posts.id, title: posts.title, tags: posts.tags, coverImage: posts.coverImage })
        .from(posts)
        .where(
          and(
            isNull(posts.deletedAt),
            inArray(posts.status, ["published", "scheduled"]),
            keyAfter(posts.id, after),
          ),
        )
        .orderBy(asc(posts.id))
        .limit(limit)
        .all(),
    (post) => post.id,
  ))
    yield page.map((post) => postCardSubject(post));
  for await (const page of inPages(
    (after, limit) =>
      db
        .select(studySubjectColumns)
        .from(caseStudies)
        .where(
          and(
            isNull(caseStudies.deletedAt),
            eq(caseStudies.status, "published"),
            keyAfter(caseStudies.id, after),
          ),
        )
        .orderBy(asc(caseStudies.id))
        .limit(limit)
        .all(),
    (study) => study.id,
  ))
    yield page.map((study) => studyCardSubject(study));
  yield liveServices();
  for (const translations of [livePostTranslations, liveStudyTranslations])
    for await (const page of inPages(
      (after, limit) => translations({ after, limit }),
      (subject) => subject.id,
    ))
      yield page;
}

/** Every service visitors see, in each language it is published in: a few pages, read at once. */
function liveServices(): CardSubject[] {
  const db = getDb();
  const services = db
    .select({ key: pageCopy.key, published: pageCopy.published })
    .from(pageCopy)
    .where(and(like(pageCopy.key, "services/%"), eq(pageCopy.hidden, false)))
    .all()
    .map((row) =>
      serviceCardSubject(
        row.key.slice("services/".length),
        row.published as { title: string; summary: string },
      ),
    );
  const translatedServices = db
    .select({
      key: pageTranslations.pageKey,
      lang: pageTranslations.lang,
      published: pageTranslations.published,
    })
    .from(pageTranslations)
    .innerJoin(pageCopy, eq(pageCopy.key, pageTranslations.pageKey))
    .where(and(like(pageCopy.key, "services/%"), eq(pageCopy.hidden, false)))
    .all()
    .flatMap(({ key, lang, published }) =>
      published && isLanguage(lang)
        ? [serviceCardSubject(key.slice("services/".length), published as ServiceWords, lang)]
        : [],
    );
  return [...services, ...translatedServices];
}

/**
 * At start-up (and when the agency's name changes): draws every live card that is missing, one at a
 * time, and removes cards nothing shows any more (deleted or unpublished items, earlier versions).
 */
export async function drawMissingSocialCards(
  stopped?: AbortSignal,
): Promise<{ drawn: number; failed: number }> {
  const wanted = new Set<string>();
  let drawn = 0;
  let failures = 0;
  for await (const subjects of liveSubjects())
    for (const subject of subjects) {
      stopped?.throwIfAborted();
      const name = plan(subject).name;
      wanted.add(name);
      if (existsSync(path.join(cardsDir(), name))) continue;
      if (await drawSocialCard(subject)) drawn++;
      else failures++;
    }
  await removeCards((name) => !wanted.has(name));
  if (drawn || failures) log.info(`Social cards: ${drawn} drawn, ${failures} failed`);
  return { drawn, failed: failures };
}

/** drawMissingSocialCards in the background: at start-up, and when the agency's name changes. */
export function refreshAllSocialCards(): Promise<void> {
  return inBackground("social-cards", SOCIAL_CARDS_LABEL, drawMissingSocialCards);
}

/**
 * A card asked for that is not on disk (a restored volume, a card not drawn yet): drawn now if it is
 * the subject's current one; an earlier card of it redirects to the current one; else nothing.
 */
export async function missingSocialCard(
  fileName: string,
): Promise<{ file: string } | { redirect: string; status: 301 | 302 } | null> {
  const owner = cardOwner(fileName);
  if (!owner) return null;
  const subject = findSubject(owner);
  if (!subject) return null;
  const current = plan(subject).name;
  if (current !== fileName) return { redirect: CARD_URL_PREFIX + current, status: 301 };
  const file = await drawSocialCard(subject);
  // Drawing failed (logged): the default card, for now.
  if (!file) return { redirect: "/og-default.png", status: 302 };
  // The subject changed while this card was drawn, and the drawing removed it as earlier: to the card
  // shown now.
  if (!existsSync(file)) return missingSocialCard(fileName);
  return { file };
}

/**
 * A card's key: a hash of everything it shows (title, topic, figure, the cover's bytes, the agency's
 * name, the design). The same key is the same picture.
 */
export const socialCardKey = (subject: CardSubject): string => plan(subject).hash;

/** Drawn previews kept in memory, newest last: a draft's card is never written to the public uploads. */
const PREVIEWS_KEPT = 24;
const previews = new Map<string, Buffer>();
const previewing = new Map<string, Promise<Buffer>>();
/** Drawings waiting for the one drawing slot, at most: past it, a preview is refused as busy. */
const PREVIEW_QUEUE = 3;
let previewsDrawn = 0;
/** How many previews this process has drawn (the preview's test reads it). */
export const previewCardsDrawn = () => previewsDrawn;

/** Too many cards waiting to be drawn: asked again a moment later. */
export class CardsBusyError extends Error {}

/**
 * The card a draft would share, drawn on demand for the editor's preview: from memory when the same
 * card was drawn before, else drawn in the one drawing slot the saved cards use (refused with
 * CardsBusyError while PREVIEW_QUEUE drawings wait for it). Throws when drawing fails.
 */
/** The preview of `subject` when it is drawn already and kept in memory (no drawing, no wait). */
export function keptSocialCardPreview(subject: CardSubject): Buffer | undefined {
  return previews.get(plan(subject).name);
}

export function previewSocialCard(subject: CardSubject): Promise<Buffer> {
  const planned = plan(subject);
  const kept = previews.get(planned.name);
  if (kept) {
    previews.delete(planned.name);
    previews.set(planned.name, kept);
    return Promise.resolve(kept);
  }
  const running = previewing.get(planned.name);
  if (running) return running;
  if (oneAtATime.pendingCount >= PREVIEW_QUEUE) return Promise.reject(new CardsBusyError());
  const task = (async () => {
    try {
      const cover = planned.coverFile ? await readFile(planned.coverFile).catch(() => null) : null;
      const jpeg = await oneAtATime(() => renderSocialCard({ ...planned.input, cover }));
      previewsDrawn++;
      previews.set(planned.name, jpeg);
      if (previews.size > PREVIEWS_KEPT) previews.delete(previews.keys().next().value!);
      return jpeg;
    } finally {
      previewing.delete(planned.name);
    }
  })();
  previewing.set(planned.name, task);
  return task;
}
