// Hostile bodies at every route that reads one, walked from app/routes.ts (a route added later is
// walked too), against the built server, signed in as the owner and as nobody: truncated, oversized
// (declared and sent), malformed (another content type, broken JSON and multipart, JSON nested
// thousands deep, prototype-named keys, fields naming a list item far away) and abruptly closed. No
// answer may be a 5xx, and after each route the server still answers /healthz: no request can end the
// process or break its handling.
import { readFileSync } from "node:fs";
import { request as httpRequest } from "node:http";

import pLimit from "p-limit";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import routeConfig from "~/routes";

import { adminSessionCookie, type RunningServer, startServer } from "../../../scripts/lib/start-server";

type Entry = { path?: string; file: string; children?: Entry[] };
function routes(entries: readonly Entry[], parent = ""): { pattern: string; file: string }[] {
  return entries.flatMap((entry) => {
    const full = entry.path ? `${parent}/${entry.path}` : parent;
    const own = entry.path ? [{ pattern: full, file: entry.file }] : [];
    return [...own, ...routes(entry.children ?? [], full)];
  });
}
/**
 * The routes whose module has an action: every one that reads a body (forms and /api writes), and the
 * page beacon, which the Express app answers ahead of React Router.
 */
const WITH_ACTION = routes(routeConfig as Entry[])
  .filter(({ pattern }) => !pattern.includes("*"))
  .filter(({ file }) =>
    /export (async )?function action|export const action/.test(readFileSync(`app/${file}`, "utf8")),
  )
  .map(({ pattern }) => pattern.replace(/:(\w+)/g, "sample-$1"))
  .concat("/api/event");
/** Signing out would end the owner's session that the rest of the walk uses. */
const NOT_AS_OWNER = ["/admin/logout"];

type Answer = { status: number } | { status: "no answer" };
type Hostile = { name: string; send: (address: string, headers: Record<string, string>) => Promise<Answer> };

let server: RunningServer;
let ownerCookie = "";

beforeAll(async () => {
  server = await startServer();
  ownerCookie = await adminSessionCookie(server.baseURL);
}, 120_000);

afterAll(async () => {
  await server?.stop();
});

/** A complete body with its own Content-Type; an answer cut off by the server counts as none. */
const whole = (
  name: string,
  type: string,
  body: string | Buffer | (() => ReadableStream<Uint8Array>),
): Hostile => ({
  name,
  send: async (address, headers) => {
    try {
      const response = await fetch(`${server.baseURL}${address}`, {
        method: "POST",
        redirect: "manual",
        headers: { ...headers, "Content-Type": type },
        ...(typeof body === "function"
          ? { body: body(), duplex: "half" }
          : { body: new Uint8Array(Buffer.from(body)) }),
      } as RequestInit);
      await response.arrayBuffer();
      return { status: response.status };
    } catch {
      return { status: "no answer" };
    }
  },
});

/**
 * A body over every limit, sent as the raw socket allows: `declared` bytes announced in Content-Length
 * and `sent` of them written before the socket is destroyed (once answered, or after `wait` ms). With
 * `sent` < `declared` and no wait, the client vanishes mid-body.
 */
const raw = (
  name: string,
  { declared, sent, wait }: { declared: number; sent: number; wait: number },
): Hostile => ({
  name,
  send: (address, headers) =>
    new Promise((resolve) => {
      const url = new URL(`${server.baseURL}${address}`);
      const request = httpRequest({
        host: url.hostname,
        port: url.port,
        path: url.pathname,
        method: "POST",
        headers: {
          ...headers,
          "Content-Type": "application/x-www-form-urlencoded",
          "Content-Length": String(declared),
        },
      });
      let answer: Answer = { status: "no answer" };
      const finish = () => {
        request.destroy();
        resolve(answer);
      };
      request.on("error", () => resolve(answer));
      request.on("response", (response) => {
        answer = { status: response.statusCode ?? 0 };
        response.resume();
        finish();
      });
      request.write(Buffer.alloc(sent, "a"));
      setTimeout(finish, wait);
    }),
});

const deeplyNested = `${'{"a":'.repeat(4000)}1${"}".repeat(4000)}`;
const PROTO_JSON = JSON.stringify({ title: "x", name: "x", email: "x@example.ie" }).replace(
  "{",
  '{"__proto__":{"isAdmin":true},"constructor":{"prototype":{"polluted":true}},"toString":"x",',
);
const cutOffFile = Buffer.concat([
  Buffer.from('--zz\r\nContent-Disposition: form-data; name="file"; filename="a.jpg"\r\n\r\n'),
  Buffer.from([0xff, 0xd8, 0xff]),
]);
const MULTIPART = "multipart/form-data; boundary=zz";

