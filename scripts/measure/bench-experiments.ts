// npm run bench:experiments: the experiments' stopping rule proved by simulation (false winners of A/A
// tests looked at daily, and the power to find a +50 % lift on a 3 % base at 300 visitors a day), then
// the home page's cached throughput under test beside the same page without a test (goal ≥ 0.9×).
// Figures only: the goals are printed beside them.
//   BENCH_RUNS=1000 BENCH_SECONDS=5 npm run bench:experiments   (a quicker, noisier run)
import autocannon, { type Result } from "autocannon";

import { adminSessionCookie, startServer } from "../lib/start-server";
import { benchSimulation } from "./bench-experiments-simulation";

const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const connections = 20;
let serial = 0;

/** The home page as a crowd of visitors (500 browsers, so both arms and their counting are exercised). */
const visitors = (url: string) =>
  autocannon({
    url,
    duration: seconds,
    connections,
    requests: [
      {
        setupRequest: (request) => ({
          ...request,
          headers: {
            ...request.headers,
            "user-agent": `Mozilla/5.0 (X11; Linux x86_64; bench ${serial++ % 500}) Firefox/133.0`,
          },
        }),
      },
    ],
  }) as Promise<Result>;

benchSimulation();

const server = await startServer({ LOG_LEVEL: process.env.LOG_LEVEL ?? "warn" }, { atRest: true });
try {
  const admin = await adminSessionCookie(server.baseURL);
  await visitors(`${server.baseURL}/`); // warm up
  const before = await visitors(`${server.baseURL}/`);
  const started = await fetch(`${server.baseURL}/api/experiments`, {
    method: "POST",
    headers: { Cookie: admin, Origin: server.baseURL, "Content-Type": "application/json" },
    body: JSON.stringify({ page: "home", field: "hero.headline", variants: ["Test what sells"] }),
  });
  if (started.status !== 201) throw new Error(`Starting the experiment answered ${started.status}`);
  const { id } = (await started.json()) as { id: number };
  const during = await visitors(`${server.baseURL}/`);
  const results = (await (
    await fetch(`${server.baseURL}/api/experiments/${id}`, { headers: { Cookie: admin } })
  ).json()) as { arms: { key: string; visitors: number }[] };
  // The machine is shared: the page without a test again after stopping, and the ratio against both.
  await fetch(`${server.baseURL}/api/experiments/${id}/stop`, {
    method: "POST",
    headers: { Cookie: admin, Origin: server.baseURL },
  });
  const after = await visitors(`${server.baseURL}/`);
  const ratio = during.requests.average / ((before.requests.average + after.requests.average) / 2);
  const fmt = (n: number) => n.toFixed(0).padStart(8);
  console.log(`\nThe home page from the page cache, ${seconds} s, ${connections} connections, 500 browsers:`);
  console.log(`${"".padEnd(18)}${"req/s".padStart(8)}${"p50 ms".padStart(8)}${"p99 ms".padStart(8)}  errors`);
  for (const [name, run] of [
    ["without a test", before],
    ["under test", during],
    ["stopped again", after],
  ] as const)
    console.log(
      `${name.padEnd(18)}${fmt(run.requests.average)}${fmt(run.latency.p50)}${fmt(run.latency.p99)}  ${run.errors + run.non2xx}`,
    );
  console.log(`  ratio ${ratio.toFixed(2)}× (goal ≥ 0.9×: ${ratio >= 0.9 ? "met" : "NOT met"})`);
  console.log(
    `  visitor-days counted per arm: ${results.arms.map((arm) => `${arm.key} ${arm.visitors}`).join(", ")} (500 browsers, one day)`,
  );
} finally {
  await server.stop();
}
