// npm run bench:pages: the page copy API held at its cap against the production build. A member of
// staff's writes have no count of their own (they are signed in, as for the other /api writes), so
// the cap is the body's: BENCH_CLIENTS signed-in clients at once for BENCH_SECONDS, each saving its
// own page's draft and publishing it, again and again; two of them save a legal page whose sections'
// rich bodies fill the most a legal page holds (the sanitiser's worst case), the others home, about,
// contact and the services. Meanwhile visitors ask for the home page, the privacy policy and home's
// published JSON.
// Printed: each answer's p50 and p99 and statuses, /healthz's meanwhile, the longest event-loop delay
// the server reported, and its memory at the start, peak and end.
import { LEGAL_PAGE_MAX } from "~/features/pages/index";

import { adminSessionCookie, startServer } from "../lib/start-server";
import { printFigures, sustain, watchServer } from "../lib/sustained-load";

const SECONDS = Number(process.env.BENCH_SECONDS ?? 60);
const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 8);
const VISITORS = Number(process.env.BENCH_VISITORS ?? 6);
const WARM_UP_SECONDS = 10;
const LEGAL_KEYS = ["legal/privacy", "legal/terms"];

const server = await startServer({}, { atRest: true });
try {
  // One after another: sign-in's password checks are limited, by design.
  const cookies: string[] = [];
  for (let client = 0; client < CLIENTS; client++) cookies.push(await adminSessionCookie(server.baseURL));
  const headers = (client: number) => ({
    Cookie: cookies[client]!,
    Origin: server.baseURL,
    "Content-Type": "application/json",
  });

  const listed = (await (
    await fetch(`${server.baseURL}/api/pages`, { headers: { Cookie: cookies[0]! } })
  ).json()) as { pages: { key: string }[] };
  const others = listed.pages.map((page) => page.key).filter((key) => !key.startsWith("legal/"));
  const keys = Array.from({ length: CLIENTS }, (_, client) =>
    client < LEGAL_KEYS.length ? LEGAL_KEYS[client]! : others[(client - LEGAL_KEYS.length) % others.length]!,
  );
  const published = new Map<string, Record<string, unknown>>();
  for (const key of new Set(keys)) {
    const page = (await (
      await fetch(`${server.baseURL}/api/pages/${key}`, { headers: { Cookie: cookies[0]! } })
    ).json()) as { published: Record<string, unknown> };
    published.set(key, page.published);
  }

  // Thirty sections of paragraphs, lists, links and emphasis, just under what a legal page holds: the
  // most markup one save can ask the sanitiser to read.
  const paragraph =
    '<p>We keep <strong>your data</strong> for as long as <a href="/contact">you ask</a>, and <em>no longer</em>.</p><ul><li>Enquiries</li><li>Newsletter</li></ul>';
  const body = paragraph.repeat(Math.floor(LEGAL_PAGE_MAX / 30 / paragraph.length));
  const legalBody = (key: string, turn: number) => ({
    ...published.get(key),
    sections: Array.from({ length: 30 }, (_, index) => ({ heading: `Part ${index + 1} (${turn})`, body })),
  });
  const edited = (key: string, turn: number) => {
    const copy = structuredClone(published.get(key)!);
    if (key.startsWith("services/")) copy.summary = `${String(copy.summary).slice(0, 150)} (${turn})`;
    else if ("meta" in copy)
      copy.meta = { ...(copy.meta as object), description: `Saved by the bench, turn ${turn}` };
    else copy.text = `Saved by the bench, turn ${turn}`;
    return copy;
  };

  const publishNext = new Array<boolean>(CLIENTS).fill(false);
  const ask = async (client: number, turn: number) => {
    if (client >= CLIENTS) {
      const visitor = client - CLIENTS;
      const path = ["/", "/privacy", "/api/pages/home"][visitor % 3]!;
      const answer = await fetch(`${server.baseURL}${path}`);
      await answer.arrayBuffer();
      return { label: `visitor GET ${path}`, status: answer.status };
    }
    const key = keys[client]!;
    const legal = key.startsWith("legal/");
    if (publishNext[client]) {
      publishNext[client] = false;
      const answer = await fetch(`${server.baseURL}/api/pages/${key}/publish`, {
        method: "POST",
        headers: headers(client),
      });
      await answer.arrayBuffer();
      return {
        label: legal ? "POST publish a full legal page" : "POST publish a page",
        status: answer.status,
      };
    }
    const answer = await fetch(`${server.baseURL}/api/pages/${key}`, {
      method: "PUT",
      headers: headers(client),
      body: JSON.stringify(legal ? legalBody(key, turn) : edited(key, turn)),
    });
    await answer.arrayBuffer();
    publishNext[client] = answer.ok;
    return { label: legal ? "PUT a full legal page's draft" : "PUT a page's draft", status: answer.status };
  };

  console.log(
    `/api/pages: ${CLIENTS} signed-in clients saving and publishing, ${VISITORS} visitors, for ${SECONDS} s:`,
  );
  await sustain(WARM_UP_SECONDS, CLIENTS + VISITORS, ask);
  const watch = watchServer(server.baseURL, server.pid);
  const rows = await sustain(SECONDS, CLIENTS + VISITORS, ask);
  printFigures(rows, await watch.stop());
} finally {
  await server.stop();
}
