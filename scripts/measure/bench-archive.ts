// npm run bench:archive: a site archive imported through POST /api/import against the production build.
//  - a hostile archive: two tables of 256 MB of JSON each, zipped to well under a megabyte: the answer
//    (refused at the preview, from the sizes it declares) and the server's memory growth;
//  - an honest archive of BENCH_POSTS posts (5,000 by default, ~8 KB each) read row by row: the whole
//    import's time, the server's peak memory growth, and /healthz asked every 50 ms meanwhile (p50,
//    p99 and the slowest: how long the import held the site).
import { readFileSync } from "node:fs";
import { Readable } from "node:stream";

import yazl from "yazl";

import { peakGrowth } from "../lib/process-memory";
import { adminSessionCookie, startServer } from "../lib/start-server";

const POSTS = Number(process.env.BENCH_POSTS ?? 5000);
const MB = 1024 * 1024;

const schema = (
  JSON.parse(readFileSync("db/migrations/meta/_journal.json", "utf8")) as { entries: { tag: string }[] }
).entries.at(-1)!.tag;
const manifest = JSON.stringify({
  format: "northwall-site-archive",
  version: 1,
  schema,
  site: "https://bench.example",
  personal: false,
  collections: {},
});

async function zipOf(entries: [string, () => Readable][]): Promise<Buffer> {
  const zip = new yazl.ZipFile();
  for (const [name, stream] of entries) zip.addReadStreamLazy(name, (done) => done(null, stream()));
  zip.end();
  const chunks: Buffer[] = [];
  for await (const chunk of zip.outputStream as Readable) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** A table of `bytes` of JSON: one row repeated (it zips to almost nothing). */
function hugeTable(bytes: number): Readable {
  const row = `{"id":"x","title":"${"a".repeat(1000)}"},`;
  const rows = Math.floor(bytes / row.length);
  return Readable.from(
    (function* () {
      yield "[";
      for (let i = 0; i < rows; i += 1000) yield row.repeat(Math.min(1000, rows - i));
      yield '{"id":"y","title":"end"}]';
    })(),
  );
}

const words = "local search reviews map pack conversion landing page budget campaign audience".split(" ");
function posts(count: number): Readable {
  return Readable.from(
    (function* () {
      yield "[";
      for (let n = 0; n < count; n++) {
        const body = Array.from(
          { length: 12 },
          (_, p) =>
            `<p>${Array.from({ length: 90 }, (_, i) => words[(n + p * 7 + i * 3) % words.length]).join(" ")}.</p>`,
        ).join("");
        yield `${n ? "," : ""}${JSON.stringify({
          id: `post-${n}`,
          title: `Bench post ${n}`,
          slug: `bench-post-${n}`,
          excerpt: `Post ${n} of the bench.`,
          content: body,
          status: "published",
          tags: JSON.stringify([`Tag ${n % 20}`]),
          created_at: 1_700_000_000_000 + n,
          updated_at: 1_700_000_000_000 + n,
        })}`;
      }
      yield "]";
    })(),
  );
}

const quantile = (values: number[], q: number) =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(q * values.length))] ?? 0;

const server = await startServer({}, { startSeconds: 120, atRest: true });
try {
  const cookie = await adminSessionCookie(server.baseURL);
  const upload = async (bytes: Buffer) => {
    const body = new FormData();
    body.set("file", new Blob([new Uint8Array(bytes)]), "site.zip");
    const answer = await fetch(`${server.baseURL}/api/import`, {
      method: "POST",
      headers: { Cookie: cookie, Origin: server.baseURL },
      body,
    });
    return { status: answer.status, body: (await answer.json()) as { id?: string; error?: string } };
  };

  const hostile = await zipOf([
    ["manifest.json", () => Readable.from([manifest])],
    ["content/posts.json", () => hugeTable(256 * MB)],
    ["content/revisions.json", () => hugeTable(256 * MB)],
  ]);
  const started = performance.now();
  const refused = await peakGrowth(server.pid, () => upload(hostile));
  console.log(
    `hostile archive (${(hostile.length / 1024).toFixed(0)} KB zipped, 2 × 256 MB of JSON): ${refused.result.status} in ${(performance.now() - started).toFixed(0)} ms, "${refused.result.body.error}"; memory +${(refused.growth / MB).toFixed(0)} MB`,
  );

  const honest = await zipOf([
    ["manifest.json", () => Readable.from([manifest])],
    ["content/posts.json", () => posts(POSTS)],
  ]);
  const latencies: number[] = [];
  let running = true;
  const prober = (async () => {
    while (running) {
      const asked = performance.now();
      await fetch(`${server.baseURL}/healthz`).then((r) => r.arrayBuffer());
      latencies.push(performance.now() - asked);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  })();
  const begun = performance.now();
  const imported = await peakGrowth(server.pid, async () => {
    const { body } = await upload(honest);
    for (;;) {
      const report = (await (
        await fetch(`${server.baseURL}/api/import/${body.id}`, { headers: { Cookie: cookie } })
      ).json()) as { status: string; counts: Record<string, number>; error: string | null };
      // POST /api/import starts the import at once.
      if (report.status !== "running") return report;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  });
  running = false;
  await prober;
  console.log(
    `honest archive of ${POSTS} posts (${(honest.length / MB).toFixed(1)} MB zipped): ${imported.result.status}, ${imported.result.counts.posts ?? 0} posts in ${((performance.now() - begun) / 1000).toFixed(1)} s; memory +${(imported.growth / MB).toFixed(0)} MB`,
  );
  console.log(
    `  /healthz meanwhile: ${latencies.length} asked; p50 ${quantile(latencies, 0.5).toFixed(0)} ms, p99 ${quantile(latencies, 0.99).toFixed(0)} ms, slowest ${Math.max(...latencies).toFixed(0)} ms`,
  );
} finally {
  await server.stop();
}
