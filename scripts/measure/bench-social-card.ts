// npm run bench:social-card: GET /admin/posts/{id}/social-card (a draft's social card, drawn on demand
// for the editor's preview) held at its cap against the production build. BENCH_CLIENTS signed-in
// sessions of one member of staff ask for the cards of BENCH_CLIENTS drafts at once, each asking again
// as soon as it is answered, for BENCH_SECONDS; every other ask follows an edit of the draft's title
// (written to the database by another connection, as a second tab's save would), so half the asks
// need a new drawing and half find it in memory. One drawing at a time per person, at most 3 waiting:
// the rest are told 429. Printed: each answer's p50 and p99 and statuses, /healthz's meanwhile, the
// longest event-loop delay the server reported, and its memory at the start, peak and end.
import Database from "better-sqlite3";

import { adminSessionCookie, startServer } from "../lib/start-server";
import { printFigures, sustain, watchServer } from "../lib/sustained-load";

const SECONDS = Number(process.env.BENCH_SECONDS ?? 60);
const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 16);
const WARM_UP_SECONDS = 12;

const server = await startServer();
const db = new Database(server.databasePath);
db.pragma("busy_timeout = 5000");
try {
  const drafts = db
    .prepare<[number], { id: string; title: string }>(
      "select id, title from posts where deleted_at is null order by id limit ?",
    )
    .all(CLIENTS);
  const toDraft = db.prepare("update posts set status = 'draft', title = ? where id = ?");
  for (const draft of drafts) toDraft.run(draft.title, draft.id);
  // One after another: sign-in's password checks are limited, by design.
  const cookies: string[] = [];
  for (const _ of drafts) cookies.push(await adminSessionCookie(server.baseURL));

  console.log(`GET /admin/posts/{id}/social-card, ${CLIENTS} signed-in clients at once for ${SECONDS} s:`);
  const ask = async (client: number, turn: number) => {
    const draft = drafts[client % drafts.length]!;
    const edited = turn % 2 === 0;
    if (edited) toDraft.run(`${draft.title} (${client}.${turn})`, draft.id);
    const answer = await fetch(`${server.baseURL}/admin/posts/${draft.id}/social-card`, {
      headers: { Cookie: cookies[client]! },
    });
    await answer.arrayBuffer();
    return { label: edited ? "card after an edit (drawn)" : "card again (in memory)", status: answer.status };
  };
  // Past the start's work and the event-loop window that saw it, as a site that has run a while.
  await sustain(WARM_UP_SECONDS, CLIENTS, ask);
  const watch = watchServer(server.baseURL, server.pid);
  const rows = await sustain(SECONDS, CLIENTS, ask);
  printFigures(rows, await watch.stop());
} finally {
  db.close();
  await server.stop();
}
