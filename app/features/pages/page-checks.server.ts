import type { WritingProblem } from "~/platform/text/writing-checks";

import { pageFormSpec } from "./components/admin/copy-spec";
import { checkPageCopy } from "./components/admin/page-checks";
import { withAddedFields } from "./copy/added-fields";
import type { StoredPage } from "./copy/page-problems.server";
import { kindOfKey } from "./copy/page-schemas";
import { pageChecker } from "./site-pages.server";

/**
 * The checks while writing of a page as stored (what `GET /api/pages/{key}/checks` answers and what the
 * Pages list counts): the one checker over the draft waiting, else the published words, with which of
 * its internal links' pages exist.
 */
export function checkStoredPage(row: StoredPage, pageExists = pageChecker()): WritingProblem[] {
  const kind = kindOfKey(row.key);
  if (!kind) return [];
  return checkPageCopy(pageFormSpec(kind), withAddedFields(kind, row.draft ?? row.published), { pageExists });
}

/** The checks for many pages at once (the background count): the site's pages are read once. */
export function storedPageChecks(): (row: StoredPage) => WritingProblem[] {
  const pageExists = pageChecker();
  return (row) => checkStoredPage(row, pageExists);
}
