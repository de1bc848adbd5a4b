import { copyFile, mkdir, open, rename, rm } from "node:fs/promises";
import path from "node:path";
import type { Readable } from "node:stream";
import { Worker } from "node:worker_threads";

import { and, desc, eq, lt } from "drizzle-orm";

import { type AddressChoice, type Import, type ImportChoices, type ImportCounts, imports } from "#db/schema";
import { audit } from "~/features/audit/index.server";
import { MULTIPART_OVERHEAD_BYTES, readMultipart, streamToTemp } from "~/features/media/index.server";
import { closestPage } from "~/features/pages/index.server";
import { importedPost } from "~/features/posts/index.server";
import { countNewImportedRedirects } from "~/features/redirects/index.server";
import { CONTENT_KINDS, contentChanged, getDb } from "~/platform/db.server";
import { getEnv } from "~/platform/env.server";
import { ConflictError, NotFoundError, UploadError } from "~/platform/http/errors.server";
import { log } from "~/platform/log.server";
import { runTask, type Task, tasksStopping } from "~/platform/tasks.server";
import { withoutTrailing } from "~/platform/text/trailing";

import { runGhostImport } from "./ghost-import.server";
import { ChoiceError, sentByApi, type SentChoices, withChoices } from "./import-choices";
import type { HeldPost } from "./import-report";
import { fetchMissingAgain } from "./import-retry.server";
import { type Progress } from "./import-steps.server";
import { failedCounts, failuresOf, heldPostsOf as heldPostRows } from "./imported-items.server";
import { archiveSummary, readManifest, restoreSiteArchive } from "./site-archive.server";
import { type Survey, surveyExport } from "./survey-worker";
import { runWordPressImport } from "./wordpress-import.server";
import { ExportRefused, timeSlice } from "./wxr-reader.server";

/** An export as large as a big WordPress site's (its images are fetched, not in the file). */
export const IMPORT_MAX_BYTES = 512 * 1024 * 1024;
export const IMPORT_TOO_LARGE = "The export is larger than 512 MB";

const importsDir = () => path.join(path.dirname(path.resolve(getEnv().DATABASE_PATH)), "imports");

async function moveInto(from: string, to: string) {
  await mkdir(path.dirname(to), { recursive: true });
  try {
    await rename(from, to);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EXDEV") throw error;
    await copyFile(from, to);
    await rm(from, { force: true });
  }
}

/** A WordPress export is XML, a Ghost export JSON, a site archive a zip: read from the first bytes, not the name. */
async function sourceOf(file: string): Promise<Import["source"] | null> {
  const handle = await open(file, "r");
  try {
    const { buffer, bytesRead } = await handle.read(Buffer.alloc(512), 0, 512, 0);
    const start = buffer
      .subarray(0, bytesRead)
      .toString("utf8")
      .replace(/^\uFEFF/, "")
      .trimStart();
    if (buffer.subarray(0, 4).equals(Buffer.from([0x50, 0x4b, 0x03, 0x04]))) return "archive";
    if (start.startsWith("<")) return "wordpress";
    if (start.startsWith("{")) return "ghost";
    return null;
  } finally {
    await handle.close();
  }
}

/** The old site's address as the owner typed it: "https://old.example" (its path kept, no trailing slash). */
function siteAddress(typed: string): string | null {
  try {
    const url = new URL(typed.trim());
    if (url.protocol !== "http:" && url.protocol !== "https:") return null;
    return `${url.origin}${withoutTrailing(url.pathname, "/")}`;
  } catch {
    return null;
  }
}

/** The survey's worker as the build leaves it (run from the sources, the survey runs in slices here). */
const SURVEY_WORKER = path.resolve("build/import-survey.js");
/** Far more than a real export's survey needs (its bodies are read one at a time). */
const SURVEY_MEMORY_MB = 256;

/**
 * What an export would bring, with the redirects it would add counted as the run adds them: every old
 * address but those this site answers itself or already redirects.
 */
async function survey(source: "wordpress" | "ghost", file: string): Promise<Survey> {
  const read = await readSurvey(source, file);
  return { ...read, plan: { ...read.plan, redirects: countNewImportedRedirects(read.oldAddresses) } };
}

