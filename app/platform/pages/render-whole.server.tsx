import { PassThrough } from "node:stream";

import type { ReactNode } from "react";
import { renderToPipeableStream } from "react-dom/server";

/**
 * Renders `element` whole into one string (suspended parts and all). A render still under way after
 * `deadline` ms is aborted. The deadline's timer is cleared as soon as the render ends: left to run,
 * it held every finished page in memory until it fired, which at a scanner's rate of 404s was
 * hundreds of pages at any moment.
 */
export function renderWhole(
  element: ReactNode,
  { deadline, onError }: { deadline: number; onError: (error: unknown) => void },
): Promise<string> {
  return new Promise((resolve, reject) => {
    let stop = () => {};
    const timer = setTimeout(() => stop(), deadline);
    const { pipe, abort } = renderToPipeableStream(element, {
      onAllReady() {
        const chunks: Buffer[] = [];
        const body = new PassThrough();
        // Rendering aborted (its time is up) destroys the stream with the reason.
        body.on("error", (error) => {
          clearTimeout(timer);
          reject(error);
        });
        body.on("data", (chunk: Buffer) => chunks.push(chunk));
        body.on("end", () => {
          clearTimeout(timer);
          resolve(Buffer.concat(chunks).toString("utf8"));
        });
        pipe(body);
      },
      onShellError(error: unknown) {
        clearTimeout(timer);
        reject(error);
      },
      onError,
    });
    stop = abort;
  });
}
