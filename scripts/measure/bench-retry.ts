// npm run bench:retry: POST /api/import/{id}/retry held at its cap against the production build.
// An import of the fixture export whose old site is down (its images failed) is asked to fetch them
// again by BENCH_CLIENTS owners at once, each asking again as soon as it is answered, for
// BENCH_SECONDS: one ask at a time is taken (202) and runs, the others are told it runs (409), each
// run fails again (the site is still down) and the next ask is taken. Unknown and prototype-named ids
// are mixed in (404). Printed: each answer's p50 and p99, /healthz's meanwhile, the longest
// event-loop delay the server reported, and its memory at the start, peak and end (a leak shows as
// an end far above the start).
import { readFileSync } from "node:fs";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";

import { adminSessionCookie, startServer } from "../lib/start-server";
import { printFigures, sustain, watchServer } from "../lib/sustained-load";

const SECONDS = Number(process.env.BENCH_SECONDS ?? 60);
const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 16);
const WARM_UP_SECONDS = 12;

// A port nothing listens on: the old site, down.
const probe = createServer();
await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", resolve));
const oldSite = `http://127.0.0.1:${(probe.address() as AddressInfo).port}`;
await new Promise<void>((resolve) => probe.close(() => resolve()));

const server = await startServer({ IMPORT_ALLOWED_ORIGINS: oldSite }, { atRest: true });
try {
  const cookie = await adminSessionCookie(server.baseURL);
  const headers = { Cookie: cookie, Origin: server.baseURL };
  const body = new FormData();
  const xml = readFileSync("tests/fixtures/imports/wordpress-export.xml", "utf8").replaceAll(
    "{{SITE}}",
    oldSite,
  );
  body.set("file", new Blob([xml], { type: "text/xml" }), "export.xml");
  const started = await fetch(`${server.baseURL}/api/import`, { method: "POST", headers, body });
  const { id } = (await started.json()) as { id: string };
  const status = async () =>
    ((await (await fetch(`${server.baseURL}/api/import/${id}`, { headers })).json()) as { status: string })
      .status;
  while ((await status()) !== "done") await new Promise((resolve) => setTimeout(resolve, 200));

  console.log(`POST /api/import/{id}/retry, ${CLIENTS} owners asking at once for ${SECONDS} s:`);
  const strangers = ["__proto__", "constructor", "nope", "x".repeat(2000)];
  const ask = async (client: number, turn: number) => {
    const known = client % 4 !== 3;
    const target = known ? id : strangers[turn % strangers.length]!;
    const answer = await fetch(`${server.baseURL}/api/import/${encodeURIComponent(target)}/retry`, {
      method: "POST",
      headers,
    });
    await answer.arrayBuffer();
    return { label: known ? "retry of the import" : "retry of an unknown id", status: answer.status };
  };
  // Past the start's work and the event-loop window that saw it, as a site that has run a while.
  await sustain(WARM_UP_SECONDS, CLIENTS, ask);
  const watch = watchServer(server.baseURL, server.pid);
  const rows = await sustain(SECONDS, CLIENTS, ask);
  const watched = await watch.stop();
  printFigures(rows, watched);
  while ((await status()) === "running") await new Promise((resolve) => setTimeout(resolve, 200));
  console.log(`  the import afterwards: ${await status()}`);
} finally {
  await server.stop();
}
