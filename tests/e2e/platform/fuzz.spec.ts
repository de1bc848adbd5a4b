import { expect, test } from "@playwright/test";

import { adminSessionCookie, type RunningServer, startServer } from "../../../scripts/lib/start-server";
import { countRows } from "../support/db";

// Hostile and broken input for every /api route and every form action, against a server of its own
// (so the row counts are not disturbed by other tests). Every answer must be a 4xx with a clear
// error — never a 5xx — and a rejected request must leave every table exactly as it was.
test.describe.configure({ mode: "serial" });

let server: RunningServer;
let cookie = "";
let postId = "";

const TABLES = [
  "posts",
  "post_tags",
  "redirects",
  "old_addresses",
  "enquiries",
  "jobs",
  "newsletter_sends",
  "newsletter_subscribers",
  "newsletter_suppressions",
  "not_found_hits",
  "users",
  "sessions",
  "passkeys",
  "recovery_codes",
  "staff_invites",
  "revisions",
  "autosaves",
] as const;

const rowCounts = () => countRows(server.databasePath, TABLES);

test.beforeAll(async () => {
  server = await startServer();
  cookie = await adminSessionCookie(server.baseURL);
  const posts = (await (await fetch(`${server.baseURL}/api/blog`)).json()) as { id: string }[];
  postId = posts[0]!.id;
});
test.afterAll(async () => {
  await server?.stop();
});

const MB = "x".repeat(1024 * 1024);
/** Values that do not belong in a text field: wrong types, huge numbers, control characters, odd Unicode. */
const ODD_VALUES: unknown[] = [
  123,
  -1,
  1e308,
  // eslint-disable-next-line no-loss-of-precision -- a number too large for a double, on purpose
  12345678901234567890123456789,
  true,
  null,
  [],
  ["a", "b"],
  {},
  { $gt: "" },
  "",
  "   ",
  "x".repeat(20_000),
  "\u0000\u0001\u001b[31mred\u007f",
  "line\u2028separator\u2029",
  "\ud800 lone surrogate",
  "\u202eright-to-left override",
  "Z̴̡̢̛̗̘̙̜̝̞̟̠a̷l̸g̶o̵",
  "😀🇮🇪 emoji",
  "%00%0d%0a",
  "__proto__",
];

type Sent = { status: number; text: string; contentType: string };

async function send(
  method: string,
  path: string,
  init: { body?: BodyInit; type?: string; auth?: boolean } = {},
): Promise<Sent> {
  const headers: Record<string, string> = { Origin: server.baseURL };
  if (init.type) headers["Content-Type"] = init.type;
  if (init.auth) headers.Cookie = cookie;
  const response = await fetch(server.baseURL + path, {
    method,
    headers,
    body: init.body,
    redirect: "manual",
  });
  return {
    status: response.status,
    text: await response.text(),
    contentType: response.headers.get("content-type") ?? "",
  };
}

/** The answer to a request that should be refused: 4xx, a clear message, nothing written. */
function expectRejected(sent: Sent, label: string, before: Record<string, number>, api: boolean) {
  expect(sent.status, `${label} → ${sent.status} ${sent.text.slice(0, 200)}`).toBeGreaterThanOrEqual(400);
  expect(sent.status, label).toBeLessThan(500);
  if (api) {
    const body = JSON.parse(sent.text) as { error?: unknown };
    expect(typeof body.error === "string" && body.error.length > 3, label).toBe(true);
  } else {
    // The page's words travel with it in its data script, the error page's too: only what is shown counts.
    const shown = sent.text.replace(/<script\b[^>]*>[\s\S]*?<\/script>/g, "");
    expect(shown, label).not.toContain("Sorry, the page could not be shown");
  }
  expect(rowCounts(), label).toEqual(before);
}

function expectNo5xx(sent: Sent, label: string) {
  expect(sent.status, `${label} → ${sent.status} ${sent.text.slice(0, 200)}`).toBeLessThan(500);
}

type JsonRoute = { method: string; path: () => string; auth: boolean; valid: () => Record<string, unknown> };

