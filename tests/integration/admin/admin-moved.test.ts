// The admin's earlier addresses (/admin/blog, /admin/work) answer a permanent redirect to today's
// (/admin/posts, /admin/case-studies), keeping the rest of the path and the query: bookmarks keep working.
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { caseStudies, posts } from "#db/schema";
import { seedDatabase } from "~/features/seed/index.server";
import { createUser } from "~/features/staff/index.server";
import { getDb } from "~/platform/db.server";

import { adminSessionCookie, type RunningServer } from "../../../scripts/lib/start-server";
import { serveTestDatabase } from "../../setup/serve-test-database";

let server: RunningServer;
let cookie = "";
let postId = "";
let caseStudyId = "";

beforeAll(async () => {
  seedDatabase(getDb());
  postId = getDb().select({ id: posts.id }).from(posts).get()!.id;
  caseStudyId = getDb().select({ id: caseStudies.id }).from(caseStudies).get()!.id;
  await createUser("moved-editor", "moved-editor-password", { role: "editor" });
  server = await serveTestDatabase();
  cookie = await adminSessionCookie(server.baseURL, {
    username: "moved-editor",
    password: "moved-editor-password",
  });
}, 120_000);

afterAll(async () => {
  await server?.stop();
});

async function ask(path: string, { signedIn = false, method = "GET" } = {}) {
  const headers: Record<string, string> = { Accept: "text/html", Origin: server.baseURL };
  if (signedIn) headers.Cookie = cookie;
  const init: RequestInit = { method, headers, redirect: "manual" };
  if (method === "POST") {
    headers["Content-Type"] = "application/x-www-form-urlencoded";
    init.body = "intent=discard-autosave";
  }
  const response = await fetch(`${server.baseURL}${path}`, init);
  await response.arrayBuffer();
  return { status: response.status, location: response.headers.get("location") };
}

const bookmarks = () => [
  ["/admin/blog", "/admin/posts"],
  ["/admin/blog?new", "/admin/posts?new"],
  [`/admin/blog?edit=${postId}`, `/admin/posts?edit=${postId}`],
  [
    `/admin/blog?edit=${postId}&saved=a%20b&result=created`,
    `/admin/posts?edit=${postId}&saved=a%20b&result=created`,
  ],
  [`/admin/blog/${postId}/revisions?revision=2`, `/admin/posts/${postId}/revisions?revision=2`],
  [`/admin/blog/${postId}/newsletter`, `/admin/posts/${postId}/newsletter`],
  [
    `/admin/blog/${postId}/newsletter/preview?content=excerpt`,
    `/admin/posts/${postId}/newsletter/preview?content=excerpt`,
  ],
  ["/admin/work", "/admin/case-studies"],
  [`/admin/work?edit=${caseStudyId}`, `/admin/case-studies?edit=${caseStudyId}`],
  [`/admin/work/${caseStudyId}/revisions`, `/admin/case-studies/${caseStudyId}/revisions`],
];

describe("the admin's earlier addresses", () => {
  for (const signedIn of [false, true]) {
    const who = signedIn ? "a signed-in editor" : "a signed-out visitor";
    it(`send ${who} on with a 301 to today's address, with the rest of the path and the query`, async () => {
      for (const [old, now] of bookmarks()) {
        expect(await ask(old!, { signedIn }), old).toEqual({ status: 301, location: now });
        expect(await ask(old!, { signedIn, method: "HEAD" }), `HEAD ${old}`).toEqual({
          status: 301,
          location: now,
        });
      }
    });
  }

  it("open the bookmarked item for a signed-in editor, and ask a signed-out visitor to sign in there", async () => {
    const { location } = await ask(`/admin/blog?edit=${postId}`);
    expect((await ask(location!, { signedIn: true })).status).toBe(200);
    const work = await ask(`/admin/work?edit=${caseStudyId}`);
    expect((await ask(work.location!, { signedIn: true })).status).toBe(200);
    const signedOut = await ask(location!);
    expect(signedOut.status).toBe(302);
    expect(signedOut.location).toMatch(/^\/admin\/login/);
  });

  it("send a form posted to the old address on with its method kept (308)", async () => {
    for (const signedIn of [false, true])
      expect(await ask(`/admin/blog?edit=${postId}`, { signedIn, method: "POST" })).toEqual({
        status: 308,
        location: `/admin/posts?edit=${postId}`,
      });
  });

  it("send the site's own data requests on to today's page, not to a page's data address", async () => {
    for (const [asked, to] of [
      ["/admin/blog.data", "/admin/posts"],
      [`/admin/blog.data?edit=${postId}`, `/admin/posts?edit=${postId}`],
      [`/admin/work/${caseStudyId}/revisions.data`, `/admin/case-studies/${caseStudyId}/revisions`],
    ]) {
      const response = await fetch(`${server.baseURL}${asked}`, {
        headers: { Cookie: cookie },
        redirect: "manual",
      });
      // The router's answer to its own fetch: ["SingleFetchRedirect", …, "redirect", "<to>", …].
      const answer = (await response.json()) as unknown[];
      expect(answer[answer.indexOf("redirect") + 1], asked).toBe(to);
    }
  });

  it("answer the old address spelled in other capitals too, ending at today's", async () => {
    let path = `/Admin/Blog?edit=${postId}`;
    const seen: number[] = [];
    for (let hops = 0; hops < 3; hops++) {
      const answer = await ask(path);
      if (answer.status !== 301) break;
      seen.push(answer.status);
      path = answer.location!;
    }
    expect(path).toBe(`/admin/posts?edit=${postId}`);
    expect(seen.length).toBeGreaterThan(0);
  });

  it("leave the public addresses and APIs where they are", async () => {
    for (const path of ["/blog", "/work", "/api/blog", "/api/work"])
      expect((await ask(path)).status, path).toBe(200);
  });
});
