// npm run loadtest:login: a burst of parallel sign-in guesses against the production build with the
// real limits. 100 guesses from one address, then 100 from 100 addresses (X-Forwarded-For
// from loopback, which TRUST_PROXY's default believes), each burst with the right password last;
// meanwhile a page and a static file are fetched every 10 ms. Prints the answers and the probes'
// p50/p99, and exits 1 when the right password got in, or a probe's p99 passed 100 ms.
// Then a sustained flood: wrong passwords at about 10 a second from 13 IPv6 /64s for 30 s, half at the
// owner's username, while the owner signs in every 2 s from a browser they signed in on before
// (retrying a busy answer a second later). Prints the owner's success rate and waits, and exits 1
// unless every one of the owner's sign-ins got in.
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

const server = await startServer({ RATE_LIMIT_FACTOR: "1", LOG_LEVEL: "warn" }, { atRest: true });
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

type LoginAnswer = { status: number; cookies: string[] };
async function login(username: string, password: string, address: string, cookies: string[] = []) {
  const response = await fetch(`${server.baseURL}/api/auth/login`, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      origin: server.baseURL,
      "x-forwarded-for": address,
      ...(cookies.length > 0 && { cookie: cookies.join("; ") }),
    },
    body: JSON.stringify({ username, password }),
  });
  await response.arrayBuffer();
  const set = response.headers.getSetCookie().map((cookie) => cookie.split(";")[0]!);
  return { status: response.status, cookies: set } satisfies LoginAnswer;
}

const tally = (statuses: number[]) =>
  Object.entries(
    statuses.reduce<Record<number, number>>((all, s) => ({ ...all, [s]: (all[s] ?? 0) + 1 }), {}),
  )
    .map(([status, n]) => `${n}×${status}`)
    .join(", ") || "none";

const FLOOD_SECONDS = 30;
const FLOOD_NETWORKS = 13;

/** Wrong passwords from 13 /64s, each sending every 1.3 s (about 10 a second in all), half at the owner. */
async function flood(until: number) {
  const answers: { owner: number[]; others: number[] } = { owner: [], others: [] };
  let sent = 0;
  await Promise.all(
    Array.from({ length: FLOOD_NETWORKS }, async (_, n) => {
      while (Date.now() < until) {
        const next = Date.now() + (FLOOD_NETWORKS * 1000) / 10;
        const toOwner = ++sent % 2 === 0;
        const address = `2001:db8:4400:${(n + 1).toString(16)}::${(sent % 65_535).toString(16)}`;
        const { status } = await login(
          toOwner ? E2E_ADMIN.username : `guess-${sent}`,
          "wrong-password",
          address,
        );
        (toOwner ? answers.owner : answers.others).push(status);
        await new Promise((r) => setTimeout(r, Math.max(0, next - Date.now())));
      }
    }),
  );
  return answers;
}

/** The owner signs in every 2 s from their browser, a busy answer retried a second later. */
async function ownerSignIns(until: number, cookies: string[]) {
  const waits: number[] = [];
  const outcomes: number[] = [];
  let busy = 0;
  while (Date.now() < until) {
    const next = Date.now() + 2000;
    const started = performance.now();
    let answer = await login(E2E_ADMIN.username, E2E_ADMIN.password, "192.0.2.20", cookies);
    for (let retry = 0; answer.status === 503 && retry < 10; retry++) {
      busy++;
      await new Promise((r) => setTimeout(r, 1000));
      answer = await login(E2E_ADMIN.username, E2E_ADMIN.password, "192.0.2.20", cookies);
    }
    outcomes.push(answer.status);
    if (answer.status === 200) waits.push(performance.now() - started);
    await new Promise((r) => setTimeout(r, Math.max(0, next - Date.now())));
  }
  return { waits, outcomes, busy };
}

async function floodWithOwner(browser: string[]) {
  const until = Date.now() + FLOOD_SECONDS * 1000;
  const [strangers, owner] = await Promise.all([flood(until), ownerSignIns(until, browser)]);
  const newBrowser = await login(E2E_ADMIN.username, E2E_ADMIN.password, "192.0.2.12");
  const signedIn = owner.outcomes.filter((s) => s === 200).length;
  console.log(
    `${FLOOD_SECONDS} s of wrong passwords from ${FLOOD_NETWORKS} /64s: at the owner's username ${tally(strangers.owner)}; at made-up ones ${tally(strangers.others)}`,
  );
  console.log(
    `  the owner, from a browser signed in on before: ${signedIn} of ${owner.outcomes.length} sign-ins got in (${Math.round((100 * signedIn) / Math.max(1, owner.outcomes.length))} %), ${owner.busy} busy answers retried; answers ${tally(owner.outcomes)}`,
  );
  console.log(
    `  the owner's wait to be signed in: p50 ${percentile(owner.waits, 50)} ms, p99 ${percentile(owner.waits, 99)} ms, max ${Math.round(Math.max(0, ...owner.waits))} ms`,
  );
  console.log(`  the owner from a browser never signed in on, after the flood: ${newBrowser.status}`);
  if (signedIn !== owner.outcomes.length || owner.outcomes.length === 0) failed = true;
}

try {
  // The owner's browser signs in once before anything else: a browser they have signed in on.
  const owner = await login(E2E_ADMIN.username, E2E_ADMIN.password, "192.0.2.10");
  if (owner.status !== 200) throw new Error(`The owner's first sign-in answered ${owner.status}`);
  await quiet(3000);
  const one = await burst("100 guesses from one address", () => "203.0.113.7");
  if (one[99] === 200) failed = true;
  await burst("100 guesses from 100 addresses", (i) => `198.51.100.${i + 1}`);
  await floodWithOwner(owner.cookies);
} finally {
  await server.stop();
}
process.exitCode = failed ? 1 : 0;
