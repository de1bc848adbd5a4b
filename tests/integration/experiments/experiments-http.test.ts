// An experiment on the home headline against the built server: both arms served to different visitors
// from the page cache, one arm per visitor all day, the control to bots and staff (who can preview an
// arm), no cookie and no shared caching; the API's results and its bad input; applying the winner
// changes the page for everyone.
import Database from "better-sqlite3";
import { afterAll, beforeAll, expect, it } from "vitest";

import type { RunningServer } from "../../../scripts/lib/start-server";
import { signedInServer } from "../../setup/signed-in-server";

let server: RunningServer;
let owner = "";

beforeAll(async () => {
  ({ server, cookie: owner } = await signedInServer());
}, 120_000);

afterAll(async () => {
  await server?.stop();
});

/** Writes to the running server's database, as the roll-up would have. */
function withServerDb(write: (db: Database.Database) => void) {
  const db = new Database(server.databasePath, { fileMustExist: true });
  db.pragma("busy_timeout = 15000");
  try {
    write(db);
  } finally {
    db.close();
  }
}

const VARIANT = "Test what sells";
const browser = (n: number) => `Mozilla/5.0 (X11; Linux x86_64; visitor ${n}) Gecko/20100101 Firefox/133.0`;
const GOOGLEBOT = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";

const visitorNumber = (userAgent = "") => {
  const number = /\(X11; Linux x86_64; visitor (\d+)\)/.exec(userAgent)?.[1];
  return number === undefined ? undefined : Number(number);
};

const send = (
  path: string,
  { cookie, userAgent, ...init }: RequestInit & { cookie?: string; userAgent?: string } = {},
) =>
  fetch(`${server.baseURL}${path}`, {
    ...init,
    redirect: "manual",
    headers: {
      Origin: server.baseURL,
      ...(cookie && { Cookie: cookie }),
      ...(userAgent && { "User-Agent": userAgent }),
      // Each test visitor from an address of its own, as visitors are: one address adds at most a few visitor-days.
      ...(visitorNumber(userAgent) !== undefined && {
        "X-Forwarded-For": `198.51.100.${visitorNumber(userAgent)! + 1}`,
      }),
      ...init.headers,
    },
  });
const api = (path: string, body?: unknown, init: RequestInit = {}) =>
  send(path, {
    cookie: owner,
    ...(body !== undefined && {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: typeof body === "string" ? body : JSON.stringify(body),
    }),
    ...init,
  });

/** Which arm a visitor's home page shows, with the answer's caching and cookies. */
async function homeFor(userAgent: string, path = "/", cookie?: string) {
  const answer = await send(path, { userAgent, cookie });
  const html = await answer.text();
  expect(answer.status).toBe(200);
  return {
    arm: html.includes(VARIANT) ? "b" : "control",
    cacheControl: answer.headers.get("cache-control") ?? "",
    setCookie: answer.headers.get("set-cookie"),
    cache: answer.headers.get("x-page-cache"),
  };
}

let id = 0;

