import type { Import } from "#db/schema";

/** An import as `GET /api/import/{id}` and the admin's page report it: no file path, nobody's id. */
export function importReport(row: Import) {
  return {
    id: row.id,
    source: row.source,
    site: row.site,
    fileName: row.fileName,
    status: row.status,
    plan: row.plan,
    counts: row.counts,
    problems: row.problems,
    error: row.error,
    createdAt: row.createdAt.toISOString(),
    finishedAt: row.finishedAt?.toISOString() ?? null,
  };
}
export type ImportReport = ReturnType<typeof importReport>;

/**
 * A post the import kept as a draft only because some of its files could not be fetched: still
 * `waiting` for them; put live as it was there (`published`, `scheduled`) once a retry fetched them;
 * or `kept` a draft because someone changed it since the import (to publish by hand).
 */
export type HeldPost = {
  id: string;
  title: string;
  outcome: "waiting" | "published" | "scheduled" | "kept";
  editPath: string;
};

/**
 * GET /api/import/{id}'s answer: the report's fields named one by one, "previewed" said as "waiting"
 * (the API starts an import at once; only the admin's page shows a preview first).
 */
export function importJson(report: ImportReport, heldPosts: HeldPost[] = []) {
  return {
    id: report.id,
    source: report.source,
    site: report.site,
    fileName: report.fileName,
    plan: report.plan,
    // Always said, 0 when nothing failed: what "Fetch the missing images again" would try.
    counts: {
      ...report.counts,
      imagesFailed: report.counts.imagesFailed ?? 0,
      mediaFailed: report.counts.mediaFailed ?? 0,
    },
    problems: report.problems,
    heldPosts,
    error: report.error,
    createdAt: report.createdAt,
    finishedAt: report.finishedAt,
    status: report.status === "previewed" ? ("waiting" as const) : report.status,
  };
}

/** POST /api/import's answer: the import's id, to follow at GET /api/import/{id}. */
export const importStartedJson = (id: string) => ({ id });
