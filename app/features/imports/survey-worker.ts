// What an export would bring (the preview), read in a worker thread of its own: the request thread
// stays free for visitors, and a hostile export that needs more memory than the worker is given ends
// the worker, not the site. The build bundles this file as build/import-survey.js (scripts/build-node.mjs);
// run from the sources (development, tests) the survey runs in slices on the main thread instead.
import { isMainThread, parentPort, workerData } from "node:worker_threads";

import type { ImportCounts } from "#db/schema";

import { surveyGhost } from "./ghost-survey.server";
import type { Offers } from "./import-plan";
import { surveyWordPress } from "./wordpress-survey.server";
import { ExportRefused } from "./wxr-reader.server";

/** What the owner is shown before an import runs; the site's address when the export names it. */
export type Survey = {
  site: string | null;
  plan: ImportCounts;
  problems: string[];
  offers?: Offers;
  /** Every old address the import would redirect; the preview counts those new here. */
  oldAddresses: string[];
};

export async function surveyExport(source: "wordpress" | "ghost", file: string): Promise<Survey> {
  if (source === "ghost") return { ...(await surveyGhost(file)), site: null };
  const survey = await surveyWordPress(file);
  return { ...survey, site: survey.site.url };
}

type Answer = { survey: Survey } | { refused: string } | { failed: string };

if (!isMainThread && (workerData as { survey?: unknown } | null)?.survey) {
  const { source, file } = (workerData as { survey: { source: "wordpress" | "ghost"; file: string } }).survey;
  const answer: Answer = await surveyExport(source, file).then(
    (survey) => ({ survey }),
    (error: unknown) =>
      error instanceof ExportRefused ? { refused: error.message } : { failed: String(error) },
  );
  parentPort!.postMessage(answer);
}
