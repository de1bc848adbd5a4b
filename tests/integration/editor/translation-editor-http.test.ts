// The translate screens of a post and a case study, against the built server: the body is the post
// editor's rich-text field (without JavaScript its HTML field with the toolbar), beside the source's
// body as readers see it; what the rich editor writes (headings, links, figures from the library) is
// kept through a form sent without JavaScript, and what it cannot write is taken out.
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { createUser } from "~/features/staff/index.server";

import type { RunningServer } from "../../../scripts/lib/start-server";
import { sendAs, signedInServer } from "../../setup/signed-in-server";

const PASSWORD = "a-long-enough-password";
let server: RunningServer;
let owner = "";

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the API's JSON of any shape
type Loose = Record<string, any>;

const send = (path: string, init: RequestInit = {}) => sendAs(server, path, owner, init);
const sendJson = async (method: string, path: string, body: unknown): Promise<Loose> => {
  const answer = await send(path, {
    method,
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(body),
  });
  expect(answer.status).toBeLessThan(300);
  return answer.json();
};
const postForm = (path: string, fields: string[][]) =>
  send(path, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(fields).toString(),
  });

/** What the rich editor writes, with what no editor writes slipped in beside it. */
const WRITTEN =
  '<h2>Cén fáth</h2><p>Focail <strong>láidre</strong> agus <a href="https://example.ie/">nasc</a>.</p>' +
  '<figure><img src="/uploads/a.webp" alt="Cairt"><figcaption>Luaidhe</figcaption></figure>' +
  '<ul><li>Pointe</li></ul><script>alert(1)</script><p onclick="alert(2)">Deireadh</p>' +
  '<a href="javascript:alert(3)">olc</a><img src="x" onerror="alert(4)">';

function expectSanitisedMarkup(html: string) {
  expect(html).toContain("<h2>Cén fáth</h2>");
  expect(html).toContain("<strong>láidre</strong>");
  expect(html).toContain('<a href="https://example.ie/"');
  expect(html).toContain('<figure><img src="/uploads/a.webp" alt="Cairt"');
  expect(html).toContain("<figcaption>Luaidhe</figcaption>");
  expect(html).toContain("<li>Pointe</li>");
  expect(html).not.toMatch(/<script|onclick|onerror|javascript:/);
}

/** The body's field: the HTML textarea the rich editor takes the place of, named as the form posts it. */
const bodyField = (html: string, name: string) =>
  html.match(new RegExp(`<textarea[^>]*name="${name}"[^>]*>([\\s\\S]*?)</textarea>`))?.[1];

beforeAll(async () => {
  await createUser("translate-editor-owner", PASSWORD);
  ({ server, cookie: owner } = await signedInServer({
    account: { username: "translate-editor-owner", password: PASSWORD },
  }));
  await sendJson("PUT", "/api/languages", { default: "en", languages: ["en", "ga"] });
}, 120_000);

afterAll(async () => {
  await server?.stop();
});