it("serves both arms to different visitors, the same arm to one visitor, the control to bots and staff, with no cookie", async () => {
  const started = await api("/api/experiments", {
    page: "home",
    field: "hero.headline",
    variants: [VARIANT],
  });
  expect(started.status).toBe(201);
  const experiment = await started.json();
  id = experiment.id;
  expect(experiment).toMatchObject({
    page: "home",
    field: "hero.headline",
    goal: "enquiry",
    status: "running",
  });
  expect(experiment.arms.map((arm: { key: string }) => arm.key)).toEqual(["control", "b"]);

  const arms: string[] = [];
  for (let n = 0; n < 40; n++) {
    const seen = await homeFor(browser(n));
    expect(seen.setCookie).toBeNull();
    expect(seen.cacheControl).toMatch(/^private\b/);
    expect(seen.cacheControl).not.toMatch(/public|s-maxage/);
    arms.push(seen.arm);
  }
  const b = arms.filter((arm) => arm === "b").length;
  expect(b).toBeGreaterThanOrEqual(10);
  expect(b).toBeLessThanOrEqual(30);
  // Each visitor again, and through the site's own links (the page's data): the same arm.
  for (let n = 0; n < 6; n++) {
    expect((await homeFor(browser(n))).arm).toBe(arms[n]);
    expect((await homeFor(browser(n))).cache).toBe("hit");
    const data = await (await send("/_.data", { userAgent: browser(n) })).text();
    expect(data.includes(VARIANT) ? "b" : "control").toBe(arms[n]);
  }
  for (let n = 0; n < 3; n++) expect((await homeFor(GOOGLEBOT)).arm).toBe("control");
  // Staff see the control, and each arm on asking; a visitor asking for an arm is not given it.
  expect((await homeFor(browser(1), "/", owner)).arm).toBe("control");
  expect((await homeFor(browser(1), "/?arm=b", owner)).arm).toBe("b");
  const controlVisitor = arms.indexOf("control");
  expect((await homeFor(browser(controlVisitor), "/?arm=b")).arm).toBe("control");

  const results = await (await api(`/api/experiments/${id}`)).json();
  const visitors = results.arms.map((arm: { visitors: number }) => arm.visitors);
  // Each visitor-day once, bots and staff not at all.
  expect(visitors).toEqual([40 - b, b]);
  expect(results).toMatchObject({ verdict: "collecting", srm: { flagged: false }, winner: null });
  expect(results.arms[1]).toMatchObject({ key: "b", text: VARIANT, conversions: 0, rate: 0 });
  expect(results.arms[1].interval).toHaveLength(2);
  expect(typeof results.arms[1].chanceToBeatControl).toBe("number");
  expect(results.summary).toMatch(/Still collecting/);
  const listed = await (await api("/api/experiments")).json();
  expect(listed.experiments[0]).toMatchObject({ id, page: "home", visitors: 40 });
}, 60_000);

it("counts at most twenty visitor-days from one address, however many browsers it claims to be", async () => {
  for (let n = 0; n < 30; n++)
    await send("/", {
      userAgent: `Mozilla/5.0 (Windows NT 10.0; flood ${n}) Chrome/131.0`,
      headers: { "X-Forwarded-For": "203.0.113.7" },
    });
  const results = await (await api(`/api/experiments/${id}`)).json();
  const visitors = results.arms.reduce((sum: number, arm: { visitors: number }) => sum + arm.visitors, 0);
  expect(visitors).toBe(40 + 20);
}, 60_000);

it("answers bad input with a clear JSON error and changes nothing", async () => {
  const cases: [string, unknown, number, RegExp][] = [
    [
      "/api/experiments",
      { page: "home", field: "hero.intro", variants: ["Another"] },
      409,
      /already running/,
    ],
    [
      "/api/experiments",
      { page: "nowhere", field: "hero.headline", variants: ["x"] },
      400,
      /Invalid experiment/,
    ],
    ["/api/experiments", '{"page": "home", "field": ', 400, /not valid JSON/],
    ["/api/experiments", "[]", 400, /JSON object/],
    [
      "/api/experiments",
      { page: "about", field: "hero.headline", variants: [], constructor: 1 },
      400,
      /Invalid/,
    ],
    [`/api/experiments/${id}/stop`, { apply: "z" }, 400, /No such arm/],
    [`/api/experiments/${id}/stop`, { apply: { __proto__: "b" } }, 400, /Invalid stop/],
    ["/api/experiments/99999/stop", {}, 404, /not found/],
    ["/api/experiments/1e3/stop", {}, 404, /not found/],
  ];
  for (const [path, body, status, error] of cases) {
    const answer = await api(path, body);
    expect(answer.status, `${path} ${JSON.stringify(body)}`).toBe(status);
    expect((await answer.json()).error).toMatch(error);
  }
  expect((await api("/api/experiments", undefined, { method: "POST", body: "page=home" })).status).toBe(415);
  expect((await api(`/api/experiments/${id}`, undefined, { method: "DELETE" })).status).toBe(405);
  expect((await api(`/api/experiments/${id}/stop`)).status).toBe(405);
  expect((await api("/api/experiments/abc")).status).toBe(404);
  expect((await send("/api/experiments")).status).toBe(401);
  expect((await send(`/api/experiments/${id}/stop`, { method: "POST" })).status).toBe(401);
  const listed = await (await api("/api/experiments")).json();
  expect(listed.experiments).toHaveLength(1);
  expect(listed.experiments[0].status).toBe("running");
}, 60_000);

