// npm run bench:slugs: the slug-spelling 301s held at their cap against the production build.
// BENCH_CLIENTS visitors at once, each asking again as soon as it is answered, for BENCH_SECONDS:
// a post and a case study spelled as stored (200, no spelling look-up), in another case (one 301),
// with the route's own words in another case too (one 301), a slug nothing has in any case (404
// after one look-up) and a 2,000-character one. Printed: each kind's p50 and p99, /healthz's
// meanwhile, the longest event-loop delay the server reported, and its memory at the start, peak
// and end.
import { startServer } from "../lib/start-server";
import { printFigures, sustain, watchServer } from "../lib/sustained-load";

const SECONDS = Number(process.env.BENCH_SECONDS ?? 60);
const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 16);
const WARM_UP_SECONDS = 12;

const server = await startServer({}, { atRest: true });
try {
  const page = async (path: string) => (await fetch(`${server.baseURL}${path}`)).text();
  const post = /href="\/blog\/([a-z0-9-]+)"/.exec(await page("/blog"))?.[1];
  if (!post) throw new Error("The seeded site has no post to ask for");
  const study = /href="\/work\/([a-z0-9-]+)"/.exec(await page("/work"))?.[1];
  if (!study) throw new Error("The seeded site has no case study to ask for");
  const shout = (slug: string) => slug.toUpperCase();
  const kinds: [string, string][] = [
    ["post spelled as stored", `/blog/${post}`],
    ["post in another case", `/blog/${shout(post)}`],
    ["post, route and slug in another case", `/BLOG/${shout(post)}`],
    ["case study in another case", `/work/${shout(study)}`],
    ["service in another case", "/services/SEO"],
    ["slug nothing has", "/blog/No-Such-Post"],
    ["2,000-character slug", `/blog/${"A".repeat(2000)}`],
  ];

  const only = process.env.BENCH_ONLY;
  if (only) kinds.splice(0, kinds.length, ...kinds.filter(([label]) => label.includes(only)));
  console.log(`Slug pages, ${CLIENTS} visitors at once for ${SECONDS} s:`);
  const ask = async (client: number, turn: number) => {
    const [label, path] = kinds[(client + turn) % kinds.length]!;
    const answer = await fetch(`${server.baseURL}${path}`, { redirect: "manual" });
    await answer.arrayBuffer();
    return { label, status: answer.status };
  };
  // Past the start's work and the event-loop window that saw it, as a site that has run a while.
  await sustain(WARM_UP_SECONDS, CLIENTS, ask);
  const watch = watchServer(server.baseURL, server.pid);
  const rows = await sustain(SECONDS, CLIENTS, ask);
  printFigures(rows, await watch.stop());
} finally {
  await server.stop();
}
