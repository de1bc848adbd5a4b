// Sets type for the images the site draws, in a worker thread of its own: satori lays out a card in
// about 0.3 s of solid JavaScript (0.4 s more to read the fonts the first time), which on the request
// thread held every visitor's page while an import drew its covers. The build bundles this file as
// build/typeset.js (scripts/build-node.mjs); typeset.server.ts sends it one job at a time.
import { isMainThread, parentPort } from "node:worker_threads";

import { setType, type TypesetJob } from "./typeset-engine.server";

export type TypesetAnswer = { id: number; svg: string } | { id: number; failed: string };

if (!isMainThread && parentPort) {
  const port = parentPort;
  port.on("message", ({ id, job }: { id: number; job: TypesetJob }) => {
    setType(job).then(
      (svg) => port.postMessage({ id, svg } satisfies TypesetAnswer),
      (error: unknown) =>
        port.postMessage({
          id,
          failed: error instanceof Error ? error.message : String(error),
        } satisfies TypesetAnswer),
    );
  });
}