const JSON_ROUTES: JsonRoute[] = [
  {
    method: "POST",
    path: () => "/api/contact",
    auth: false,
    valid: () => ({
      name: "Fuzz Person",
      email: "fuzz@example.ie",
      budget: "5k-10k",
      goals: "A website that brings in leads.",
    }),
  },
  {
    method: "POST",
    path: () => "/api/newsletter",
    auth: false,
    valid: () => ({ email: "fuzz.reader@example.ie" }),
  },
  {
    method: "POST",
    path: () => "/api/redirects",
    auth: true,
    valid: () => ({
      from: `/fuzz-old-${Math.random().toString(36).slice(2)}`,
      to: "/blog",
      status: 301,
      prefix: false,
    }),
  },
  {
    method: "POST",
    path: () => "/api/auth/login",
    auth: false,
    valid: () => ({ username: "nobody", password: "not-the-password" }),
  },
  { method: "POST", path: () => "/admin/login/passkey", auth: false, valid: () => ({ step: "options" }) },
  { method: "POST", path: () => "/admin/account/passkey", auth: true, valid: () => ({ step: "options" }) },
  {
    method: "POST",
    path: () => "/api/blog",
    auth: true,
    valid: () => ({
      title: "Fuzz",
      excerpt: "An excerpt.",
      content: "<p>Body</p>",
      status: "scheduled",
      publishAt: "2099-01-01T09:00:00Z",
      tags: ["SEO"],
      slug: "fuzz-address",
      coverAlt: "A cover",
      seoTitle: "Search title",
      seoDescription: "Search description",
      socialImage: "/og-default.png",
    }),
  },
  {
    method: "PUT",
    path: () => "/api/blog/autosave",
    auth: true,
    valid: () => ({ postKey: "new", values: { title: "Fuzz", content: "<p>Half" } }),
  },
  {
    method: "PUT",
    path: () => `/api/blog/${postId}`,
    auth: true,
    valid: () => ({
      title: "Fuzz",
      excerpt: "An excerpt.",
      content: "<p>Body</p>",
      status: "draft",
      tags: ["SEO"],
    }),
  },
  {
    method: "PUT",
    path: () => "/api/images",
    auth: true,
    valid: () => ({ imageURL: "/api/images/put/unknown-token" }),
  },
  {
    method: "POST",
    path: () => "/api/videos/upload",
    auth: true,
    valid: () => ({ video: "data:video/mp4;base64,AAAA", fileName: "a.mp4" }),
  },
];

/** Bodies that are broken as a whole, whatever the route. */
function brokenBodies(): { label: string; body?: BodyInit; type?: string }[] {
  return [
    { label: "no body", type: "application/json" },
    { label: "empty body", body: "", type: "application/json" },
    { label: "malformed JSON", body: '{"name": "x", ', type: "application/json" },
    { label: "trailing garbage", body: '{"name": "x"} x', type: "application/json" },
    { label: "JSON array", body: "[1,2]", type: "application/json" },
    { label: "JSON null", body: "null", type: "application/json" },
    { label: "JSON number", body: "1e999", type: "application/json" },
    { label: "JSON string", body: '"hello"', type: "application/json" },
    { label: "deep nesting", body: `${'{"a":'.repeat(5000)}1${"}".repeat(5000)}`, type: "application/json" },
    { label: "deep arrays", body: "[".repeat(30_000), type: "application/json" },
    { label: "1 MB body", body: JSON.stringify({ name: MB }), type: "application/json" },
    { label: "text/plain", body: '{"name":"x"}', type: "text/plain" },
    { label: "form type", body: "name=x", type: "application/x-www-form-urlencoded" },
    { label: "multipart without boundary", body: "--x\r\n", type: "multipart/form-data" },
    { label: "xml", body: "<a/>", type: "application/xml" },
    { label: "no content type", body: '{"name":"x"}' },
    {
      label: "invalid UTF-8",
      body: new Uint8Array([0x7b, 0x22, 0xff, 0xfe, 0x22, 0x3a, 0x31, 0x7d]),
      type: "application/json",
    },
  ];
}

for (const route of JSON_ROUTES) {
  test(`${route.method} ${route.path()}: broken bodies, wrong types per field, missing and extra fields`, async () => {
    test.setTimeout(90_000);
    const label = (what: string) => `${route.method} ${route.path()} ${what}`;
    for (const broken of brokenBodies()) {
      const before = rowCounts();
      const sent = await send(route.method, route.path(), {
        body: broken.body,
        type: broken.type,
        auth: route.auth,
      });
      expectRejected(sent, label(broken.label), before, true);
    }
    const valid = route.valid();
    for (const field of Object.keys(valid)) {
      for (const value of ODD_VALUES) {
        const before = rowCounts();
        const body = JSON.stringify({ ...valid, [field]: value });
        const sent = await send(route.method, route.path(), {
          body,
          type: "application/json",
          auth: route.auth,
        });
        // Some odd values are fine for some fields (emoji in a name); those may be accepted.
        if (sent.status < 300) continue;
        expectRejected(sent, label(`${field}=${JSON.stringify(value).slice(0, 40)}`), before, true);
      }
      const before = rowCounts();
      const { [field]: _dropped, ...missing } = valid;
      const sent = await send(route.method, route.path(), {
        body: JSON.stringify(missing),
        type: "application/json",
        auth: route.auth,
      });
      if (sent.status >= 300) expectRejected(sent, label(`without ${field}`), before, true);
    }
    const extra = {
      ...valid,
      id: "injected",
      createdAt: "1970-01-01",
      isAdmin: true,
      role: "admin",
      constructor: { prototype: { polluted: 1 } },
    };
    const withExtra = await send(route.method, route.path(), {
      body: JSON.stringify(extra).replace("{", '{"__proto__":{"polluted":1},'),
      type: "application/json",
      auth: route.auth,
    });
    expectNo5xx(withExtra, label("extra fields"));
    if (withExtra.status < 300) expect(withExtra.text).not.toContain("injected");
    // Without a session, admin routes answer 401 and store nothing.
    if (route.auth) {
      const before = rowCounts();
      expectRejected(
        await send(route.method, route.path(), { body: JSON.stringify(valid), type: "application/json" }),
        label("signed out"),
        before,
        true,
      );
    }
  });
}

