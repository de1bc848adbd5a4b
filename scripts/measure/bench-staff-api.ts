// The staff API's heaviest new surfaces held for BENCH_SECONDS each (default 30), from CLIENTS signed-in
// clients (default 4) going as fast as the server answers (`npm run bench:staff-api`, builds first):
// 1. GET /api/blog/{id}/checks on the worst posts a body allows (its 10,000 tags as 5,000 links or
//    5,000 headings, a list 200 tags deep, a 490 KB paragraph, 9,000 images whose alt is a file name);
// 2. the posts' translation API: a translation rewritten (50 KB), a new one made, the list read;
// 3. GET /api/work/{id}/checks on case studies with the same worst bodies;
// 4. the case studies' translation API: a translation rewritten (50 KB, its address changed each time),
//    a new one made (201 or 409), the list read;
// 5. the translations of team members, testimonials and the settings' words: written, removed and read
//    at once by every client (PUT/DELETE/GET /api/{team,testimonials}/{id}/translations/ga, /api/settings?lang=ga).
// 6. the pages' checks and saves: GET /api/pages/{key}/checks and PUT /api/pages/{key} (the page's draft,
//    its problems counted in the save's transaction) on a legal page holding the worst its 60,000
//    characters allow (about 5,000 headings; about 2,700 links to pages that do not exist).
// BENCH_PHASES=3,4 runs only those.
// Each prints requests per second, p50 and p99, statuses, /healthz every 200 ms (worst answer), the
// longest event-loop delay the server reported, and its memory peak. The staff API has no rate cap
// (decision 069): this is the most the server takes from staff, while the site stays up.
import { adminSessionCookie, startServer } from "../lib/start-server";
import { printFigures, sustain, watchServer } from "../lib/sustained-load";

const SECONDS = Number(process.env.BENCH_SECONDS ?? 30);
const CLIENTS = Number(process.env.CLIENTS ?? 4);
const PHASES = (process.env.BENCH_PHASES ?? "1,2,3,4,5,6").split(",");

const repeat = (n: number, each: (i: number) => string) =>
  Array.from({ length: n }, (_, i) => each(i)).join("");
