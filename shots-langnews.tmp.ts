import { chromium } from "@playwright/test";

import { adminSessionCookie, startServer } from "./scripts/lib/start-server";

const ACCENTS: Record<string, string> = { a: "á", e: "é", i: "í", o: "ó", u: "ú" };
const NOT_WORDS = /^(?:\/|https?:|mailto:|tel:|#)|@|^[a-z0-9_.-]*$|^[\d\s.,:%€$£+-]*$/;
const irish = (text: string) =>
  NOT_WORDS.test(text)
    ? text
    : text.replace(/(\{[^}]*\}|<[^>]*>|&\w+;|\]\([^)]*\))|([aeiou])/g, (_, kept, v) => kept ?? ACCENTS[v]);
const tr = (value: unknown): unknown =>
  typeof value === "string"
    ? irish(value)
    : Array.isArray(value)
      ? value.map(tr)
      : value && typeof value === "object"
        ? Object.fromEntries(Object.entries(value).map(([k, v]) => [k, tr(v)]))
        : value;

const server = await startServer({});
try {
  const cookie = await adminSessionCookie(server.baseURL);
  const send = (path: string, init: RequestInit = {}) =>
    fetch(server.baseURL + path, { ...init, headers: { Cookie: cookie, Origin: server.baseURL, ...init.headers } });
  const json = (method: string, path: string, body: unknown) =>
    send(path, { method, headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) });
  console.log((await json("PUT", "/api/languages", { default: "en", languages: ["en", "ga"] })).status);
  const { pages } = await (await send("/api/pages")).json();
  for (const { key } of pages) {
    const source = (await (await send(`/api/pages/${key}`)).json()).published;
    await json("PUT", `/api/pages/${key}?lang=ga`, tr(source));
    await send(`/api/pages/${key}/publish?lang=ga`, { method: "POST" });
  }
  const posts = (await (await send("/api/blog")).json()) as { id: string; status: string }[];
  const source = posts.find((p) => p.status === "published")!;
  const post = await (
    await json("POST", "/api/blog", {
      lang: "ga",
      translationOf: source.id,
      title: "Fás orgánach do ghnólachtaí beaga in Éirinn",
      slug: "fas-organach",
      excerpt: "Conas a fhásann gnólacht beag ó chuardach orgánach, céim ar chéim.",
      content:
        "<p>Tosaíonn fás orgánach le tuiscint ar cad atá á lorg ag do chustaiméirí.</p><h2>An chéad chéim</h2><p>Scríobh leathanaigh a fhreagraíonn a gceisteanna.</p>",
      tags: ["Cuardach"],
      status: "published",
    })
  ).json();
  const work = ((await (await send("/api/work")).json()) as { id: string; metrics: unknown[] }[])[0]!;
  await json("POST", "/api/work", {
    lang: "ga",
    translationOf: work.id,
    title: "Tairseach nua do chliant",
    slug: "tairseach-nua",
    category: "Ríomhthráchtáil",
    excerpt: "Tairseach a ghearr am na luachana.",
    body: "<p>Conas a rinneamar é.</p>",
    metricLabels: work.metrics.map((_, i) => `Toradh ${i + 1}`),
    status: "published",
  });
  // Let the translation's drawn cover and card be drawn.
  await fetch(`${server.baseURL}/ga/blog/${post.slug}`);
  await new Promise((r) => setTimeout(r, 15_000));
  const browser = await chromium.launch({ executablePath: "/usr/bin/chromium-headless-shell" });
  const targets = {
    home: "/ga",
    blog: "/ga/blog#newsletter",
    post: `/ga/blog/${post.slug}`,
    notfound: "/ga/nil-a-leitheid",
  };
  for (const scheme of ["dark", "light"] as const)
    for (const width of [390, 1280]) {
      const page = await browser.newPage({ viewport: { width, height: 900 }, colorScheme: scheme, reducedMotion: "reduce" });
      await page.addInitScript((theme) => localStorage.setItem("theme", theme), scheme);
      for (const [name, path] of Object.entries(targets)) {
        await page.goto(server.baseURL + path, { waitUntil: "networkidle" });
        if (name === "blog") await page.locator("#newsletter").scrollIntoViewIfNeeded();
        await page.screenshot({
          path: `/tmp/langnews-shots/${name}-${width}-${scheme}.png`,
          fullPage: name !== "blog",
        });
      }
      await page.close();
    }
  await browser.close();
} finally {
  await server.stop();
}
