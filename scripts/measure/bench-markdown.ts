// npm run bench:markdown: the machine-readable site held at the rate clients can ask for it, against the
// production build. Public pages have no rate cap, so neither have their Markdown copies: BENCH_CLIENTS
// clients at once for BENCH_SECONDS, each asking in turn for a page's `.md`, a page by
// `Accept: text/markdown`, /llms.txt and /llms-full.txt, while BENCH_VISITORS visitors ask for the home
// page's HTML. The blog first gets BENCH_POSTS posts, so that /llms-full.txt reaches its bound; its
// first making (every page rendered) is timed on its own, with the event loop watched.
// Printed: the first /llms-full.txt's time and what the server reported meanwhile; then each answer's
// p50 and p99 and statuses, /healthz's meanwhile, the longest event-loop delay the server reported,
// and its memory at the start, peak and end.
import { adminSessionCookie, startServer } from "../lib/start-server";
import { printFigures, sustain, watchServer } from "../lib/sustained-load";

const SECONDS = Number(process.env.BENCH_SECONDS ?? 30);
const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 8);
const VISITORS = Number(process.env.BENCH_VISITORS ?? 4);
const POSTS = Number(process.env.BENCH_POSTS ?? 300);
const WARM_UP_SECONDS = 5;

const server = await startServer();
try {
  const cookie = await adminSessionCookie(server.baseURL);
  const paragraph = `<p>${"Search engine optimisation for Dublin businesses means clear pages, fast answers and honest words. ".repeat(6)}</p>`;
  let next = 0;
  await Promise.all(
    Array.from({ length: 4 }, async () => {
      while (next < POSTS) {
        const n = next++;
        const answer = await fetch(`${server.baseURL}/api/blog`, {
          method: "POST",
          headers: { Cookie: cookie, Origin: server.baseURL, "Content-Type": "application/json" },
          body: JSON.stringify({
            title: `Bench post ${n}`,
            slug: `bench-post-${n}`,
            content: paragraph.repeat(6),
            status: "published",
          }),
        });
        await answer.arrayBuffer();
        if (answer.status !== 201) throw new Error(`Writing post ${n} answered ${answer.status}`);
      }
    }),
  );

  console.log(`/llms-full.txt's first making, with ${POSTS} more posts on the blog:`);
  const first = watchServer(server.baseURL, server.pid);
  const started = performance.now();
  const full = await fetch(`${server.baseURL}/llms-full.txt`);
  const bytes = (await full.arrayBuffer()).byteLength;
  const took = Math.round(performance.now() - started);
  const watched = await first.stop();
  console.log(
    `  ${full.status}, ${Math.round(bytes / 1024)} KB in ${took} ms; /healthz meanwhile: max ${watched.healthMax} ms, failed ${watched.healthFailures}; longest event-loop delay: ${watched.eventLoopMaxMs} ms`,
  );

  const pages = ["/index.md", "/about.md", "/services/seo.md", "/blog/bench-post-7.md", "/blog.md"];
  const ask = async (client: number, turn: number) => {
    if (client >= CLIENTS) {
      const answer = await fetch(`${server.baseURL}/`);
      await answer.arrayBuffer();
      return { label: "visitor GET / (HTML)", status: answer.status };
    }
    const kind = (client + turn) % 4;
    const [label, path, headers]: [string, string, Record<string, string>] =
      kind === 0
        ? ["GET a page's .md", pages[turn % pages.length]!, {}]
        : kind === 1
          ? ["GET a page, Accept: text/markdown", "/about", { Accept: "text/markdown" }]
          : kind === 2
            ? ["GET /llms.txt", "/llms.txt", {}]
            : ["GET /llms-full.txt", "/llms-full.txt", {}];
    const answer = await fetch(`${server.baseURL}${path}`, { headers });
    await answer.arrayBuffer();
    return { label, status: answer.status };
  };

  console.log(`Markdown and llms files: ${CLIENTS} clients, ${VISITORS} visitors, for ${SECONDS} s:`);
  await sustain(WARM_UP_SECONDS, CLIENTS + VISITORS, ask);
  const watch = watchServer(server.baseURL, server.pid);
  const rows = await sustain(SECONDS, CLIENTS + VISITORS, ask);
  printFigures(rows, await watch.stop());
} finally {
  await server.stop();
}