const WORST_BODIES: Record<string, string> = {
  "5,000 links": repeat(5_000, (i) => `<a href="/nowhere-${i}">click here</a> `),
  "5,000 headings": repeat(5_000, (i) => `<h${(i % 5) + 2}>Heading ${i}</h${(i % 5) + 2}>`),
  "200-deep list": `${"<ul><li>".repeat(100)}deep${"</li></ul>".repeat(100)}`,
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
  for (const [name, content] of PHASES.includes("1") ? Object.entries(WORST_BODIES) : []) {
    const started = performance.now();
    worst.push(
      await made({ title: `Worst case: ${name}`, excerpt: "A body as hostile as allowed.", content }),
    );
    saves.push(`${name} ${Math.round(performance.now() - started)} ms`);
  }
  // The event loop's delays are reported over 10-second windows: the saves' are left out of the figures.
  const settle = () => new Promise((resolve) => setTimeout(resolve, 21_000));
  // One watcher a phase, started when the phase starts and stopped when it ends (a watcher left running
  // kept the script from ever exiting).
  let watch: ReturnType<typeof watchServer>;
  if (PHASES.includes("1")) {
    console.log(`Saving the worst-case posts (POST /api/blog): ${saves.join(", ")}`);
    await settle();
    console.log(`Checks API, ${CLIENTS} clients for ${SECONDS} s, over ${worst.length} worst-case posts:`);
    watch = watchServer(base, server.pid);
    printFigures(
      await sustain(SECONDS, CLIENTS, async (client, turn) => {
        const post = worst[(client + turn) % worst.length]!;
        const answer = await send("GET", `/api/blog/${post.id}/checks`);
        return { label: "GET /api/blog/{id}/checks", status: answer.status };
      }),
      await watch.stop(),
    );
  }

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
  if (PHASES.includes("2")) {
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
  }

  // Each its own address: a title's main words alone ("Study") would be taken after the first.
  let studies = 0;
  const study = (title: string, body: string, extra: Record<string, unknown> = {}) => ({
    title,
    slug: `bench-study-${++studies}`,
    clientName: "A client",
    category: "Retail",
    excerpt: "A study.",
    body,
    status: "published",
    ...extra,
  });
  const madeStudy = async (body: Record<string, unknown>) => {
    const answer = await send("POST", "/api/work", body);
    if (answer.status !== 201)
      throw new Error(`Making a case study: ${answer.status} ${answer.text.slice(0, 300)}`);
    return JSON.parse(answer.text) as { id: string; title: string };
  };
  if (PHASES.includes("3")) {
    const worstStudies: { id: string }[] = [];
    for (const [name, body] of Object.entries(WORST_BODIES))
      worstStudies.push(await madeStudy(study(`Worst case: ${name}`, body)));
    await settle();
    console.log(
      `Case studies' checks API, ${CLIENTS} clients for ${SECONDS} s, over ${worstStudies.length} worst-case studies:`,
    );
    watch = watchServer(base, server.pid);
    printFigures(
      await sustain(SECONDS, CLIENTS, async (client, turn) => {
        const one = worstStudies[(client + turn) % worstStudies.length]!;
        const answer = await send("GET", `/api/work/${one.id}/checks`);
        return { label: "GET /api/work/{id}/checks", status: answer.status };
      }),
      await watch.stop(),
    );
  }

  if (PHASES.includes("4")) {
    const sourceStudies: { id: string; title: string }[] = [];
    for (let n = 0; n < CLIENTS; n++)
      sourceStudies.push(await madeStudy(study(`Study ${n}`, "<p>To translate.</p>")));
    const studyTranslations: { id: string }[] = [];
    for (const [n, one] of sourceStudies.entries())
      studyTranslations.push(
        await madeStudy({ ...study(`Staidéar ${n}`, "<p>Dia duit.</p>"), lang: "ga", translationOf: one.id }),
      );
    console.log(`Case studies' translation API, ${CLIENTS} clients for ${SECONDS} s:`);
    watch = watchServer(base, server.pid);
    printFigures(
      await sustain(SECONDS, CLIENTS, async (client, turn) => {
        const one = sourceStudies[client]!;
        if (turn % 3 === 0) {
          const answer = await send("PUT", `/api/work/${studyTranslations[client]!.id}`, {
            ...study(`Staidéar ${client} ${turn}`, fiftyKb),
            slug: `staidear-${client}-${turn}`,
            lang: "ga",
            translationOf: one.id,
          });
          return { label: "PUT a translation (50 KB, new address)", status: answer.status };
        }
        if (turn % 3 === 1) {
          const fresh = turn % 6 === 1 ? await madeStudy(study(`Fresh ${client} ${turn}`, "<p>x</p>")) : one;
          const answer = await send("POST", "/api/work", {
            ...study(`Neu ${client} ${turn}`, "<p>Hallo.</p>"),
            lang: LANGS[turn % 2],
            translationOf: fresh.id,
          });
          return { label: "POST a translation (201 or 409)", status: answer.status };
        }
        const answer = await send("GET", `/api/work?lang=ga`);
        return { label: "GET /api/work?lang=ga (staff)", status: answer.status };
      }),
      await watch.stop(),
    );
  }

  if (PHASES.includes("5")) {
    const firstOf = async (list: string) => {
      const items = JSON.parse((await send("GET", `/api/${list}`)).text) as { id: string }[];
      return items[0]!.id;
    };
    const member = await firstOf("team");
    const quote = await firstOf("testimonials");
    const words = [
      [`/api/team/${member}/translations/ga`, { role: "Ceannaire", bio: "Beathaisnéis." }],
      [`/api/testimonials/${quote}/translations/ga`, { quote: "Sár-obair.", role: "Stiúrthóir" }],
      [
        "/api/settings?lang=ga",
        {
          tagline: "Margaíocht dhigiteach",
          autoReplySubject: "Go raibh maith agat",
          autoReplyBody: "Freagróimid go luath.",
        },
      ],
    ] as const;
    console.log(`Team, testimonial and settings translations, ${CLIENTS} clients for ${SECONDS} s:`);
    watch = watchServer(base, server.pid);
    printFigures(
      await sustain(SECONDS, CLIENTS, async (client, turn) => {
        const [path, body] = words[(client + turn) % words.length]!;
        const what = path.split("/")[2]!.split("?")[0]!;
        const method = (["PUT", "DELETE", "GET", "PUT"] as const)[turn % 4]!;
        const answer = await send(method, path, method === "PUT" ? body : undefined);
        // A removal or read that another client's removal beat is a 404: expected.
        return { label: `${method} ${what} translation`, status: answer.status };
      }),
      await watch.stop(),
    );
  }

  if (PHASES.includes("6")) {
    const legal = "legal/privacy";
    const { published } = JSON.parse((await send("GET", `/api/pages/${legal}`)).text) as {
      published: Record<string, unknown>;
    };
    // As many of a hostile piece as the page's 60,000 characters take, over its 30 sections.
    const filled = (piece: (i: number) => string) => {
      const bodies: string[] = Array.from({ length: 30 }, () => "");
      for (let i = 0, total = 0; ; i++) {
        const next = piece(i);
        if (total + next.length > 59_500) break;
        bodies[i % 30] += next;
        total += next.length;
      }
      return { ...published, sections: bodies.map((body, i) => ({ heading: `Section ${i + 1}`, body })) };
    };
    const worstPages = [filled((i) => `<h3>${i % 10}</h3>`), filled((i) => `<a href="/nowhere-${i}">x</a>`)];
    for (const copy of worstPages) {
      const answer = await send("PUT", `/api/pages/${legal}`, copy);
      if (answer.status !== 200)
        throw new Error(`Saving a page: ${answer.status} ${answer.text.slice(0, 300)}`);
    }
    console.log(
      `Pages' checks and saves, ${CLIENTS} clients for ${SECONDS} s, on a legal page at its worst:`,
    );
    watch = watchServer(base, server.pid);
    printFigures(
      await sustain(SECONDS, CLIENTS, async (client, turn) => {
        if ((client + turn) % 2 === 0) {
          const answer = await send("GET", `/api/pages/${legal}/checks`);
          return { label: "GET /api/pages/{key}/checks", status: answer.status };
        }
        const answer = await send("PUT", `/api/pages/${legal}`, worstPages[turn % 2]);
        return { label: "PUT /api/pages/{key} (60 kB)", status: answer.status };
      }),
      await watch.stop(),
    );
  }
} finally {
  await server.stop();
}
