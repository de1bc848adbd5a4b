import { percentile } from "./percentile";
import { memoryOf } from "./process-memory";

export type Watch = { stop: () => Promise<WatchFigures> };
export type WatchFigures = {
  healthP50: number;
  healthP99: number;
  healthMax: number;
  healthFailures: number;
  eventLoopMaxMs: number;
  rssStartMb: number;
  rssPeakMb: number;
  rssEndMb: number;
  exited: boolean;
};

const mb = (bytes: number) => Math.round(bytes / 1024 / 1024);

/**
 * Watches a running server while a bench loads it: /healthz asked every 200 ms (its time, and the
 * longest event-loop delay it reports), the process's resident set sampled meanwhile.
 */
export function watchServer(baseURL: string, pid: number): Watch {
  const times: number[] = [];
  let failures = 0;
  let eventLoopMax = 0;
  let stopped = false;
  let exited = false;
  const rssStart = memoryOf(pid).rss;
  let rssPeak = rssStart;
  const done = (async () => {
    while (!stopped) {
      const started = performance.now();
      try {
        const answer = await fetch(`${baseURL}/healthz`, { signal: AbortSignal.timeout(10_000) });
        const health = (await answer.json()) as { eventLoop?: { maxMs: number } };
        if (!answer.ok) failures++;
        eventLoopMax = Math.max(eventLoopMax, health.eventLoop?.maxMs ?? 0);
      } catch {
        failures++;
      }
      times.push(performance.now() - started);
      try {
        rssPeak = Math.max(rssPeak, memoryOf(pid).rss);
      } catch {
        exited = true;
      }
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  })();
  return {
    stop: async () => {
      stopped = true;
      await done;
      let rssEnd = 0;
      try {
        rssEnd = memoryOf(pid).rss;
      } catch {
        exited = true;
      }
      return {
        healthP50: percentile(times, 50),
        healthP99: percentile(times, 99),
        healthMax: Math.round(Math.max(0, ...times)),
        healthFailures: failures,
        eventLoopMaxMs: eventLoopMax,
        rssStartMb: mb(rssStart),
        rssPeakMb: mb(rssPeak),
        rssEndMb: mb(rssEnd),
        exited,
      };
    },
  };
}

/**
 * `clients` loops each sending `ask()` one after another for `seconds`: every answer's time and
 * status, by the label `ask` gives it.
 */
export async function sustain(
  seconds: number,
  clients: number,
  ask: (client: number, turn: number) => Promise<{ label: string; status: number }>,
) {
  const byLabel = new Map<string, { times: number[]; statuses: Map<number, number> }>();
  const end = Date.now() + seconds * 1000;
  await Promise.all(
    Array.from({ length: clients }, async (_, client) => {
      for (let turn = 0; Date.now() < end; turn++) {
        const started = performance.now();
        let answer: { label: string; status: number };
        try {
          answer = await ask(client, turn);
        } catch {
          answer = { label: "network error", status: 0 };
        }
        const entry = byLabel.get(answer.label) ?? {
          times: [] as number[],
          statuses: new Map<number, number>(),
        };
        entry.times.push(performance.now() - started);
        entry.statuses.set(answer.status, (entry.statuses.get(answer.status) ?? 0) + 1);
        byLabel.set(answer.label, entry);
      }
    }),
  );
  return [...byLabel].map(([label, { times, statuses }]) => ({
    label,
    requests: times.length,
    perSecond: Math.round(times.length / seconds),
    p50: percentile(times, 50),
    p99: percentile(times, 99),
    statuses: Object.fromEntries(statuses),
  }));
}

/** Prints what `sustain` and `watchServer` measured. */
export function printFigures(rows: Awaited<ReturnType<typeof sustain>>, watched: WatchFigures) {
  for (const row of rows)
    console.log(
      `  ${row.label.padEnd(44)} ${String(row.requests).padStart(7)} requests (${row.perSecond}/s)  p50 ${row.p50} ms  p99 ${row.p99} ms  statuses ${JSON.stringify(row.statuses)}`,
    );
  console.log(
    `  /healthz every 200 ms: p50 ${watched.healthP50} ms, p99 ${watched.healthP99} ms, max ${watched.healthMax} ms, failed ${watched.healthFailures}`,
  );
  console.log(`  longest event-loop delay the server reported: ${watched.eventLoopMaxMs} ms`);
  console.log(
    `  server memory (RSS): ${watched.rssStartMb} MB at the start, ${watched.rssPeakMb} MB at the peak, ${watched.rssEndMb} MB at the end${watched.exited ? "; THE SERVER EXITED" : ""}`,
  );
}