/** Reads an export for its preview in a worker thread when the site is built, else here in slices. */
function readSurvey(source: "wordpress" | "ghost", file: string): Promise<Survey> {
  if (process.env.NODE_ENV !== "production") return surveyExport(source, file);
  return new Promise((resolve, reject) => {
    const worker = new Worker(SURVEY_WORKER, {
      workerData: { survey: { source, file } },
      resourceLimits: { maxOldGenerationSizeMb: SURVEY_MEMORY_MB },
    });
    worker.once("message", (answer: { survey: Survey } | { refused: string } | { failed: string }) => {
      if ("survey" in answer) resolve(answer.survey);
      else if ("refused" in answer) reject(new ExportRefused(answer.refused));
      else reject(new Error(answer.failed));
    });
    worker.once("error", (error: Error & { code?: string }) =>
      reject(
        error.code === "ERR_WORKER_OUT_OF_MEMORY"
          ? new ExportRefused(
              `Reading this export needed more than ${SURVEY_MEMORY_MB} MB of memory, far more than any real export: it was not read.`,
            )
          : error,
      ),
    );
    worker.once("exit", (code) => reject(new Error(`The export's reader stopped (exit ${code})`)));
  });
}

/** Keeps an uploaded export's bytes until they are read (past IMPORT_MAX_BYTES, a 413). */
function keepUpload(file: Readable): Promise<string> {
  return streamToTemp(file, IMPORT_MAX_BYTES, IMPORT_TOO_LARGE);
}

/**
 * Reads a kept upload once for the preview: nothing is written but the import's own row, and the file
 * moves under the data folder until the import ends. A Ghost export needs the old site's address
 * (Ghost leaves it out); a WordPress export names its own. A file that is not an export, or is
 * hostile, is refused (400/415) and removed.
 */
async function previewExport(
  temp: string,
  {
    fileName,
    site,
    userId,
    keepDrafts = true,
  }: { fileName: string; site?: string; userId: string | null; keepDrafts?: boolean },
): Promise<Import> {
  try {
    const source = await sourceOf(temp);
    if (!source)
      throw new UploadError(
        415,
        "This is not an export: choose the .xml file from WordPress (Tools → Export), the .json file from Ghost (Settings → Advanced → Export), or a .zip exported from this admin",
      );
    let surveyed: { site: string; plan: ImportCounts; problems: string[]; offers?: Survey["offers"] };
    if (source === "wordpress") {
      const read = await survey("wordpress", temp);
      surveyed = { ...read, site: read.site! };
    } else if (source === "archive") {
      const manifest = await readManifest(temp);
      surveyed = {
        site: manifest.site,
        plan: manifest.collections,
        problems: [
          "Importing an archive replaces this site's posts, case studies, team, testimonials, clients, packages, story, settings, media and redirects with the archive's. Staff accounts, sign-ins, analytics and the audit log stay.",
          ...(manifest.personal
            ? [
                "It holds personal data: enquiries and newsletter subscribers come across too, in place of this site's.",
              ]
            : []),
        ],
      };
    } else {
      const address = siteAddress(site ?? "");
      if (!address)
        throw new UploadError(
          400,
          "Enter the Ghost site's address (e.g. https://blog.example.ie): its images are fetched from there and its old addresses redirected",
        );
      surveyed = { ...(await survey("ghost", temp)), site: address };
    }
    const id = crypto.randomUUID();
    const kept = path.join(
      importsDir(),
      `${id}.${{ wordpress: "xml", ghost: "json", archive: "zip" }[source]}`,
    );
    await moveInto(temp, kept);
    return getDb()
      .insert(imports)
      .values({
        id,
        source,
        site: surveyed.site,
        fileName: fileName.slice(0, 200) || "export",
        filePath: kept,
        plan: surveyed.plan,
        counts: {},
        problems: surveyed.problems,
        startedBy: userId,
        keepDrafts,
        choices: await offered(surveyed.offers),
      })
      .returning()
      .get();
  } catch (error) {
    if (error instanceof ExportRefused) throw new UploadError(400, error.message);
    throw error;
  } finally {
    await rm(temp, { force: true });
  }
}

