// npm run bench:social-card: GET /admin/posts/{id}/social-card (a draft's social card, drawn on demand
// for the editor's preview) held at its cap against the production build. BENCH_CLIENTS signed-in
// sessions of one member of staff ask for the cards of BENCH_CLIENTS drafts at once, each asking again
// as soon as it is answered, for BENCH_SECONDS: an edit of the draft's title (written to the database by
// another connection, as a second tab's save would), the card asked for until it is drawn, once more
// (kept in memory), then the next edit. One drawing at a time per person, at most 3 waiting: the rest
// are told 429; a card drawn already is given at once. Printed: each answer's p50 and p99 and statuses, /healthz's meanwhile, the
// longest event-loop delay the server reported, and its memory at the start, peak and end.
import Database from "better-sqlite3";

import { adminSessionCookie, startServer } from "../lib/start-server";
import { printFigures, sustain, watchServer } from "../lib/sustained-load";

const SECONDS = Number(process.env.BENCH_SECONDS ?? 60);
const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 16);
const WARM_UP_SECONDS = 12;

const server = await startServer({}, { atRest: true });
const db = new Database(server.databasePath);
db.pragma("busy_timeout = 5000");
try {
  // One after another: sign-in's password checks are limited, by design.
  const cookies: string[] = [];
  for (let client = 0; client < CLIENTS; client++) cookies.push(await adminSessionCookie(server.baseURL));
  // A draft of its own for each client, made as the editor makes one.
  const drafts: { id: string; title: string }[] = [];
  for (let client = 0; client < CLIENTS; client++) {
    const title = `Notes from the studio, part ${client + 1}`;
    const made = await fetch(`${server.baseURL}/api/blog`, {
      method: "POST",
      headers: { Cookie: cookies[0]!, Origin: server.baseURL, "Content-Type": "application/json" },
      body: JSON.stringify({
        title,
        excerpt: "A draft.",
        content: "<p>Words</p>",
        tags: ["Studio"],
        status: "draft",
      }),
    });
    if (!made.ok) throw new Error(`Making a draft answered ${made.status}: ${await made.text()}`);
    drafts.push({ id: ((await made.json()) as { id: string }).id, title });
  }
  const toDraft = db.prepare("update posts set title = ? where id = ?");

  console.log(`GET /admin/posts/{id}/social-card, ${CLIENTS} signed-in clients at once for ${SECONDS} s:`);
  // Each client edits its draft and asks for the card until it is drawn (429: asked again at once),
  // then asks once more (kept in memory), then edits again.
  const next = drafts.map(() => "edit" as "edit" | "again" | "kept");
  const labels = {
    edit: "card after an edit",
    again: "the same card after a 429",
    kept: "card drawn already",
  };
  const ask = async (client: number, turn: number) => {
    const draft = drafts[client % drafts.length]!;
    const step = next[client]!;
    if (step === "edit") toDraft.run(`${draft.title} (${client}.${turn})`, draft.id);
    const answer = await fetch(`${server.baseURL}/admin/posts/${draft.id}/social-card`, {
      headers: { Cookie: cookies[client]! },
    });
    await answer.arrayBuffer();
    next[client] = step === "kept" ? "edit" : answer.status === 200 ? "kept" : "again";
    return { label: labels[step], status: answer.status };
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
