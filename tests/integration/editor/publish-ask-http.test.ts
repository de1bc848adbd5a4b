// "Save & Publish" with the checks' problems open, as a browser without JavaScript sends it, against the
// built server: the first press saves what was typed (a new or draft post as its draft, a page's words as
// its draft; a live post's words kept as the admin's unsaved work, since its save is on the site at once)
// and the page comes back asking only about going live; the second press, carrying the ask's answer,
// publishes. The API never asks.
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { getPostById } from "~/features/posts/index.server";

import type { RunningServer } from "../../../scripts/lib/start-server";
import { asForm, startingWordsOf } from "../../setup/page-copy-form";
import { type SignedInForm, signedInStaff, staffAccount } from "../../setup/signed-in-form";

let server: RunningServer;
let owner: SignedInForm;

beforeAll(async () => {
  const made = await staffAccount("publish-ask-owner");
  const staff = await signedInStaff({ owner: made.account });
  ({ server } = staff);
  owner = staff.as.owner;
}, 120_000);
afterAll(() => server?.stop());

const steady = "We fix the site each week. It is quick and good work for you.";
const paragraph = `<p>${Array(5).fill(steady).join(" ")}</p>`;
const clean = `<h2>The start</h2>${paragraph}${paragraph}`;
/** A post's form as the editor sends it; "Short." is a search description too short (one problem). */
const postForm = (title: string, extra: Record<string, string> = {}) => ({
  title,
  excerpt: "Short.",
  content: clean,
  coverImage: "/uploads/cover.jpg",
  coverAlt: "Fresh loaves on a counter",
  status: "draft",
  intent: "publish",
  ...extra,
});
const ANSWERED = { publishAsItIs: "yes" };

/** The post's row as the server wrote it (the test file's own database). */
const storedPost = async (id: string) => getPostById(id)!;
/** A page as the server draws it, its text runs joined (React marks where they meet). */
const drawn = async (path: string) => (await (await owner.get(path)).text()).replaceAll("<!-- -->", "");
const idIn = (location: string | null) => /[?&]edit=([^&]+)/.exec(location ?? "")?.[1] ?? "";

