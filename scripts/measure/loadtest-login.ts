// npm run loadtest:login: a burst of parallel sign-in guesses against the production build with the
// real limits. 100 guesses from one address, then 100 from 100 addresses (X-Forwarded-For
// from loopback, which TRUST_PROXY's default believes), each burst with the right password last;
// meanwhile a page and a static file are fetched every 10 ms. Prints the answers and the probes'
// p50/p99, and exits 1 when the right password got in, or a probe's p99 passed 100 ms.
import http from "node:http";

import { percentile } from "../lib/percentile";
import { E2E_ADMIN, startServer } from "../lib/start-server";

// The probes use their own connections: queued behind the burst's in one client pool, they would
// measure the client, not the server.
const probeAgent = new http.Agent({ keepAlive: true, maxSockets: 2 });
const get = (url: string) =>
  new Promise<void>((resolve, reject) => {
    http
      .get(url, { agent: probeAgent }, (res) => {
        res.resume();
        res.on("end", resolve);
      })
      .on("error", reject);
  });

const server = await startServer({ RATE_LIMIT_FACTOR: "1", LOG_LEVEL: "warn" });
let failed = false;

async function probe(path: string, until: () => boolean) {
  const latencies: number[] = [];
  while (!until()) {
    const started = performance.now();
    await get(server.baseURL + path);
    latencies.push(performance.now() - started);
    await new Promise((r) => setTimeout(r, 10));
  }
  return latencies;
}

function report(label: string, latencies: number[]) {
  const p99 = percentile(latencies, 99);
  console.log(
    `${label.padEnd(22)} ${latencies.length} requests, p50 ${percentile(latencies, 50)} ms, p99 ${p99} ms`,
  );
  return p99;
}

/** The same probes with nothing else going on, to compare. */
async function quiet(ms: number) {
  const until = Date.now() + ms;
  const [favicon, page] = await Promise.all([
    probe("/favicon.ico", () => Date.now() > until),
    probe("/services/seo", () => Date.now() > until),
  ]);
  console.log("no sign-ins (baseline):");
  report("  GET /favicon.ico", favicon);
  report("  GET /services/seo", page);
}

async function burst(name: string, address: (i: number) => string) {
  let done = false;
  const probes = Promise.all([probe("/favicon.ico", () => done), probe("/services/seo", () => done)]);
  const started = performance.now();
  const statuses = await Promise.all(
    Array.from({ length: 100 }, (_, i) =>
      fetch(`${server.baseURL}/api/auth/login`, {
        method: "POST",
        headers: {
          "content-type": "application/json",
          origin: server.baseURL,
          "x-forwarded-for": address(i),
        },
        body: JSON.stringify({
          username: E2E_ADMIN.username,
          password: i === 99 ? E2E_ADMIN.password : "wrong-password",
        }),
      }).then((r) => r.status),
    ),
  );
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  done = true;
  const [favicon, page] = await probes;
  const counts = Object.entries(
    statuses.reduce<Record<number, number>>((all, s) => ({ ...all, [s]: (all[s] ?? 0) + 1 }), {}),
  )
    .map(([status, n]) => `${n}×${status}`)
    .join(", ");
  console.log(
    `${name}: answered in ${seconds} s: ${counts}; the right password (sent last): ${statuses[99]}`,
  );
  for (const [label, latencies] of [
    ["  GET /favicon.ico", favicon],
    ["  GET /services/seo", page],
  ] as const) {
    const p99 = percentile(latencies, 99);
    console.log(
      `${label.padEnd(22)} ${latencies.length} requests, p50 ${percentile(latencies, 50)} ms, p99 ${p99} ms`,
    );
    if (p99 > 100) failed = true;
  }
  return statuses;
}

try {
  await quiet(3000);
  const one = await burst("100 guesses from one address", () => "203.0.113.7");
  if (one[99] === 200) failed = true;
  await burst("100 guesses from 100 addresses", (i) => `198.51.100.${i + 1}`);
} finally {
  await server.stop();
}
process.exitCode = failed ? 1 : 0;
