// Who may use each route, asked of the built server over HTTP for every route in app/routes.ts, so a
// route added later is walked too: anonymous, a contributor, an editor and the owner, each path also spelled in
// other cases and encodings (the router matches those too, so access must not depend on spelling).
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { createUser } from "~/features/staff/users.server";
import routeConfig from "~/routes";

import { type RunningServer } from "../../../scripts/lib/start-server";
import { serveTestDatabase } from "../../setup/serve-test-database";

/** The routes editors may use as well as the owner: posts, media, case studies, pages' words and their own account. */
const EDITOR_ROUTES = [
  "/admin",
  "/admin/posts",
  "/admin/posts/:id/revisions",
  "/admin/posts/:id/translate/:lang",
  "/admin/posts/:id/social-card",
  "/admin/case-studies/:id/revisions",
  "/admin/case-studies/:id/translate/:lang",
  "/api/work/autosave",
  "/admin/media",
  "/admin/case-studies",
  "/admin/account",
  "/admin/account/passkey",
  "/admin/sessions",
  "/api/blog",
  "/api/blog/autosave",
  "/api/blog/:ref",
  "/api/blog/:ref/revisions",
  "/api/blog/:ref/revisions/:revisionId",
  "/api/blog/:ref/revisions/:revisionId/restore",
  "/api/images",
  "/api/images/upload",
  "/api/images/put/:token",
  "/api/videos/upload",
  "/api/media",
  "/api/media/:id",
  "/api/media/:id/captions",
  "/api/links",
  "/api/work",
  "/api/work/:id",
  // The pages' words: the owner and editors edit them (the key's route, /api/pages/*, is not walked,
  // nor /admin/pages/edit/*).
  "/api/pages",
  "/api/pages/autosave",
  // A translation's unsaved work: the owner and editors translate.
  "/api/blog/translations/autosave",
  "/api/work/translations/autosave",
  "/admin/pages",
  "/admin/pages/services",
  // Experiments on the pages' words: the owner and editors run them.
  "/api/blog/:ref/checks",
  "/api/work/:id/checks",
  "/api/blog/:ref/preview-links",
  "/api/blog/:ref/preview-links/:linkId",
  "/api/work/:ref/preview-links",
  "/api/work/:ref/preview-links/:linkId",
  "/admin/preview-links",
  "/api/experiments",
  "/api/experiments/:id",
  "/api/experiments/:id/stop",
  "/admin/experiments",
  "/admin/experiments/:id",
];

/** The routes contributors may use too: writing posts, adding images, link search and their own account. */
const CONTRIBUTOR_ROUTES = [
  "/admin",
  "/admin/posts",
  "/admin/posts/:id/social-card",
  "/api/work/autosave",
  "/admin/account",
  "/admin/account/passkey",
  "/admin/sessions",
  "/api/blog",
  "/api/blog/autosave",
  "/api/blog/:ref",
  "/api/images",
  "/api/images/upload",
  "/api/images/put/:token",
  "/api/media",
  "/api/links",
];

/** The steps of signing in: they send anyone without a step in progress back to the sign-in page. */
const SIGN_IN_STEPS = ["/admin/login/verify"];
/** Signing out would end the session the rest of the walk uses; their own tests cover them. */
const NOT_POSTED = ["/admin/logout", "/api/auth/:op"];

type Entry = { path?: string; index?: boolean; children?: Entry[] };
function patterns(entries: readonly Entry[], parent = ""): string[] {
  return entries.flatMap((entry) => {
    const full = entry.path ? `${parent}/${entry.path}` : parent;
    const own = entry.path || entry.index ? [full || "/"] : [];
    return [...own, ...patterns(entry.children ?? [], full)];
  });
}
const ROUTES = patterns(routeConfig as Entry[]).filter((pattern) => !pattern.includes("*"));

const samplePath = (pattern: string) => pattern.replace(/:(\w+)/g, "sample-$1");
/** The same path with its fixed segments upper-cased, capitalised, or with a letter percent-encoded. */
function variants(pattern: string): string[] {
  const spell = (change: (segment: string) => string) =>
    samplePath(
      pattern
        .split("/")
        .map((segment) => (segment && !segment.startsWith(":") ? change(segment) : segment))
        .join("/"),
    );
  const encodeFirst = (s: string) =>
    /^[a-z]/.test(s) ? `%${s.charCodeAt(0).toString(16)}${s.slice(1)}` : s.toUpperCase();
  return [
    spell((s) => s.toUpperCase()),
    spell((s) => s[0]!.toUpperCase() + s.slice(1)),
    spell(encodeFirst),
  ].filter((variant) => variant !== samplePath(pattern));
}

let server: RunningServer;
const cookies: Record<"owner" | "editor" | "contributor", string> = {
  owner: "",
  editor: "",
  contributor: "",
};
type Who = keyof typeof cookies | "anonymous";

