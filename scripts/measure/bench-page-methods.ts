// npm run bench:page-methods: pages refusing other methods, held against the production build. Pages
// have no count of their own for a method they refuse (the 405 is answered before anything is read),
// so the cap is the clients': BENCH_CLIENTS at once for BENCH_SECONDS, each sending DELETE, PUT and
// PATCH with a sign-up's or an enquiry's body to the pages with forms and without, while visitors ask
// for the same pages. Printed: each answer's p50 and p99 and statuses, /healthz's meanwhile, the longest
// event-loop delay the server reported, its memory at the start, peak and end, and the sign-ups and
// enquiries the refused requests left (none is the pass mark).
import Database from "better-sqlite3";

import { startServer } from "../lib/start-server";
import { printFigures, sustain, watchServer } from "../lib/sustained-load";

const SECONDS = Number(process.env.BENCH_SECONDS ?? 60);
const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 8);
const VISITORS = Number(process.env.BENCH_VISITORS ?? 4);
const WARM_UP_SECONDS = 5;
const PAGES = ["/blog", "/contact", "/admin/login", "/", "/work", "/about"];
const METHODS = ["DELETE", "PUT", "PATCH"];

const server = await startServer({}, { atRest: true });
try {
  const rowsIn = (table: string) => {
    const db = new Database(server.databasePath, { readonly: true });
    try {
      return db.prepare(`select count(*) from ${table}`).pluck().get() as number;
    } finally {
      db.close();
    }
  };
  const before = { subscribers: rowsIn("newsletter_subscribers"), enquiries: rowsIn("enquiries") };
  const ask = async (client: number, turn: number) => {
    const path = PAGES[(client + turn) % PAGES.length]!;
    if (client >= CLIENTS) {
      const answer = await fetch(`${server.baseURL}${path}`);
      await answer.arrayBuffer();
      return { label: `visitor GET ${path}`, status: answer.status };
    }
    const method = METHODS[turn % METHODS.length]!;
    const answer = await fetch(`${server.baseURL}${path}`, {
      method,
      headers: { Origin: server.baseURL, "Content-Type": "application/x-www-form-urlencoded" },
      body: `email=bench-${client}-${turn}%40example.ie&name=Bench&goals=${"A%20website%20".repeat(50)}`,
    });
    await answer.arrayBuffer();
    return { label: `${method} a page`, status: answer.status };
  };

  console.log(`Other methods on pages: ${CLIENTS} clients, ${VISITORS} visitors, for ${SECONDS} s:`);
  await sustain(WARM_UP_SECONDS, CLIENTS + VISITORS, ask);
  const watch = watchServer(server.baseURL, server.pid);
  const rows = await sustain(SECONDS, CLIENTS + VISITORS, ask);
  printFigures(rows, await watch.stop());
  const after = { subscribers: rowsIn("newsletter_subscribers"), enquiries: rowsIn("enquiries") };
  console.log(
    `  rows the refused requests left: ${after.subscribers - before.subscribers} sign-ups, ${after.enquiries - before.enquiries} enquiries`,
  );
} finally {
  await server.stop();
}