describe("Save & Publish with problems open, without JavaScript", () => {
  it("saves a new post as its draft and asks; the answered press publishes", async () => {
    const first = await owner.postForm(
      "/admin/posts",
      postForm("Asked before going live: a title long enough"),
    );
    expect(first.status).toBe(302);
    const location = first.headers.get("location");
    expect(location).toMatch(/[?&]ask=draft(&|$)/);
    const id = idIn(location);
    expect(await storedPost(id)).toMatchObject({
      status: "draft",
      title: "Asked before going live: a title long enough",
    });

    // The page says it was saved and asks only about going live, its Publish carrying the answer.
    const page = await drawn(location!);
    expect(page).toContain("Saved as a draft.");
    expect(page).toContain("1 problem is still open");
    expect(page).toContain("press Save &amp; Publish again to publish as it is");
    expect(page).toMatch(/<input type="hidden" name="publishAsItIs" value="yes"/);

    const second = await owner.postForm("/admin/posts", {
      ...postForm("Asked before going live, then published as it is"),
      id,
      ...ANSWERED,
    });
    expect(second.status).toBe(302);
    expect(second.headers.get("location")).toContain("saved=");
    expect(await storedPost(id)).toMatchObject({
      status: "published",
      title: "Asked before going live, then published as it is",
    });
  });

  it("publishes at once when nothing is open, and a plain save never asks", async () => {
    const fine = postForm("Nothing to fix here: a title long enough", {
      excerpt:
        "How a Dublin bakery doubled its online orders after we rebuilt its shop and its local search pages.",
    });
    const published = await owner.postForm("/admin/posts", fine);
    expect(published.headers.get("location")).not.toContain("ask=");
    expect((await storedPost(idIn(published.headers.get("location")))).status).toBe("published");

    const saved = await owner.postForm("/admin/posts", postForm("Saved, not asked", { intent: "save" }));
    expect(saved.headers.get("location")).not.toContain("ask=");
    expect((await storedPost(idIn(saved.headers.get("location")))).status).toBe("draft");
  });

  it("keeps a live post's changes as unsaved work (its save would be on the site), and asks", async () => {
    const fine =
      "How a Dublin bakery doubled its online orders after we rebuilt its shop and its local search pages.";
    const made = await owner.postForm(
      "/admin/posts",
      postForm("Live and well, with a title long enough", { excerpt: fine }),
    );
    const id = idIn(made.headers.get("location"));
    expect((await storedPost(id)).status).toBe("published");

    const first = await owner.postForm(
      "/admin/posts",
      postForm("Live, with a typo fixed in its long title", { id }),
    );
    const location = first.headers.get("location");
    expect(location).toMatch(/[?&]ask=kept(&|$)/);
    // Visitors still read the live words; the typed ones come back in the form, said so.
    expect(await storedPost(id)).toMatchObject({
      status: "published",
      title: "Live and well, with a title long enough",
      excerpt: fine,
    });
    const page = await drawn(location!);
    expect(page).toContain("Live, with a typo fixed in its long title");
    expect(page).toContain("kept here in the form as your unsaved work");
    expect(page).toContain("press Save &amp; Publish again to publish as it is");

    await owner.postForm("/admin/posts", {
      ...postForm("Live, with a typo fixed in its long title", { id }),
      ...ANSWERED,
    });
    expect(await storedPost(id)).toMatchObject({
      status: "published",
      title: "Live, with a typo fixed in its long title",
    });
    // The unsaved work is gone with the save: nothing is offered back.
    expect(await (await owner.get(`/admin/posts?edit=${id}`)).text()).not.toContain("never saved to the");
  });

  it("saves a page's words as its draft and asks; the answered press publishes them", async () => {
    const words = startingWordsOf("home");
    words.meta.description = "Too short.";
    words.hero.headline = "Asked before the home page went live";
    const edit = "/admin/pages/edit/home";
    const first = await owner.postForm(edit, [...asForm(words), ["intent", "publish"]]);
    expect(first.status).toBe(302);
    const location = first.headers.get("location");
    expect(location).toContain("ask=draft");
    const stored = (await (await owner.get("/api/pages/home")).json()) as {
      published: typeof words;
      draft: typeof words | null;
    };
    expect(stored.draft?.hero.headline).toBe(words.hero.headline);
    expect(stored.published.hero.headline).not.toBe(words.hero.headline);
    const page = await drawn(location!);
    expect(page).toContain("Saved as a draft.");
    expect(page).toContain("press Publish again to publish as it is");

    await owner.postForm(edit, [...asForm(words), ["intent", "publish"], ["publishAsItIs", "yes"]]);
    const after = (await (await owner.get("/api/pages/home")).json()) as typeof stored;
    expect(after.published.hero.headline).toBe(words.hero.headline);
    expect(after.draft).toBeNull();
  });
});

describe("a hostile answer or address", () => {
  it("is no answer: anything but the ask's own field asks again; an unknown ask is none", async () => {
    const fine =
      "How a Dublin bakery doubled its online orders after we rebuilt its shop and its local search pages.";
    const made = await owner.postForm(
      "/admin/posts",
      postForm("Live, and answered oddly by a hostile form", { excerpt: fine }),
    );
    const id = idIn(made.headers.get("location"));
    for (const odd of ["__proto__", "constructor", "YES", "yes ", "x".repeat(5000)]) {
      const press = await owner.postForm("/admin/posts", {
        ...postForm("Live, and answered oddly by a hostile form", { id }),
        publishAsItIs: odd,
      });
      expect(press.headers.get("location")).toContain("ask=kept");
    }
    expect(await storedPost(id)).toMatchObject({ status: "published", excerpt: fine });
    for (const ask of ["__proto__", "constructor", "published", "%00"]) {
      const answer = await owner.get(`/admin/posts?edit=${id}&ask=${ask}`);
      expect(answer.status).toBe(200);
      expect((await answer.text()).replaceAll("<!-- -->", "")).not.toContain("publish as it is");
    }
  });
});

describe("the API", () => {
  it("never asks: a post with problems open is published as sent", async () => {
    const created = await owner.sendJson("POST", "/api/blog", {
      ...postForm("Through the API, problems and all"),
      intent: undefined,
      status: "published",
    });
    expect(created.status).toBe(201);
    const { id } = (await created.json()) as { id: string };
    expect((await storedPost(id)).status).toBe("published");
  });
});