/** 2.1 MB in chunks with no Content-Length: past every body limit but the cover form's, found while read. */
const oversizedStream = () =>
  new ReadableStream<Uint8Array>({
    start(controller) {
      const chunk = new Uint8Array(64 * 1024).fill(0x61);
      for (let i = 0; i < 34; i++) controller.enqueue(chunk);
      controller.close();
    },
  });

const HOSTILE: Hostile[] = [
  whole("truncated JSON", "application/json", '{"title": "a'),
  whole("JSON nested 4,000 deep", "application/json", deeplyNested),
  whole("prototype-named JSON keys", "application/json", PROTO_JSON),
  whole(
    "prototype-named form fields",
    "application/x-www-form-urlencoded",
    "__proto__[polluted]=1&constructor[prototype][polluted]=1&toString=x&valueOf=1&intent=__proto__",
  ),
  // The form library reads "name[100000000]" as a list of that length: one took the process past its memory.
  whole(
    "form fields naming list item 100,000,000",
    "application/x-www-form-urlencoded",
    ["name", "email", "title", "username", "content", "intent"].map((f) => `${f}[100000000]=x`).join("&"),
  ),
  whole(
    "5,000 form fields each naming list item 999",
    "application/x-www-form-urlencoded",
    Array.from({ length: 5_000 }, (_, i) => `f${i}[999]=x`).join("&"),
  ),
  whole(
    "multipart fields naming list item 100,000,000",
    MULTIPART,
    '--zz\r\nContent-Disposition: form-data; name="title[100000000]"\r\n\r\nx\r\n--zz--\r\n',
  ),
  whole("another content type", "text/plain", "hello"),
  whole("truncated multipart file", MULTIPART, cutOffFile),
  whole("multipart without its boundaries", MULTIPART, "just some bytes"),
  whole("oversized, streamed (2.1 MB)", "application/json", oversizedStream),
  raw("declared 200 MB", { declared: 200 * 1024 * 1024, sent: 64 * 1024, wait: 2000 }),
  // Long enough for a route that refuses before reading (415, 403) to answer on a busy machine.
  raw("closed mid-body", { declared: 64 * 1024, sent: 1024, wait: 250 }),
];

/** The kinds of body some route answered: each must reach the server (not fail in the test itself). */
const answered = new Set<string>();

async function walk(address: string, headers: Record<string, string>) {
  const failures: string[] = [];
  for (const hostile of HOSTILE) {
    const answer = await hostile.send(address, headers);
    if (answer.status !== "no answer") answered.add(hostile.name);
    if (typeof answer.status === "number" && answer.status >= 500)
      failures.push(`${hostile.name}: ${answer.status}`);
  }
  const health = await fetch(`${server.baseURL}/healthz`).then(
    (response) => response.status,
    () => "down",
  );
  if (health !== 200) failures.push(`/healthz afterwards: ${health}`);
  return failures;
}

describe("hostile bodies at every route that reads one", () => {
  it("finds the routes with actions in the route table", () => {
    expect(WITH_ACTION).toEqual(expect.arrayContaining(["/contact", "/api/media", "/admin/posts"]));
  });

  it.each([
    ["the owner", () => ({ Origin: server.baseURL, Accept: "text/html", Cookie: ownerCookie })],
    ["anyone", () => ({ Origin: server.baseURL, Accept: "text/html" })],
  ])("as %s: no 5xx, and the server answers after each route", async (who, headers) => {
    const limit = pLimit(4);
    const found = await Promise.all(
      WITH_ACTION.filter((address) => who === "anyone" || !NOT_AS_OWNER.includes(address)).map((address) =>
        limit(async () => (await walk(address, headers())).map((failure) => `${address} ${failure}`)),
      ),
    );
    expect(found.flat()).toEqual([]);
    expect([...answered].sort()).toEqual(HOSTILE.map((hostile) => hostile.name).sort());
    if (who === "the owner") {
      // Still signed in: the walk reached the routes as the owner to the end.
      const admin = await fetch(`${server.baseURL}/admin`, { headers: headers(), redirect: "manual" });
      expect(admin.status).toBe(200);
    }
  });
});