/**
 * The choices a preview offers, each set as the import would go without the owner's word. The closest
 * page is looked for among every public page for each old page: in slices, so thousands of old pages on
 * a site of thousands of posts never hold the site's other requests.
 */
async function offered(offers: Survey["offers"]): Promise<ImportChoices> {
  if (!offers) return {};
  const slice = timeSlice();
  const addresses: AddressChoice[] = [];
  for (const { from, title, suggested } of offers.addresses) {
    await slice();
    // Not a 404: the closest page here, else the home page.
    const closest = suggested ?? closestPage(from)?.path ?? "/";
    addresses.push({ from, title, closest, to: closest });
  }
  return { addresses, tags: offers.tags.map((tag) => ({ ...tag, to: tag.name })) };
}

/**
 * A multipart request's export (`file`, and for Ghost `site`), kept and previewed: the admin's form
 * and POST /api/import alike. Null when no file was sent; a refusal is an UploadError or the
 * multipart reader's JSON Response (413, 415).
 */
export async function previewUpload(request: Request, userId: string | null): Promise<Import | null> {
  const { fields, file } = await readMultipart(
    request,
    "file",
    async (stream, fileName) => ({ temp: await keepUpload(stream), fileName }),
    { maxBytes: IMPORT_MAX_BYTES + MULTIPART_OVERHEAD_BYTES, tooLarge: IMPORT_TOO_LARGE },
  );
  // Sent by the API: "false" (or "0", "off") publishes a post whose images could not be fetched.
  const keepDrafts = !/^(false|0|off|no)$/i.test(fields.keepDrafts?.trim() ?? "");
  if (!file) return null;
  const row = await previewExport(file.temp, { ...file, site: fields.site, userId, keepDrafts });
  // Sent by the API with the export: where old addresses go, what tags become.
  if (fields.redirects === undefined && fields.tags === undefined) return row;
  try {
    return chooseFor(row, sentByApi(fields));
  } catch (error) {
    await discardImport(row.id);
    if (error instanceof ChoiceError) throw new UploadError(400, error.message);
    throw error;
  }
}

/** A previewed import with the owner's choices kept for its run (a ChoiceError when one cannot be). */
function chooseFor(row: Import, sent: SentChoices): Import {
  if (row.source === "archive" && (sent.addresses.length || sent.tags.length))
    throw new ChoiceError("A site archive brings its own redirects and tags: nothing to choose");
  const choices = withChoices(row.choices, sent);
  return getDb()
    .update(imports)
    .set({ choices })
    .where(and(eq(imports.id, row.id), eq(imports.status, "previewed")))
    .returning()
    .get()!;
}

/** Takes an export from a stream (tests, scripts): kept, then previewed. */
export async function receiveExport(
  file: Readable,
  fileName: string,
  userId: string | null,
  site?: string,
): Promise<Import> {
  return previewExport(await keepUpload(file), { fileName, site, userId });
}

export function getImport(id: string): Import | undefined {
  return getDb().select().from(imports).where(eq(imports.id, id)).get();
}

/** Held posts listed one by one: far more than an import keeps back. */
const HELD_LISTED = 500;

/** The posts an import kept as drafts only for their missing files, and what became of each. */
export function heldPostsOf(importId: string): HeldPost[] {
  return heldPostRows(importId)
    .slice(0, HELD_LISTED)
    .flatMap((held) => {
      const post = importedPost(held.postId);
      if (!post) return [];
      const outcome = held.releasedAt ? held.status : held.keptAt ? "kept" : "waiting";
      return [{ id: held.postId, title: post.title, outcome, editPath: `/admin/posts?edit=${held.postId}` }];
    });
}

export function listImports(limit = 20): Import[] {
  return getDb().select().from(imports).orderBy(desc(imports.createdAt)).limit(limit).all();
}

/**
 * Starts a previewed import in the background; starting a running one again changes nothing.
 * `keepDrafts`: a post whose images could not be fetched stays a draft until they are (else the
 * preview's choice, by default yes).
 */
