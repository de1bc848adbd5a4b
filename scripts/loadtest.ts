// npm run loadtest: 60 s, 100 concurrent connections on loopback against the production build, split
// across public pages, blog search, a post and enquiries (rate limits raised with RATE_LIMIT_FACTOR).
// Prints requests/s, p50/p99 and errors per route, then checks the enquiries: every 201 has its row
// and no row lacks a 201. Exits 1 when any request failed or the rows disagree.
//   LOADTEST_SECONDS=10 npm run loadtest   (a shorter run)
import autocannon, { type Result } from "autocannon";
import Database from "better-sqlite3";
import { startServer } from "../tests/e2e/support/server";

const seconds = Number(process.env.LOADTEST_SECONDS ?? 60);
const server = await startServer({ RATE_LIMIT_FACTOR: "10000000", LOG_LEVEL: "warn" });
const db = () => new Database(server.databasePath, { readonly: true });

try {
  const posts = (await (await fetch(`${server.baseURL}/api/blog`)).json()) as { slug: string }[];
  const contactsBefore = (db().prepare("select count(*) as n from contacts").get() as { n: number }).n;
  const acknowledged: string[] = [];
  let sequence = 0;

  const targets: { name: string; connections: number; options: Partial<autocannon.Options> }[] = [
    { name: "GET /", connections: 20, options: { url: server.baseURL + "/" } },
    { name: "GET /services/seo", connections: 15, options: { url: server.baseURL + "/services/seo" } },
    { name: "GET /work", connections: 10, options: { url: server.baseURL + "/work" } },
    { name: "GET /blog?q=seo", connections: 20, options: { url: server.baseURL + "/blog?q=seo" } },
    { name: `GET /blog/${posts[0]!.slug}`, connections: 15, options: { url: server.baseURL + `/blog/${posts[0]!.slug}` } },
    {
      name: "POST /api/contact",
      connections: 20,
      options: {
        requests: [
          {
            method: "POST",
            path: "/api/contact",
            headers: { "content-type": "application/json", origin: server.baseURL },
            setupRequest: (request) => {
              const n = sequence++;
              return {
                ...request,
                body: JSON.stringify({
                  name: `Load Test ${n}`,
                  email: `load-${n}@example.ie`,
                  budget: "10k-25k",
                  goals: `Enquiry ${n} sent by the load test.`,
                }),
              };
            },
            onResponse: (status, body) => {
              if (status === 201) acknowledged.push((JSON.parse(body) as { id: string }).id);
            },
          },
        ],
      },
    },
  ];

  console.log(`Load: ${seconds} s, ${targets.reduce((n, t) => n + t.connections, 0)} connections against ${server.baseURL}\n`);
  const results = await Promise.all(
    targets.map(
      (target) =>
        autocannon({ url: server.baseURL, duration: seconds, connections: target.connections, ...target.options }) as Promise<Result>,
    ),
  );

  let failures = 0;
  console.log(`${"route".padEnd(44)}${"req/s".padStart(9)}${"p50 ms".padStart(9)}${"p99 ms".padStart(9)}${"errors".padStart(8)}${"non-2xx".padStart(9)}`);
  for (const [i, result] of results.entries()) {
    const errors = result.errors + result.timeouts;
    failures += errors + result.non2xx;
    console.log(
      `${targets[i]!.name.padEnd(44)}${result.requests.average.toFixed(0).padStart(9)}${String(result.latency.p50).padStart(9)}${String(result.latency.p99).padStart(9)}${String(errors).padStart(8)}${String(result.non2xx).padStart(9)}`,
    );
  }
  const total = results.reduce((n, r) => n + r.requests.total, 0);
  console.log(`\n${total} requests, ${(total / seconds).toFixed(0)} req/s overall, ${failures} errors or non-2xx answers`);

  // Every acknowledged enquiry is stored, and nothing is stored that was not acknowledged.
  const database = db();
  const rows = database.prepare("select id from contacts where email like 'load-%@example.ie'").all() as { id: string }[];
  const contactsAfter = (database.prepare("select count(*) as n from contacts").get() as { n: number }).n;
  database.close();
  const stored = new Set(rows.map((r) => r.id));
  const missing = acknowledged.filter((id) => !stored.has(id)).length;
  const unacknowledged = rows.length - (acknowledged.length - missing);
  console.log(
    `enquiries: ${acknowledged.length} answered 201, ${contactsAfter - contactsBefore} rows added, ${missing} acknowledged but missing, ${unacknowledged} stored without a 201`,
  );
  if (failures > 0 || missing > 0 || unacknowledged !== 0 || contactsAfter - contactsBefore !== acknowledged.length) {
    process.exitCode = 1;
  }
} finally {
  await server.stop();
}
