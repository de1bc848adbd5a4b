// The staff API's heaviest new surfaces held for BENCH_SECONDS each (default 30), from CLIENTS signed-in
// clients (default 4) going as fast as the server answers (`npm run bench:staff-api`, builds first):
// 1. GET /api/blog/{id}/checks on the worst posts a body allows (10,000 links, 5,000 headings, a
//    3,000-deep list, a 490 KB paragraph, 9,000 images whose alt is a file name);
// 2. the posts' translation API: a translation rewritten (50 KB), a new one made, the list read.
// Each prints requests per second, p50 and p99, statuses, /healthz every 200 ms (worst answer), the
// longest event-loop delay the server reported, and its memory peak. The staff API has no rate cap
// (decision 069): this is the most the server takes from staff, while the site stays up.
import { adminSessionCookie, startServer } from "../lib/start-server";
import { printFigures, sustain, watchServer } from "../lib/sustained-load";

const SECONDS = Number(process.env.BENCH_SECONDS ?? 30);
const CLIENTS = Number(process.env.CLIENTS ?? 4);

const repeat = (n: number, each: (i: number) => string) =>
  Array.from({ length: n }, (_, i) => each(i)).join("");
const WORST_BODIES: Record<string, string> = {
  "10,000 links": repeat(10_000, (i) => `<a href="/nowhere-${i}">click here</a> `),
  "5,000 headings": repeat(5_000, (i) => `<h${(i % 5) + 2}>Heading ${i}</h${(i % 5) + 2}>`),
  "3,000-deep list": `${"<ul><li>".repeat(3_000)}deep${"</li></ul>".repeat(3_000)}`,
  "490 KB paragraph": `<p>${"word ".repeat(98_000)}</p>`,
  "9,000 images": repeat(9_000, (i) => `<img src="/uploads/p${i}.jpg" alt="IMG_${i}.jpg">`),
};

const server = await startServer({ LOG_LEVEL: "warn", RATE_LIMIT_FACTOR: "1" }, { atRest: true });
try {
  const base = server.baseURL;
  const cookie = await adminSessionCookie(base);
  const send = async (method: string, path: string, body?: unknown) => {
    const answer = await fetch(`${base}${path}`, {
      method,
      headers: { Cookie: cookie, Origin: base, ...(body ? { "Content-Type": "application/json" } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    return { status: answer.status, text: await answer.text() };
  };
  const made = async (body: Record<string, unknown>) => {
    const answer = await send("POST", "/api/blog", body);
    if (answer.status !== 201)
      throw new Error(`Making a post: ${answer.status} ${answer.text.slice(0, 300)}`);
    return JSON.parse(answer.text) as { id: string; title: string };
  };

  const worst: { id: string }[] = [];
  const saves: string[] = [];
  for (const [name, content] of Object.entries(WORST_BODIES)) {
    const started = performance.now();
    worst.push(
      await made({ title: `Worst case: ${name}`, excerpt: "A body as hostile as allowed.", content }),
    );
    saves.push(`${name} ${Math.round(performance.now() - started)} ms`);
  }
  console.log(`Saving the worst-case posts (POST /api/blog): ${saves.join(", ")}`);
  // The event loop's delays are reported over 10-second windows: the saves' are left out of the figures.
  await new Promise((resolve) => setTimeout(resolve, 21_000));
  console.log(`Checks API, ${CLIENTS} clients for ${SECONDS} s, over ${worst.length} worst-case posts:`);
  let watch = watchServer(base, server.pid);
  printFigures(
    await sustain(SECONDS, CLIENTS, async (client, turn) => {
      const post = worst[(client + turn) % worst.length]!;
      const answer = await send("GET", `/api/blog/${post.id}/checks`);
      return { label: "GET /api/blog/{id}/checks", status: answer.status };
    }),
    await watch.stop(),
  );

  const languages = await send("PUT", "/api/languages", {
    default: "en",
    languages: ["en", "ga", "de", "fr"],
  });
  if (languages.status !== 200) throw new Error(`Adding languages: ${languages.status} ${languages.text}`);
  const sources: { id: string; title: string }[] = [];
  for (let n = 0; n < CLIENTS; n++)
    sources.push(await made({ title: `Source ${n}`, content: "<p>To translate.</p>", status: "published" }));
  const translations: { id: string }[] = [];
  for (const source of sources) {
    const answer = await send("POST", "/api/blog", {
      lang: "ga",
      translationOf: source.id,
      title: `Aistriúchán ${source.title}`,
      content: "<p>Dia duit.</p>",
      status: "published",
    });
    translations.push(JSON.parse(answer.text) as { id: string });
  }
  const fiftyKb = `<p>${"focal ".repeat(8_500)}</p>`;
  const LANGS = ["de", "fr"] as const;
  console.log(`Translation API, ${CLIENTS} clients for ${SECONDS} s:`);
  watch = watchServer(base, server.pid);
  printFigures(
    await sustain(SECONDS, CLIENTS, async (client, turn) => {
      const source = sources[client]!;
      if (turn % 3 === 0) {
        const answer = await send("PUT", `/api/blog/${translations[client]!.id}`, {
          lang: "ga",
          translationOf: source.id,
          title: `Aistriúchán ${client} ${turn}`,
          content: fiftyKb,
          status: "published",
        });
        return { label: "PUT a translation (50 KB)", status: answer.status };
      }
      if (turn % 3 === 1) {
        // A new source each time, translated once: the second language refused once made (409) is a write too.
        const fresh =
          turn % 6 === 1 ? await made({ title: `Fresh ${client} ${turn}`, content: "<p>x</p>" }) : source;
        const answer = await send("POST", "/api/blog", {
          lang: LANGS[turn % 2],
          translationOf: fresh.id,
          title: `Neu ${client} ${turn}`,
          content: "<p>Hallo.</p>",
        });
        return { label: "POST a translation (201 or 409)", status: answer.status };
      }
      const answer = await send("GET", `/api/blog?lang=ga&page=${(turn % 3) + 1}`);
      return { label: "GET /api/blog?lang=ga (staff)", status: answer.status };
    }),
    await watch.stop(),
  );
} finally {
  await server.stop();
}
