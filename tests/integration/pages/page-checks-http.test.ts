// The checks beside a page's form, as the built server draws them for a browser without JavaScript.
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import type { RunningServer } from "../../../scripts/lib/start-server";
import { asForm, startingWordsOf as starting } from "../../setup/page-copy-form";
import { type SignedInForm, signedInStaff, staffAccount } from "../../setup/signed-in-form";

let server: RunningServer;
let owner: SignedInForm;
let editor: SignedInForm;
let contributor: SignedInForm;

beforeAll(async () => {
  const accounts = {
    owner: (await staffAccount("page-checks-owner")).account,
    editor: (await staffAccount("page-checks-editor", "editor")).account,
    contributor: (await staffAccount("page-checks-contributor", "contributor")).account,
  };
  ({
    server,
    as: { owner, editor, contributor },
  } = await signedInStaff(accounts));
}, 120_000);

afterAll(async () => {
  await server?.stop();
});

const edit = (key: string) => `/admin/pages/edit/${key}`;
const html = async (answer: Response) => (await answer.text()).replaceAll("<!-- -->", "");

describe("a page form's checks, as the server draws them (without JavaScript)", () => {
  it("says there is nothing to fix on a page that reads well", async () => {
    const page = await html(await editor.get(edit("contact")));
    expect(page).toContain('id="writing-checks-heading"');
    expect(page).toContain("Nothing to fix");
    expect((await contributor.get(edit("contact"))).status).toBe(403);
  });

  it("lists a saved draft's problems, each a link to its field, and clears when fixed", async () => {
    const home = starting("home");
    home.meta.title = "Northwall Digital: the marketing agency Dublin owners call first";
    home.hero.actions[0].to = "/no-such-page";
    const saved = await owner.postForm(edit("home"), [...asForm(home), ["intent", "save"]]);
    expect(saved.status).toBe(302);
    const page = await html(await owner.get(edit("home")));
    expect(page).toMatch(/Checks <span[^>]*>\(\d+\)<\/span>/);
    expect(page).toContain('href="#field-meta-title"');
    expect(page).toContain('href="#field-hero-actions-0-to"');
    expect(page).toContain("goes to a page that does not exist");
    expect(page).toContain('id="field-meta-title"');
    expect(page).toContain('id="field-hero-actions-0-to"');

    await owner.postForm(edit("home"), [...asForm(starting("home")), ["intent", "save"]]);
    const after = await html(await owner.get(edit("home")));
    expect(after).not.toContain('href="#field-hero-actions-0-to"');
    expect(after).not.toContain('href="#field-meta-title"');
  });
});

describe("GET /api/pages/{key}/checks", () => {
  it("answers staff the checks of the draft if there is one, else the published words", async () => {
    const home = starting("home");
    home.hero.actions[0].to = "/no-such-page";
    expect((await owner.postForm(edit("home"), [...asForm(home), ["intent", "save"]])).status).toBe(302);
    const answer = await editor.get("/api/pages/home/checks");
    expect(answer.status).toBe(200);
    expect(answer.headers.get("cache-control")).toBe("private, no-store");
    const problems = (await answer.json()) as { code: string; message: string; where: string }[];
    expect(problems.map((problem) => problem.code)).toContain("link-broken");
    expect(Object.keys(problems[0]!).sort()).toEqual(["code", "message", "where"]);
    expect(await (await owner.get("/api/pages/contact/checks")).json()).toEqual([]);
  });

  it("refuses the signed-out (401) and contributors (403), and says 404 for keys that are no page", async () => {
    expect((await fetch(`${server.baseURL}/api/pages/home/checks`)).status).toBe(401);
    expect((await contributor.get("/api/pages/home/checks")).status).toBe(403);
    for (const key of [
      "nope",
      "__proto__",
      "constructor",
      "services/__proto__",
      "services/constructor",
      "%2e%2e/home",
      "home/checks",
      "x".repeat(5000),
      "services/" + "a/".repeat(500),
    ])
      expect([key.slice(0, 40), (await owner.get(`/api/pages/${key}/checks`)).status]).toEqual([
        key.slice(0, 40),
        404,
      ]);
    expect((await owner.postForm("/api/pages/home/checks", [])).status).toBe(405);
  });
});