it("applies the winner: the page shows its words to everyone, publicly cached again", async () => {
  const stopped = await api(`/api/experiments/${id}/stop`, { apply: "b" });
  expect(stopped.status).toBe(200);
  expect(await stopped.json()).toMatchObject({ status: "stopped", applied: "b" });
  for (const userAgent of [browser(0), browser(1), browser(2), GOOGLEBOT]) {
    const seen = await homeFor(userAgent);
    expect(seen.arm, userAgent).toBe("b");
    expect(seen.cacheControl).toMatch(/^public/);
  }
  const again = await api(`/api/experiments/${id}/stop`, {});
  expect(again.status).toBe(409);
  expect((await api("/api/pages/home")).status).toBe(200);
  const page = await (await api("/api/pages/home")).json();
  expect(page.published.hero.headline).toBe(VARIANT);
}, 60_000);

it("runs through the admin's screen without JavaScript: field errors keep what was typed, then start, read and apply", async () => {
  const form = (path: string, fields: Record<string, string>) =>
    send(path, {
      cookie: owner,
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams(fields).toString(),
    });
  const chooser = await (await send("/admin/experiments?page=about", { cookie: owner })).text();
  expect(chooser).toContain('name="field"');
  expect(chooser).toContain('value="hero.headline"');
  expect(chooser).not.toContain('value="meta.title"');

  const refused = await form("/admin/experiments?page=about", {
    page: "about",
    field: "hero.headline",
    variant1: "",
    variant2: "A <b>bold</b> second try that is far too long for the headline of the about page, by far",
    goal: "enquiry",
    share: "100",
  });
  expect(refused.status).toBe(400);
  const refusedHtml = await refused.text();
  expect(refusedHtml).toContain("Required");
  expect(refusedHtml).toContain("At most 80 characters");
  expect(refusedHtml).toContain("A &lt;b&gt;bold&lt;/b&gt; second try");

  const started = await form("/admin/experiments?page=about", {
    page: "about",
    field: "hero.headline",
    variant1: "An agency that tests its own words",
    goal: "newsletter",
    share: "50",
  });
  expect(started.status).toBe(303);
  const address = started.headers.get("location")!;
  expect(address).toMatch(/^\/admin\/experiments\/\d+$/);
  const screen = await (await send(address, { cookie: owner })).text();
  expect(screen).toContain("Collecting");
  expect(screen).toContain("An agency that tests its own words");
  expect(screen).toContain('href="/about?arm=b"');
  expect(screen).toContain("What these numbers mean");
  // Named as the Pages section names it, and what to do said plainly.
  expect(screen).toMatch(/<h1[^>]*>About · [^<]*Headline<\/h1>/);
  expect(await (await send("/admin/experiments", { cookie: owner })).text()).toMatch(
    /About · [^<]*Headline</,
  );
  expect(screen).toContain("What to do: nothing yet.");
  expect(screen).toContain("Split check: not enough visitors yet");

  const applied = await form(address, { intent: "apply", arm: "b" });
  expect(applied.status).toBe(200);
  expect(await applied.text()).toContain("now published for everyone");
  const about = await (await send("/about", { userAgent: browser(3) })).text();
  expect(about).toContain("An agency that tests its own words");
  expect((await form(address, { intent: "apply", arm: "b" })).status).toBe(409);
  expect((await send("/admin/experiments/not-a-number", { cookie: owner })).status).toBe(404);
}, 60_000);

