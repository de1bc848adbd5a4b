import { copyFile, mkdir, open, rename, rm } from "node:fs/promises";
import path from "node:path";
import type { Readable } from "node:stream";

import { desc, eq } from "drizzle-orm";

import { type Import, imports } from "#db/schema";
import { audit } from "~/features/audit/index.server";
import { streamToTemp } from "~/features/media/index.server";
import { CONTENT_KINDS, contentChanged, getDb } from "~/platform/db.server";
import { getEnv } from "~/platform/env.server";
import { NotFoundError, UploadError } from "~/platform/http/errors.server";
import { log } from "~/platform/log.server";
import { runTask, type Task, tasksStopping } from "~/platform/tasks.server";

import type { Progress } from "./import-steps.server";
import { runWordPressImport, surveyWordPress } from "./wordpress-import.server";
import { ExportRefused } from "./wxr-reader.server";

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

/** A WordPress export is XML; a Ghost export is JSON. Read from the file's first bytes, not its name. */
async function sourceOf(file: string): Promise<"wordpress" | "ghost" | null> {
  const handle = await open(file, "r");
  try {
    const { buffer, bytesRead } = await handle.read(Buffer.alloc(512), 0, 512, 0);
    const start = buffer
      .subarray(0, bytesRead)
      .toString("utf8")
      .replace(/^\uFEFF/, "")
      .trimStart();
    if (start.startsWith("<")) return "wordpress";
    if (start.startsWith("{")) return "ghost";
    return null;
  } finally {
    await handle.close();
  }
}

/**
 * Takes an uploaded export: kept under the data folder, read once for the preview (nothing is written
 * but the import's own row). A file that is not an export, or is hostile, is refused and removed.
 */
export async function receiveExport(
  file: Readable,
  fileName: string,
  userId: string | null,
): Promise<Import> {
  const temp = await streamToTemp(file, IMPORT_MAX_BYTES, IMPORT_TOO_LARGE);
  try {
    const source = await sourceOf(temp);
    if (source !== "wordpress")
      throw new UploadError(
        415,
        source === "ghost"
          ? "Ghost exports cannot be imported yet: export the site from WordPress, or wait for the Ghost import"
          : "This is not a WordPress export (an .xml file from Tools → Export in WordPress)",
      );
    const survey = await surveyWordPress(temp);
    const id = crypto.randomUUID();
    const kept = path.join(importsDir(), `${id}.xml`);
    await moveInto(temp, kept);
    return getDb()
      .insert(imports)
      .values({
        id,
        source,
        site: survey.site.url,
        fileName: fileName.slice(0, 200) || "export.xml",
        filePath: kept,
        plan: survey.plan,
        counts: {},
        problems: survey.problems,
        startedBy: userId,
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

export function getImport(id: string): Import | undefined {
  return getDb().select().from(imports).where(eq(imports.id, id)).get();
}

export function listImports(limit = 20): Import[] {
  return getDb().select().from(imports).orderBy(desc(imports.createdAt)).limit(limit).all();
}

/** Starts a previewed import in the background; starting a running one again changes nothing. */
export function startImport(id: string): Import {
  const row = getImport(id);
  if (!row) throw new NotFoundError("No import with that id");
  if (row.status === "previewed") {
    getDb().update(imports).set({ status: "running" }).where(eq(imports.id, id)).run();
    audit("import.started", `${row.source === "wordpress" ? "WordPress" : "Ghost"} export of ${row.site}`);
  }
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

async function runOne(row: Import, stopping: () => boolean) {
  const counts = { ...row.counts };
  const problems = new Set(row.problems);
  let savedAt = 0;
  const progress: Progress = {
    counts,
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
    const finished = await runWordPressImport(row, progress, stopping);
    getDb()
      .update(imports)
      .set({
        counts,
        problems: [...problems],
        ...(finished && { status: "done", finishedAt: new Date(), filePath: null }),
      })
      .where(eq(imports.id, row.id))
      .run();
    if (!finished) return;
    if (row.filePath) await rm(row.filePath, { force: true });
    audit(
      "import.finished",
      `${row.site}: ${counts.posts ?? 0} posts, ${counts.imagesFetched ?? 0} images, ${counts.redirects ?? 0} redirects`,
    );
  } catch (error) {
    log.error({ err: error, import: row.id }, "An import failed");
    getDb()
      .update(imports)
      .set({
        status: "failed",
        counts,
        problems: [...problems],
        error: error instanceof Error ? error.message.slice(0, 500) : String(error),
        finishedAt: new Date(),
      })
      .where(eq(imports.id, row.id))
      .run();
  } finally {
    for (const kind of CONTENT_KINDS) contentChanged(kind);
  }
}

/**
 * Runs the imports under way, one at a time, until none is left or `stopping` says so: started by
 * the owner, and resumed at the next start when the site stopped during one (each post and image is
 * remembered, so nothing comes twice).
 */
export async function runImports(stopping = tasksStopping) {
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

export const importTask: Task = {
  name: "imports",
  label: "Imports from WordPress",
  every: 60_000,
  atStart: true,
  run: () => runImports(),
};