test("uploads: empty, wrong and broken bodies for every upload route", async () => {
  const before = rowCounts();
  for (const type of [
    undefined,
    "image/png",
    "multipart/form-data",
    "multipart/form-data; boundary=x",
    "application/json",
  ]) {
    for (const body of [
      undefined,
      "",
      '--x\r\nContent-Disposition: form-data; name="image"; filename="a.png"\r\n\r\nnot a png\r\n--x--\r\n',
      MB,
    ]) {
      for (const [method, path] of [
        ["POST", "/api/images"],
        ["POST", "/api/videos/upload"],
        ["PUT", "/api/images/put/not-a-token"],
        ["POST", "/api/images/upload"],
      ] as const) {
        const label = `${method} ${path} type=${type} body=${String(body).slice(0, 20)}`;
        const sent = await send(method, path, { body, type, auth: true }).catch((error: Error) => {
          throw new Error(`${label}: ${error.message}`);
        });
        expectNo5xx(sent, label);
        if (path !== "/api/images/upload") expectRejected(sent, label, before, true);
      }
    }
  }
});

test("query strings: odd values for every list, filter and page number", async () => {
  const odd = [
    "",
    "%00",
    "%ff%fe",
    "a".repeat(5000),
    "-1",
    "1e308",
    "NaN",
    "[]",
    "%27%22%3E%3Cscript%3E",
    "%E2%80%AE",
    "x&status=x&status=y",
  ];
  for (const value of odd) {
    for (const path of [
      "/api/blog?status=",
      "/api/contacts?status=",
      "/blog?q=",
      "/blog?tag=",
      "/blog?page=",
      "/work?category=",
      "/admin/enquiries?status=",
      "/admin/posts?edit=",
    ]) {
      const sent = await send("GET", path + value, { auth: true });
      expectNo5xx(sent, path + value.slice(0, 30));
    }
  }
  const tooLong = await send("GET", `/blog?q=${"a".repeat(20_000)}`);
  expect(tooLong.status).toBeGreaterThanOrEqual(400);
  expect(tooLong.status).toBeLessThan(500);
});

type FormRoute = { path: string; auth: boolean; valid: Record<string, string> };
const FORM_ROUTES: FormRoute[] = [
  {
    path: "/contact",
    auth: false,
    valid: {
      name: "Fuzz Person",
      email: "fuzz@example.ie",
      budget: "5k-10k",
      goals: "A website that brings in leads.",
    },
  },
  { path: "/blog", auth: false, valid: { email: "fuzz-news@example.ie" } },
  { path: "/admin/login", auth: false, valid: { username: "nobody", password: "not-the-password" } },
  { path: "/admin/enquiries", auth: true, valid: { id: "no-such-enquiry", status: "closed" } },
  {
    path: "/admin/posts",
    auth: true,
    valid: {
      intent: "save",
      title: "Fuzz",
      excerpt: "An excerpt.",
      content: "<p>x</p>",
      status: "draft",
      tags: "SEO",
    },
  },
];

const ODD_FORM_VALUES = [
  "",
  "   ",
  "x".repeat(20_000),
  "\u0000\u0001\u001b",
  "\ud800",
  "\u202eoverride",
  "😀",
  "a\r\nBcc: someone@example.com",
];

