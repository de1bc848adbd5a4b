import type { IncomingMessage } from "node:http";
import type { Readable } from "node:stream";

import { FETCH_TIMEOUT_MS, FetchRefused, openRemoteImage } from "../fetch-image.server";

/** Files in a row that took the whole deadline, after which the old site is asked for no more this run. */
export const SLOW_FILES_BEFORE_GIVING_UP = 5;

/** A file the old site was not asked for, because it ran out the deadline for too many in a row. */
export class NotAskedFor extends FetchRefused {}

/** Fetches one file from the old site and hands its bytes to `save` (see oldSiteFetches). */
export type OldSiteFetch = <T>(
  address: string,
  save: (source: Readable) => Promise<T>,
  options: { maxBytes: number; accept?: string },
) => Promise<T>;

/**
 * The fetching of one run from one old site, shared by its images and its other files. Each file is
 * opened with the import's checks (public addresses, three redirects, one deadline); a length said to
 * be past `maxBytes` is refused at the headers, before a byte is read; the body is closed as soon as
 * `save` ends or refuses it (not left open until the deadline). Each file takes up to the deadline, and
 * a site can have thousands: after SLOW_FILES_BEFORE_GIVING_UP in a row that ran it out, the old site
 * is asked for nothing more in this run (NotAskedFor), so the rest is left for a retry.
 */
export function oldSiteFetches({ timeoutMs = FETCH_TIMEOUT_MS } = {}): OldSiteFetch {
  let slowInARow = 0;
  return async (address, save, { maxBytes, accept = "image/*" }) => {
    if (slowInARow >= SLOW_FILES_BEFORE_GIVING_UP)
      throw new NotAskedFor(
        `it was not asked for: the old site ran out the time for ${SLOW_FILES_BEFORE_GIVING_UP} files in a row`,
      );
    const started = Date.now();
    let source: Readable | undefined;
    try {
      source = await openRemoteImage(address, { accept, timeoutMs });
      if (Number((source as IncomingMessage).headers?.["content-length"]) > maxBytes)
        throw new FetchRefused(`it says it is larger than ${Math.round(maxBytes / 1024 / 1024)} MB`);
      const result = await save(source);
      slowInARow = 0;
      return result;
    } catch (error) {
      const late = Date.now() - started >= timeoutMs;
      slowInARow = late ? slowInARow + 1 : 0;
      if (late) throw new FetchRefused(`it took longer than ${Math.round(timeoutMs / 1000)} seconds`);
      throw error;
    } finally {
      source?.destroy();
    }
  };
}