export function startImport(
  id: string,
  { keepDrafts, choices }: { keepDrafts?: boolean; choices?: SentChoices } = {},
): Import {
  const row = getImport(id);
  if (!row) throw new NotFoundError("No import with that id");
  if (row.status === "previewed") {
    if (choices) chooseFor(row, choices);
    getDb()
      .update(imports)
      .set({ status: "running", keepDrafts: keepDrafts ?? row.keepDrafts })
      .where(eq(imports.id, id))
      .run();
    const kind = { wordpress: "WordPress export", ghost: "Ghost export", archive: "Site archive" }[
      row.source
    ];
    audit("import.started", `${kind} of ${row.site}`);
  }
  void runTask("imports");
  return getImport(id)!;
}

/** What the owner is told when there is nothing to fetch again, or it cannot be now. */
export const RETRY_REFUSED = {
  running: "The import is running: fetch what is missing once it has finished",
  notStarted: "The import has not started: nothing was fetched yet",
  failed: "The import stopped with an error: import the export again (nothing comes twice)",
  nothingMissing: "Nothing is missing: every image and file of this import was fetched",
};

/**
 * "Fetch the missing images again": the images and other files (PDFs, recordings, videos) a finished
 * import could not fetch are tried once more
 * in the background (followed as the import was). One at a time: a second ask while it runs is
 * refused (409), as is an import with nothing missing.
 */
export function retryImport(id: string): Import {
  const row = getImport(id);
  if (!row) throw new NotFoundError("No import with that id");
  if (row.status === "running") throw new ConflictError(RETRY_REFUSED.running);
  if (row.status === "previewed") throw new ConflictError(RETRY_REFUSED.notStarted);
  if (row.status === "failed") throw new ConflictError(RETRY_REFUSED.failed);
  if (failuresOf(id).length === 0) throw new ConflictError(RETRY_REFUSED.nothingMissing);
  const missing = failedCounts(id);
  // Claimed in one statement: of two asks at once, one finds the import done and runs it. The counts
  // say it is a retry, of how many files, from the start (the page says so while it runs).
  const claimed = getDb()
    .update(imports)
    .set({
      status: "running",
      attempts: 0,
      finishedAt: null,
      counts: {
        ...row.counts,
        retries: (row.counts.retries ?? 0) + 1,
        retryMissing: missing.imagesFailed + missing.mediaFailed,
        retryFetched: 0,
      },
    })
    .where(and(eq(imports.id, id), eq(imports.status, "done")))
    .run();
  if (claimed.changes !== 1) throw new ConflictError(RETRY_REFUSED.running);
  audit("import.started", `The missing images of ${row.site}, fetched again`);
  void runTask("imports");
  return getImport(id)!;
}

/** Throws a previewed import away with its file. */
export async function discardImport(id: string) {
  const row = getImport(id);
  if (!row || row.status !== "previewed") return;
  getDb().delete(imports).where(eq(imports.id, id)).run();
  if (row.filePath) await rm(row.filePath, { force: true });
}

/** One import's work by its source; false when the tasks stop first (it resumes at the next start). */
async function runSource(row: Import, progress: Progress, stopping: () => boolean): Promise<boolean> {
  // A finished import has no file: running again, it fetches what it could not.
  if (!row.filePath) return fetchMissingAgain(row, progress, stopping);
  if (row.source === "archive") {
    Object.assign(progress.counts, await restoreSiteArchive(row.filePath!, progress.problems));
    return true;
  }
  return (row.source === "wordpress" ? runWordPressImport : runGhostImport)(row, progress, stopping);
}

/** What the owner reads when an import stopped the site twice. */
export const IMPORT_DIED =
  "The import stopped the site while it ran, and again when it was tried once more, so it was not tried again. Nothing it had brought is lost; the file may be damaged or too large for this server: export it again, or in parts.";

/** Marks an import failed with its error; its file goes (a failed import is never run again). */
async function failImport(row: Import, error: string, progress?: Pick<Progress, "counts" | "problems">) {
  getDb()
    .update(imports)
    .set({
      status: "failed",
      ...(progress && { counts: progress.counts, problems: [...progress.problems] }),
      error: error.slice(0, 500),
      finishedAt: new Date(),
      filePath: null,
    })
    .where(eq(imports.id, row.id))
    .run();
  if (row.filePath) await rm(row.filePath, { force: true });
}