async function ask(who: Who, method: "GET" | "POST", path: string) {
  const headers: Record<string, string> = { Origin: server.baseURL, Accept: "text/html" };
  if (who !== "anonymous") headers.Cookie = cookies[who];
  const init: RequestInit = { method, headers, redirect: "manual" };
  if (method === "POST") {
    headers["Content-Type"] = "application/x-www-form-urlencoded";
    init.body = "intent=";
  }
  const response = await fetch(`${server.baseURL}${path}`, init);
  await response.arrayBuffer();
  return { status: response.status, location: response.headers.get("location") ?? "" };
}

/** Turned away for not being signed in: a 401 (API) or the sign-in page. */
const refused = (answer: { status: number; location: string }) =>
  answer.status === 401 || (answer.status === 302 && answer.location.startsWith("/admin/login"));

beforeAll(async () => {
  await createUser("owner", "owner-password-long");
  await createUser("editor", "editor-password-long", { role: "editor" });
  await createUser("contributor", "contributor-password-long", { role: "contributor" });
  server = await serveTestDatabase();
  for (const who of ["owner", "editor", "contributor"] as const) {
    const response = await fetch(`${server.baseURL}/api/auth/login`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Origin: server.baseURL },
      body: JSON.stringify({ username: who, password: `${who}-password-long` }),
    });
    expect(response.status, `${who} signs in`).toBe(200);
    cookies[who] = response.headers.getSetCookie()[0]!.split(";")[0]!;
  }
}, 120_000);

afterAll(async () => {
  await server?.stop();
});

describe("every route, by role", () => {
  it("lists the editors' routes among the app's routes", () => {
    for (const pattern of EDITOR_ROUTES) expect(ROUTES, pattern).toContain(pattern);
    for (const pattern of CONTRIBUTOR_ROUTES) expect(EDITOR_ROUTES, pattern).toContain(pattern);
  });

  it("asks for sign-in on staff routes, opens the contributors' to contributors, the editors' to editors and the rest to the owner only", async () => {
    const staffRoutes: string[] = [];
    for (const pattern of ROUTES) {
      for (const method of ["GET", "POST"] as const) {
        if (method === "POST" && NOT_POSTED.includes(pattern)) continue;
        const path = samplePath(pattern);
        const anonymous = await ask("anonymous", method, path);
        const owner = await ask("owner", method, path);
        const editor = await ask("editor", method, path);
        const contributor = await ask("contributor", method, path);
        const where = `${method} ${path}`;
        expect(owner.status, where).not.toBe(403);
        if (SIGN_IN_STEPS.includes(pattern)) {
          expect([anonymous, owner, editor, contributor].every(refused), where).toBe(true);
          continue;
        }
        expect(refused(owner), where).toBe(false);
        if (!refused(anonymous)) {
          // Public: a member of staff is answered as anyone would be.
          expect(editor.status, where).not.toBe(403);
          expect(contributor.status, where).not.toBe(403);
          continue;
        }
        staffRoutes.push(where);
        if (EDITOR_ROUTES.includes(pattern)) expect(editor.status, where).not.toBe(403);
        else expect(editor.status, where).toBe(403);
        if (CONTRIBUTOR_ROUTES.includes(pattern)) expect(contributor.status, where).not.toBe(403);
        else expect(contributor.status, where).toBe(403);
      }
    }
    // The walk reached the staff routes (a broken sign-in would make them all look public).
    expect(staffRoutes.length).toBeGreaterThan(60);
  }, 180_000);

  it("answers a stranger on every staff-only API with 401 JSON, whatever the method, before the route runs", async () => {
    // GET /api/images once answered a stranger 400 "Unexpected Server Error": the route read its
    // query before asking who was there.
    const group = (routeConfig as (Entry & { file?: string })[]).find((entry) =>
      entry.file?.endsWith("staff-api.ts"),
    )!;
    const apis = patterns(group.children ?? []);
    expect(apis).toContain("/api/images");
    for (const pattern of apis) {
      for (const method of ["GET", "POST", "PUT", "DELETE"]) {
        const response = await fetch(`${server.baseURL}${samplePath(pattern)}`, {
          method,
          headers: { Origin: server.baseURL },
        });
        expect(response.status, `${method} ${pattern}`).toBe(401);
        expect(await response.json(), `${method} ${pattern}`).toEqual({ error: "Authentication required" });
      }
    }
  });

  it("sends a path spelled in another case or encoding to the route's own spelling, for everyone", async () => {
    for (const pattern of ROUTES) {
      for (const variant of variants(pattern)) {
        for (const who of ["anonymous", "editor", "owner"] as const) {
          for (const method of ["GET", "POST"] as const) {
            const answer = await ask(who, method, variant);
            expect(answer, `${who} ${method} ${variant}`).toEqual({
              status: 301,
              location: samplePath(pattern),
            });
          }
        }
      }
    }
  }, 180_000);

  it("cuts the admin's window off from its opener however the path is spelled", async () => {
    for (const path of ["/admin/login", "/ADMIN/login", "/%61dmin/login"]) {
      const response = await fetch(`${server.baseURL}${path}`, { redirect: "manual" });
      expect(response.headers.get("cross-origin-opener-policy"), path).toBe("same-origin");
    }
  });
});
