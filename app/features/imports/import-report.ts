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
