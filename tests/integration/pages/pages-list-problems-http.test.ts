// Admin → Pages' count of problems and its "With problems" filter against the built server, as a
// browser without JavaScript uses them: the chip on a page with problems, the filter's link and its
// empty state, and whatever a client puts in `?problems=`.
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import type { RunningServer } from "../../../scripts/lib/start-server";
import { asForm, startingWordsOf } from "../../setup/page-copy-form";
import { type SignedInForm, signedInStaff, staffAccount } from "../../setup/signed-in-form";

let server: RunningServer;
let owner: SignedInForm;
let contributor: SignedInForm;

beforeAll(async () => {
  const accounts = {
    owner: (await staffAccount("pages-count-owner")).account,
    contributor: (await staffAccount("pages-count-contributor", "contributor")).account,
  };
  ({
    server,
    as: { owner, contributor },
  } = await signedInStaff(accounts));
}, 120_000);

afterAll(async () => {
  await server?.stop();
});

const list = async (query = "") => {
  const answer = await owner.get(`/admin/pages${query}`);
  return { status: answer.status, page: await answer.text() };
};
/** A row of the list (the page's name is also in every admin page's data, for the site's menu). */
const SEO_ROW = 'href="/admin/pages/edit/services/seo"';
const PRIVACY_ROW = 'href="/admin/pages/edit/legal/privacy"';
const EMPTY = "No page has problems the checks can find: nothing to fix.";
const saveHome = (meta: Record<string, string>) => {
  const home = startingWordsOf("home");
  return owner.postForm("/admin/pages/edit/home", [...asForm({ ...home, meta }), ["intent", "save"]]);
};

describe("Admin → Pages' problems", () => {
  it("a fresh site: the filter says there is nothing to fix", async () => {
    const { status, page } = await list("?problems=1");
    expect(status).toBe(200);
    expect(page).toContain(EMPTY);
    expect(page).toContain("With problems (0)");
    expect(page).not.toContain(SEO_ROW);
  });

  it("a draft with problems: a chip linking to the form's checks, and the filter lists only that page", async () => {
    const saved = await saveHome({ title: "x".repeat(65), description: "Too short." });
    expect([302, 303]).toContain(saved.status);

    const all = await list();
    expect(all.page).toContain("2 problems in the draft");
    expect(all.page).toContain('href="/admin/pages/edit/home#writing-checks-heading"');
    expect(all.page).toContain('href="/admin/pages?problems=1"');
    expect(all.page).toContain("With problems (1)");
    expect(all.page).toContain(SEO_ROW);

    const filtered = await list("?problems=1");
    expect(filtered.page).toContain("2 problems in the draft");
    expect(filtered.page).not.toContain(EMPTY);
    expect(filtered.page).not.toContain(SEO_ROW);
    expect(filtered.page).not.toContain(PRIVACY_ROW);

    // Fixed: counted again at the save, the page leaves the filter.
    await saveHome({
      title: "Northwall Digital: a marketing agency in Dublin",
      description:
        "We help Dublin businesses grow online with search, paid ads, websites and creative that earns its keep.",
    });
    expect((await list("?problems=1")).page).toContain(EMPTY);
    expect((await list()).page).not.toContain("problems in the draft");
  });

  it("hostile ?problems= values: never a 500, the list or the filter", async () => {
    for (const query of [
      "?problems=__proto__",
      "?problems=constructor",
      "?__proto__=1",
      "?__proto__[problems]=1",
      "?constructor[prototype][problems]=1",
      "?problems[]=1",
      "?problems[0]=1&problems[1]=2",
      "?problems=1&problems=0",
      "?problems=0",
      "?problems=",
      `?problems=${"x".repeat(5000)}`,
      `?problems=${"%".repeat(200)}`,
      "?problems=%00%ff%fe",
      "?problems=%F0%9F%98%80",
      "?problems=%ED%A0%80",
    ]) {
      const { status, page } = await list(query);
      expect([query.slice(0, 40), status]).toEqual([query.slice(0, 40), 200]);
      expect(page).toContain("With problems (");
    }
    // Only "problems" itself turns the filter on, and "0" turns it off.
    expect((await list("?problems=__proto__")).page).toContain(EMPTY);
    expect((await list("?problems=0")).page).toContain(SEO_ROW);
    expect((await list("?__proto__=1")).page).toContain(SEO_ROW);
  });

  it("contributors are refused the filter as the list", async () => {
    expect((await contributor.get("/admin/pages?problems=1")).status).toBe(403);
  });
});