describe("a post's translate screen", () => {
  let post: Loose;
  const screen = () => `/admin/posts/${post.id}/translate/ga`;

  beforeAll(async () => {
    post = await sendJson("POST", "/api/blog", {
      title: "Winter campaigns",
      excerpt: "Campaigns in winter.",
      content: "<h2>Why winter</h2><p>Shorter <em>days</em>, longer feeds.</p>",
      status: "published",
    });
  });

  it("shows the source's body as readers see it, beside the rich editor's field", async () => {
    const html = await (await send(screen())).text();
    // The source rendered, not its markup as text.
    expect(html).toContain("<h2>Why winter</h2><p>Shorter <em>days</em>, longer feeds.</p>");
    expect(html).toContain("The post (source)");
    // The field the editor replaces, with the toolbar that works without JavaScript.
    expect(bodyField(html, "content")).toContain("&lt;h2&gt;Why winter");
    expect(html).toContain('aria-label="Formatting"');
  });

  it("keeps the editor's markup and takes out what it cannot write, sent without JavaScript", async () => {
    const saved = await postForm(screen(), [
      ["intent", "publish"],
      ["title", "Feachtais gheimhridh"],
      ["slug", "feachtais-gheimhridh"],
      ["excerpt", "Feachtais sa gheimhreadh."],
      ["content", WRITTEN],
    ]);
    expect(saved.status).toBe(303);
    const rows = (await (await send("/api/blog?lang=ga")).json()) as Loose[];
    const irish = rows.find((row) => row.translationOf === post.id);
    expectSanitisedMarkup(irish?.content ?? "");
    // Written again in the editor: the field starts from what was kept.
    const field = bodyField(await (await send(screen())).text(), "content") ?? "";
    expect(field).toContain("&lt;h2&gt;Cén fáth&lt;/h2&gt;");
    expect(field).not.toContain("script");
  });
  it("shows what changed in the source's words since the translation, once outdated", async () => {
    await sendJson("PUT", `/api/blog/${post.id}`, {
      title: post.title,
      excerpt: post.excerpt,
      content: "<h2>Why winter</h2><p>Shorter <em>days</em>, busier feeds.</p>",
      status: "published",
    });
    const html = (await (await send(screen())).text()).replace(/<!-- -->/g, "");
    expect(html).toContain("What changed in the source since this translation");
    expect(html).toMatch(/<del[^>]*>longer<\/del>/);
    expect(html).toMatch(/<ins[^>]*>busier<\/ins>/);
    // Saved again, it is up to date and the changes are gone.
    expect(
      (
        await postForm(screen(), [
          ["intent", "publish"],
          ["title", "Feachtais gheimhridh"],
          ["content", "<p>Nua.</p>"],
        ])
      ).status,
    ).toBe(303);
    expect(await (await send(screen())).text()).not.toContain("What changed in the source");
  });
});

describe("a case study's translate screen", () => {
  let study: Loose;
  const screen = () => `/admin/case-studies/${study.id}/translate/ga`;

  beforeAll(async () => {
    study = ((await (await send("/api/work")).json()) as Loose[])[0]!;
  });

  it("shows the source's approach as readers see it, beside the rich editor's field", async () => {
    const html = await (await send(screen())).text();
    expect(html).toContain("The case study (source)");
    expect(html).toContain('aria-label="The approach (source)"');
    expect(bodyField(html, "body")).toBeDefined();
    expect(html).toContain('aria-label="Formatting"');
  });

  it("keeps the editor's markup and takes out what it cannot write, sent without JavaScript", async () => {
    const saved = await postForm(screen(), [
      ["intent", "publish"],
      ["title", "Staidéar as Gaeilge"],
      ["slug", "staidear"],
      ["category", "B2B"],
      ["body", WRITTEN],
    ]);
    expect(saved.status).toBe(302);
    const rows = (await (await send("/api/work?lang=ga")).json()) as Loose[];
    const irish = rows.find((row) => row.translationOf === study.id);
    expectSanitisedMarkup(irish?.body ?? "");
  });
});