for (const route of FORM_ROUTES) {
  test(`form ${route.path}: wrong content types, oversized bodies, missing, repeated and odd fields`, async () => {
    test.setTimeout(60_000);
    const form = (fields: Record<string, string | string[]>) => {
      const params = new URLSearchParams();
      for (const [k, v] of Object.entries(fields)) for (const one of [v].flat()) params.append(k, one);
      return params.toString();
    };
    const post = (body: BodyInit | undefined, type?: string) =>
      send("POST", route.path, { body, type, auth: route.auth });
    const urlencoded = "application/x-www-form-urlencoded";

    for (const [label, body, type] of [
      ["JSON", JSON.stringify(route.valid), "application/json"],
      ["text", "name=x", "text/plain"],
      ["no type", form(route.valid), undefined],
      [
        "broken multipart",
        '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\n',
        "multipart/form-data; boundary=x",
      ],
      ["multipart without boundary", "abc", "multipart/form-data"],
      ["3 MB", form({ ...route.valid, goals: MB.repeat(3), content: MB.repeat(3) }), urlencoded],
      ["empty", "", urlencoded],
      ["garbage", "%%%&&&===", urlencoded],
    ] as const) {
      const before = rowCounts();
      expectRejected(await post(body, type), `${route.path} ${label}`, before, false);
    }
    for (const field of Object.keys(route.valid)) {
      for (const value of ODD_FORM_VALUES) {
        const before = rowCounts();
        const sent = await post(form({ ...route.valid, [field]: value }), urlencoded);
        if (sent.status < 400) continue;
        expectRejected(sent, `${route.path} ${field}=${JSON.stringify(value).slice(0, 30)}`, before, false);
      }
      const repeated = await post(
        form({ ...route.valid, [field]: [route.valid[field]!, "second"] }),
        urlencoded,
      );
      expectNo5xx(repeated, `${route.path} repeated ${field}`);
      const { [field]: _dropped, ...missing } = route.valid;
      expectNo5xx(await post(form(missing), urlencoded), `${route.path} without ${field}`);
    }
  });
}

test("a cross-site write with a large body is refused with 403, and the client gets the answer", async () => {
  const before = rowCounts();
  const response = await fetch(`${server.baseURL}/api/contact`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Origin: "https://evil.example" },
    body: JSON.stringify({ name: MB }),
  });
  expect(response.status).toBe(403);
  expect(await response.json()).toEqual({ error: "Cross-site requests are not allowed" });
  expect(rowCounts()).toEqual(before);
});

test("a page view sent from another site is refused with 403", async () => {
  const response = await fetch(`${server.baseURL}/api/event`, {
    method: "POST",
    headers: { "Content-Type": "text/plain", Origin: "https://evil.example" },
    body: JSON.stringify({ p: "/", r: "" }),
  });
  expect(response.status).toBe(403);
  expect(await response.json()).toEqual({ error: "Cross-site requests are not allowed" });
});

test("odd path parameters and methods on every /api route", async () => {
  const before = rowCounts();
  const refs = [
    "%00",
    "..%2F..%2Fetc%2Fpasswd",
    "a".repeat(3000),
    "%F0%9F%98%80",
    "' or 1=1 --",
    "-1",
    "1e308",
    "null",
    "%25",
  ];
  const routes = [
    ...refs.map((ref) => `/api/blog/${ref}`),
    ...refs.map((ref) => `/api/blog/${ref}/revisions`),
    ...refs.map((ref) => `/api/blog/${postId}/revisions/${ref}`),
    ...refs.map((ref) => `/api/blog/${postId}/revisions/${ref}/restore`),
    ...refs.map((ref) => `/api/blog/autosave?postKey=${ref}`),
    ...refs.map((ref) => `/api/auth/${ref}`),
    ...refs.map((ref) => `/api/images/put/${ref}`),
    ...refs.flatMap((ref) => [`/api/work/${ref}`, `/api/team/${ref}`, `/api/testimonials/${ref}`]),
    "/api/work",
    "/api/team",
    "/api/testimonials",
    "/api/settings",
    "/api/auth/logout",
    "/api/auth/user",
    "/api/contact",
    "/api/contacts",
    "/api/newsletter",
    "/api/redirects",
    "/api/not-found",
    "/admin/login/passkey",
    "/admin/account/passkey",
    "/api/images",
    "/api/images/upload",
    "/api/videos/upload",
    "/api/blog",
  ];
  for (const path of routes) {
    for (const method of ["GET", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]) {
      for (const auth of [false, true]) {
        const sent = await send(method, path, {
          auth,
          body: method === "GET" || method === "OPTIONS" ? undefined : "{}",
          type: "application/json",
        });
        expectNo5xx(sent, `${method} ${path.slice(0, 60)} ${auth ? "signed in" : "signed out"}`);
      }
    }
  }
  // POST /api/auth/logout may end this test's own session (so this test runs last); nothing else changes.
  const after = rowCounts();
  expect({ ...after, sessions: before.sessions }).toEqual(before);
  expect(after.sessions).toBeLessThanOrEqual(before.sessions);
});