it("holds one running experiment per page and one applied revision under concurrent starts and stops", async () => {
  const revisions = async () => (await (await api("/api/pages/contact/revisions")).json()).revisions?.length;
  const before = await revisions();
  const starts = await Promise.all(
    Array.from({ length: 8 }, (_, n) =>
      api("/api/experiments", {
        page: "contact",
        field: "heading",
        variants: [`Talk to us, take ${n}`],
      }),
    ),
  );
  const statuses = starts.map((answer) => answer.status).sort();
  expect(statuses).toEqual([201, 409, 409, 409, 409, 409, 409, 409]);
  const started = await starts.find((answer) => answer.status === 201)!.json();
  const running = (await (await api("/api/experiments")).json()).experiments.filter(
    (each: { page: string; status: string }) => each.page === "contact" && each.status === "running",
  );
  expect(running.map((each: { id: number }) => each.id)).toEqual([started.id]);

  const stops = await Promise.all(
    Array.from({ length: 8 }, () => api(`/api/experiments/${started.id}/stop`, { apply: "b" })),
  );
  const stopped = stops.filter((answer) => answer.status === 200);
  expect(stopped).toHaveLength(1);
  expect(stops.filter((answer) => answer.status === 409)).toHaveLength(7);
  expect(await stopped[0]!.json()).toMatchObject({ status: "stopped", applied: "b" });
  const page = await (await api("/api/pages/contact")).json();
  expect(page.published.heading).toBe(started.arms[1].text);
  expect(await revisions()).toBe(before + 1);
}, 60_000);

it("shows each version's visitor-days, successes, rate with its range and chance to beat the current words, the verdict and the split check", async () => {
  const started = await (
    await api("/api/experiments", {
      page: "about",
      field: "hero.headline",
      variants: ["Words that sell"],
      goal: "enquiry",
    })
  ).json();
  // Twelve days of counted figures, as the roll-up leaves them: B ahead, the split even.
  withServerDb((db) => {
    db.prepare("update experiments set started_at = ? where id = ?").run(
      Date.now() - 12 * 86_400_000,
      started.id,
    );
    const insert = db.prepare(
      "insert or replace into experiment_daily (experiment_id, day, arm, visitors, conversions) values (?, ?, ?, ?, ?)",
    );
    for (let day = 1; day <= 12; day++) {
      const date = new Date(Date.now() - day * 86_400_000).toISOString().slice(0, 10);
      insert.run(started.id, date, "control", 147, 4);
      insert.run(started.id, date, "b", 150, 7);
    }
  });
  const figures = await (await api(`/api/experiments/${started.id}`)).json();
  expect(Object.keys(figures)).toEqual(
    expect.arrayContaining(["id", "page", "field", "goal", "status", "startedAt", "arms", "verdict", "srm"]),
  );
  expect(figures.arms[1]).toMatchObject({
    key: "b",
    text: "Words that sell",
    visitors: 1800,
    conversions: 84,
  });
  expect(Object.keys(figures.arms[0]).sort()).toEqual(
    ["chanceToBeatControl", "conversions", "interval", "key", "rate", "text", "visitors"].sort(),
  );
  const screen = await (await send(`/admin/experiments/${started.id}`, { cookie: owner })).text();
  for (const shown of [
    "1,764",
    "1,800",
    "48",
    "84",
    "2.7 %",
    "4.7 %",
    " to ",
    "Chance it beats the current words",
  ]) {
    expect(screen, shown).toContain(shown);
  }
  expect(screen).toMatch(/\d+ %<\/td>/);
  expect(screen).toContain("Split check: visitors are shared out between the versions as planned");

  // A broken split: the verdict is withheld and the screen says why.
  withServerDb((db) =>
    db
      .prepare("update experiment_daily set visitors = visitors * 2 where experiment_id = ? and arm = 'b'")
      .run(started.id),
  );
  const broken = await (await send(`/admin/experiments/${started.id}`, { cookie: owner })).text();
  expect(broken).toContain("Split check failed");
  expect(broken).toContain("Split off: no verdict");
  expect((await (await api(`/api/experiments/${started.id}`)).json()).srm.flagged).toBe(true);
  expect((await api(`/api/experiments/${started.id}/stop`, {})).status).toBe(200);
}, 60_000);