describe("a translation's unsaved work", () => {
  let post: Loose;
  const screen = () => `/admin/posts/${post.id}/translate/ga`;
  const keep = (body: unknown, path = "/api/blog/translations/autosave") =>
    send(path, {
      method: "PUT",
      headers: { "Content-Type": "application/json" },
      body: typeof body === "string" ? body : JSON.stringify(body),
    });
  const kept = async () =>
    (await send(`/api/blog/translations/autosave?translationKey=${post.id}-ga`)).status === 200;

  beforeAll(async () => {
    post = await sendJson("POST", "/api/blog", {
      title: "Spring launches",
      excerpt: "Launching in spring.",
      content: "<p>Spring words.</p>",
      status: "published",
    });
  });

  it("is offered back after a reload, restored into the form, and gone once saved", async () => {
    const typed = { title: "Seoltaí earraigh", content: "<h2>Earrach</h2><p>Focail.</p>", excerpt: "" };
    expect((await keep({ translationKey: `${post.id}-ga`, values: typed })).status).toBe(200);
    const offered = await (await send(screen())).text();
    expect(offered).toContain("You have unsaved changes");
    const restored = await (await send(`${screen()}?restore`)).text();
    expect(restored).toContain("Your unsaved changes are back in the form");
    expect(restored).toContain('value="Seoltaí earraigh"');
    expect(bodyField(restored, "content")).toContain("&lt;h2&gt;Earrach");
    const saved = await postForm(screen(), [
      ["intent", "save"],
      ["title", typed.title],
      ["content", typed.content],
    ]);
    expect(saved.status).toBe(303);
    expect(await kept()).toBe(false);
    expect(await (await send(screen())).text()).not.toContain("You have unsaved changes");
  });

  it("is discarded from the form without JavaScript", async () => {
    expect((await keep({ translationKey: `${post.id}-ga`, values: { title: "X" } })).status).toBe(200);
    expect((await postForm(screen(), [["intent", "discard-autosave"]])).status).toBe(303);
    expect(await kept()).toBe(false);
  });

  it("is kept for a case study's translation too", async () => {
    const study = ((await (await send("/api/work")).json()) as Loose[])[1]!;
    const path = "/api/work/translations/autosave";
    const values = { title: "Staidéar", "metricLabels[0]": "Lipéad" };
    expect((await keep({ translationKey: `${study.id}-ga`, values }, path)).status).toBe(200);
    const restored = await (await send(`/admin/case-studies/${study.id}/translate/ga?restore`)).text();
    expect(restored).toContain('value="Staidéar"');
    expect(restored).toContain('value="Lipéad"');
  });

  it("refuses hostile and mistaken bodies with a clear answer, never a 500, keeping nothing", async () => {
    const key = `${post.id}-ga`;
    const nested: Loose = {};
    let deepest = nested;
    for (let depth = 0; depth < 2_000; depth++) deepest = deepest.a = {};
    const answers = await Promise.all([
      keep(`{"translationKey": "${key}", "values": {"title": "trunc`),
      keep({ translationKey: key, values: { title: "x".repeat(700_000) } }),
      keep({ translationKey: key, values: nested }),
      keep({ translationKey: key, values: { title: { nested: true } } }),
      keep({ translationKey: "__proto__", values: {} }),
      keep({ translationKey: "constructor-ga", values: {} }),
      keep({ translationKey: `${post.id}-en`, values: {} }),
      keep({ translationKey: `${post.id}-fr`, values: {} }),
      keep({ translationKey: "no-such-post-ga", values: {} }),
      keep('{"__proto__": {"translationKey": "x"}, "values": {}}'),
    ]);
    const statuses = answers.map((answer) => answer.status);
    for (const status of statuses) expect(status).toBeGreaterThanOrEqual(400);
    for (const status of statuses) expect(status).toBeLessThan(500);
    expect(statuses[6]).toBe(400);
    expect(statuses[8]).toBe(404);
    expect(await kept()).toBe(false);
    // A field named like an object's own parts is a name like another: kept as text, never a 500.
    const odd = await keep({
      translationKey: key,
      values: JSON.parse('{"__proto__": "x", "constructor": "y"}'),
    });
    expect(odd.status).toBe(200);
    expect((await (await send(screen())).text()).length).toBeGreaterThan(0);
    expect((await send(`${screen()}?restore`)).status).toBe(200);
  });

  it("keeps one copy when sent many times at once", async () => {
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, index) =>
        keep({ translationKey: `${post.id}-ga`, values: { title: `Leagan ${index}` } }),
      ),
    );
    for (const answer of answers) expect(answer.status).toBe(200);
    const copy = (await (
      await send(`/api/blog/translations/autosave?translationKey=${post.id}-ga`)
    ).json()) as Loose;
    expect(copy.values.title).toMatch(/^Leagan \d$/);
  });
});