async function runOne(row: Import, stopping: () => boolean) {
  // A run begun and never ended died with the process: it is tried once more, then failed.
  if (row.attempts >= 2) {
    log.error({ import: row.id }, "An import died with the process twice: failed, not run again");
    await failImport(row, IMPORT_DIED);
    return;
  }
  getDb()
    .update(imports)
    .set({ attempts: row.attempts + 1 })
    .where(eq(imports.id, row.id))
    .run();
  inThisProcess = row;
  const counts = { ...row.counts };
  const problems = new Set(row.problems);
  let savedAt = 0;
  const progress: Progress = {
    counts,
    startedAt: row.createdAt,
    problems,
    save: () => {
      // Often enough for the progress bar, not a write per image.
      if (Date.now() - savedAt < 500) return;
      savedAt = Date.now();
      getDb()
        .update(imports)
        .set({ counts, problems: [...problems] })
        .where(eq(imports.id, row.id))
        .run();
    },
  };
  try {
    const finished = await runSource(row, progress, stopping);
    getDb()
      .update(imports)
      .set({
        counts,
        problems: [...problems],
        // Stopped with the site, cleanly: not a run that died.
        attempts: row.attempts,
        ...(finished && { status: "done", finishedAt: new Date(), filePath: null }),
      })
      .where(eq(imports.id, row.id))
      .run();
    if (!finished) return;
    if (row.filePath) await rm(row.filePath, { force: true });
    audit(
      "import.finished",
      row.source === "archive"
        ? archiveSummary(row.site, counts)
        : `${row.site}: ${counts.posts ?? 0} posts, ${counts.imagesFetched ?? 0} images, ${counts.redirects ?? 0} redirects`,
    );
  } catch (error) {
    log.error({ err: error, import: row.id }, "An import failed");
    await failImport(row, error instanceof Error ? error.message : String(error), progress);
  } finally {
    inThisProcess = null;
    for (const kind of CONTENT_KINDS) contentChanged(kind);
  }
}

/** The import this process is running, if any. */
let inThisProcess: Import | null = null;

/**
 * The site stopping on purpose (a deploy) while an import still waits on an image: the run did not
 * die, so it does not count as one that did.
 */
function stoppedOnPurpose() {
  const row = inThisProcess;
  if (!row) return;
  getDb()
    .update(imports)
    .set({ attempts: row.attempts })
    .where(and(eq(imports.id, row.id), eq(imports.status, "running")))
    .run();
}

/**
 * Runs the imports under way, one at a time, until none is left or `stopping` says so: started by
 * the owner, and resumed at the next start when the site stopped during one (each post and image is
 * remembered, so nothing comes twice). Asked again while it runs, it runs once more after (never two
 * runs at once, which would bring the same post twice).
 */
export async function runImports(stopping = tasksStopping): Promise<void> {
  while (underWay) await underWay.catch(() => undefined);
  underWay = runEach(stopping);
  try {
    await underWay;
  } finally {
    underWay = null;
  }
}
let underWay: Promise<void> | null = null;

async function runEach(stopping: () => boolean) {
  for (;;) {
    if (stopping()) return;
    const next = getDb()
      .select()
      .from(imports)
      .where(eq(imports.status, "running"))
      .orderBy(imports.createdAt)
      .get();
    if (!next) return;
    await runOne(next, stopping);
    if (getImport(next.id)?.status === "running") return;
  }
}

/** A preview nobody started within a day is thrown away with its file. */
export const PREVIEW_KEPT_MS = 24 * 60 * 60 * 1000;

export async function discardStalePreviews(now = new Date()) {
  const stale = getDb()
    .select()
    .from(imports)
    .where(
      and(eq(imports.status, "previewed"), lt(imports.createdAt, new Date(now.getTime() - PREVIEW_KEPT_MS))),
    )
    .all();
  for (const row of stale) await discardImport(row.id);
}

export const importTask: Task = {
  name: "imports",
  label: "Imports from WordPress and Ghost",
  every: 60_000,
  atStart: true,
  run: async () => {
    await discardStalePreviews();
    await runImports();
  },
  stop: stoppedOnPurpose,
};
