// The admin's Pages against the built server, as a browser without JavaScript uses them: the list, a
// page's form (its fields named by their paths, labels, counts), a draft saved and published, field
// errors with the typed work kept, the lists' buttons, who may publish what, hostile forms, and the
// unsaved work kept by the autosave and offered back.
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import type { RunningServer } from "../../../scripts/lib/start-server";
import { asForm, type Loose, startingWordsOf as starting } from "../../setup/page-copy-form";
import { type SignedInForm, signedInStaff, staffAccount } from "../../setup/signed-in-form";

let server: RunningServer;
let owner: SignedInForm;
let editor: SignedInForm;
let contributor: SignedInForm;

beforeAll(async () => {
  const accounts = {
    owner: (await staffAccount("pages-form-owner")).account,
    editor: (await staffAccount("pages-form-editor", "editor")).account,
    contributor: (await staffAccount("pages-form-contributor", "contributor")).account,
  };
  ({
    server,
    as: { owner, editor, contributor },
  } = await signedInStaff(accounts));
}, 120_000);

afterAll(async () => {
  await server?.stop();
});

/** The page's copy through the API, as staff read it. */
async function stored(key: string): Promise<{ published: Loose; draft: Loose | null }> {
  return (await owner.get(`/api/pages/${key}`)).json();
}
const edit = (key: string) => `/admin/pages/edit/${key}`;
const html = async (answer: Response) => answer.text();
/** An input's value as the page draws it (an `<input name=…>` or a textarea's text). */
function valueIn(page: string, name: string): string | undefined {
  const input = new RegExp(`<input[^>]*name="${name.replaceAll(".", "\\.")}"[^>]*>`).exec(page)?.[0];
  if (input) return /value="([^"]*)"/.exec(input)?.[1];
  return new RegExp(`<textarea[^>]*name="${name.replaceAll(".", "\\.")}"[^>]*>([^<]*)</textarea>`).exec(
    page,
  )?.[1];
}

describe("the Pages list", () => {
  it("lists every page with its state and links, for the owner and editors; contributors are refused", async () => {
    const page = await html(await editor.get("/admin/pages"));
    for (const title of ["Home", "Search Engine Optimisation", "About", "Contact", "Privacy Policy"])
      expect(page).toContain(title);
    expect(page).toContain('href="/admin/pages/edit/services/seo"');
    expect(page).toContain('href="/admin/pages/revisions/legal/privacy"');
    expect(page).toContain('href="/admin/pages/services"');
    expect(page).toContain("Published");
    expect(page).toMatch(/href="\/admin\/pages"[^>]*>.*?Pages/s);

    const refused = await contributor.get("/admin/pages");
    expect(refused.status).toBe(403);
    expect(await refused.text()).toContain("Contributors write drafts");
    expect((await contributor.get(edit("home"))).status).toBe(403);
    expect(await html(await contributor.get("/admin/posts"))).not.toContain('href="/admin/pages"');
  });
});

describe("a page's form", () => {
  it("has one field a part, named by its path, with its label, limit and count", async () => {
    const page = await html(await owner.get(edit("services/seo")));
    const seo = starting("services/seo");
    expect(valueIn(page, "hero.headline")).toBe(seo.hero.headline);
    expect(valueIn(page, "sections.0.cards.1.title")).toBe(seo.sections[0].cards[1].title);
    expect(page).toContain(">Highlighted words<");
    expect(page).toContain(">Search description<");
    expect(page).toContain(`${seo.hero.headline.length} / 80`);
    expect(page).toContain('value="add:sections.0.cards"');
    expect(page).toMatch(/<button[^>]*value="preview"[^>]*>Preview</);
    for (const missing of ["services/nope", "nope", "legal", "services/seo/extra"])
      expect([missing, (await owner.get(edit(missing))).status]).toEqual([missing, 404]);
  });

  it("has one set of buttons, Save draft, Preview, Publish, at the top and again at the bottom", async () => {
    const page = await html(await owner.get(edit("services/seo")));
    const intents = [...page.matchAll(/<button[^>]*value="(save|preview|publish)"[^>]*>/g)].map(
      (match) => match[1],
    );
    expect(intents).toEqual(["save", "preview", "publish", "save", "preview", "publish"]);
  });

  it("says what the words in braces are and what visitors read in their place", async () => {
    // As read (React's markers between the text's parts left out).
    const page = (await html(await owner.get(edit("legal/privacy")))).replaceAll("<!-- -->", "");
    expect(page).toMatch(/filled in from <a[^>]*href="\/admin\/settings"[^>]*>Site settings<\/a>/);
    expect(page).toMatch(/<code[^>]*>\{legalName\}<\/code> reads “[^”{]+”/);
    expect(page).toMatch(/<code[^>]*>\{email\}<\/code> reads “[^”{]+@[^”{]+”/);
    // A page without them says nothing of them.
    expect(await html(await owner.get(edit("contact")))).not.toContain("Words in braces");
  });

  it("sends the owner of a hidden service's words to where it is shown", async () => {
    await owner.postForm("/admin/pages/services", { intent: "hide", service: "creative-direction" });
    const page = await html(await owner.get(edit("services/creative-direction")));
    expect(page).toMatch(/Hidden from visitors: <a[^>]*href="\/admin\/pages\/services"/);
    await owner.postForm("/admin/pages/services", { intent: "show", service: "creative-direction" });
  });

  it("saves a draft that visitors do not see, then publishes it to the public page", async () => {
    const home = starting("home");
    home.hero.headline = "Words the <b>owner</b> chose";
    const saved = await owner.postForm(edit("home"), [...asForm(home), ["intent", "save"]]);
    expect(saved.status).toBe(302);
    expect(saved.headers.get("location")).toBe("/admin/pages/edit/home?saved=draft");
    expect((await stored("home")).draft?.hero.headline).toBe("Words the <b>owner</b> chose");
    expect(await html(await fetch(`${server.baseURL}/`))).not.toContain("owner</b> chose");
    expect(await html(await owner.get("/admin/pages"))).toContain("Draft waiting");

    // Published as it is (the ask about open problems answered: tests/integration/editor/publish-ask-http).
    const published = await owner.postForm(edit("home"), [
      ...asForm(home),
      ["intent", "publish"],
      ["publishAsItIs", "yes"],
    ]);
    expect(published.headers.get("location")).toBe("/admin/pages/edit/home?saved=published");
    const after = await stored("home");
    expect([after.published.hero.headline, after.draft]).toEqual(["Words the <b>owner</b> chose", null]);
    // Markup typed in a plain field is text on the page.
    expect(await html(await fetch(`${server.baseURL}/`))).toContain(
      "Words the &lt;b&gt;owner&lt;/b&gt; chose",
    );
    // The words replaced are in Revisions, dated as the rest of the admin dates ("Sat 28 Nov, 09:56").
    const revisions = await html(await owner.get("/admin/pages/revisions/home"));
    expect(revisions).toContain(starting("home").hero.headline.replaceAll("&", "&amp;"));
    expect(revisions).toMatch(/(Mon|Tue|Wed|Thu|Fri|Sat|Sun) \d{1,2} [A-Z][a-z]{2}, \d{2}:\d{2}/);
    expect(revisions).not.toMatch(/\d{1,2} [A-Z][a-z]{2} \d{4}, \d{2}:\d{2}/);
  });

  it("previews what was just typed: saved as the draft, then opened as the real page", async () => {
    const key = "services/creative-direction";
    const service = starting(key);
    service.hero.headline = "A headline typed a moment ago";
    const answer = await owner.postForm(edit(key), [...asForm(service), ["intent", "preview"]]);
    expect([answer.status, answer.headers.get("location")]).toEqual([302, `/${key}?preview`]);
    expect((await stored(key)).draft?.hero.headline).toBe("A headline typed a moment ago");
    expect(await html(await owner.get(`/${key}?preview`))).toContain("A headline typed a moment ago");
    expect(await html(await fetch(`${server.baseURL}/${key}?preview`))).not.toContain("a moment ago");
  });

  it("shows each problem beside its field and on top, keeps what was typed, and writes nothing", async () => {
    const before = await stored("contact");
    const contact = starting("contact");
    contact.heading = "";
    contact.intro = "A new intro the owner typed";
    contact.nextSteps.steps[1].title = "x".repeat(81);
    const answer = await owner.postForm(edit("contact"), [...asForm(contact), ["intent", "save"]]);
    expect(answer.status).toBe(400);
    const page = await answer.text();
    expect(page).toMatch(/id="field-heading-error"[^>]*>Required</);
    expect(page).toMatch(/id="field-nextSteps-steps-1-title-error"[^>]*>At most 80 characters</);
    expect(page).toContain('href="#field-nextSteps-steps-1-title"');
    expect(page).toContain("What happens next › Step 2 › Title");
    expect(page).toContain("2 things to fix");
    expect(valueIn(page, "intro")).toBe("A new intro the owner typed");
    expect(await stored("contact")).toEqual(before);
  });

  it("adds, moves and removes list items without JavaScript, keeping what was typed and saving nothing", async () => {
    const seo = starting("services/seo");
    seo.hero.intro = "Typed before adding a card";
    const cards = seo.sections[0].cards.length;
    const added = await editor.postForm(edit("services/seo"), [
      ...asForm(seo),
      ["intent", "add:sections.0.cards"],
    ]);
    expect(added.status).toBe(200);
    const page = await added.text();
    expect(valueIn(page, `sections.0.cards.${cards}.title`)).toBe("");
    expect(valueIn(page, "hero.intro")).toBe("Typed before adding a card");

    const moved = await html(
      await editor.postForm(edit("services/seo"), [...asForm(seo), ["intent", "down:sections.0"]]),
    );
    expect(valueIn(moved, "sections.0.heading")).toBe(seo.sections[1].heading);
    expect(valueIn(moved, "sections.1.heading")).toBe(seo.sections[0].heading);

    const removed = await html(
      await editor.postForm(edit("services/seo"), [...asForm(seo), ["intent", "remove:benefits.items.0"]]),
    );
    expect(valueIn(removed, "benefits.items.0")).toBe(seo.benefits.items[1]);
    expect((await stored("services/seo")).draft).toBeNull();
  });

  it("lets an editor save a legal page but not publish it, saying why", async () => {
    const form = await html(await editor.get(edit("legal/privacy")));
    expect(form).toContain("Only the site&#x27;s owner publishes the legal pages.");
    expect(form).toMatch(/<button type="button" disabled=""[^>]*>Publish</);
    const privacy = starting("legal/privacy");
    privacy.sections[0].heading = "Who we are, in short";
    const forced = await editor.postForm(edit("legal/privacy"), [...asForm(privacy), ["intent", "publish"]]);
    expect(forced.status).toBe(403);
    expect(await forced.text()).toContain("Your changes are saved as a draft.");
    const after = await stored("legal/privacy");
    expect([after.draft?.sections[0].heading, after.published.sections[0].heading]).toEqual([
      "Who we are, in short",
      starting("legal/privacy").sections[0].heading,
    ]);
    // Unsafe markup in the rich body is refused beside it.
    privacy.sections[1].body = "<p>Hello</p><script>alert(1)</script>";
    const unsafe = await owner.postForm(edit("legal/privacy"), [...asForm(privacy), ["intent", "save"]]);
    expect(unsafe.status).toBe(400);
    expect(await unsafe.text()).toMatch(
      /id="field-sections-1-body-error"[^>]*>Contains markup that is not allowed/,
    );
  });

  it("refuses hostile forms with a clear error and writes nothing", async () => {
    const before = await stored("not-found");
    const words = asForm(starting("not-found"));
    for (const fields of [
      [...words, ["__proto__.polluted", "x"]],
      [...words, ["constructor.prototype.x", "x"]],
      [...words, ["sections.01.heading", "x"]],
      [...words, ["heading", "twice"]],
      [...words, ...Array.from({ length: 2_001 }, (_, index): [string, string] => [`extra${index}`, "x"])],
    ] as [string, string][][]) {
      const answer = await owner.postForm(edit("not-found"), [...fields, ["intent", "save"]]);
      expect(answer.status).toBe(400);
      expect(await answer.text()).toContain("The form could not be read");
    }
    const unknown = await owner.postForm(edit("not-found"), [
      ...words,
      ["subtitle", "x"],
      ["intent", "save"],
    ]);
    expect([unknown.status, await unknown.text()]).toEqual([
      400,
      expect.stringContaining("This page has no field subtitle"),
    ]);
    expect(await stored("not-found")).toEqual(before);
  });
});

describe("unsaved work on a page", () => {
  it("is kept by the autosave, offered back, restored or discarded; contributors may not keep any", async () => {
    const about = starting("about");
    about.mission.heading = "Typed, never saved";
    const values = Object.fromEntries(asForm(about));
    const kept = await editor.sendJson("PUT", "/api/pages/autosave", { pageKey: "about", values });
    expect(kept.status).toBe(200);
    expect(
      (await contributor.sendJson("PUT", "/api/pages/autosave", { pageKey: "about", values })).status,
    ).toBe(403);
    expect(
      (await editor.sendJson("PUT", "/api/pages/autosave", { pageKey: "services/nope", values })).status,
    ).toBe(404);

    const offered = await html(await editor.get(edit("about")));
    expect(offered).toContain("You have unsaved changes");
    expect(offered).toContain('href="/admin/pages/edit/about?restore"');
    expect(valueIn(offered, "mission.heading")).toBe(starting("about").mission.heading);
    const restored = await html(await editor.get(`${edit("about")}?restore`));
    expect(valueIn(restored, "mission.heading")).toBe("Typed, never saved");

    const discarded = await editor.postForm(edit("about"), { intent: "discard-autosave" });
    expect(discarded.headers.get("location")).toBe("/admin/pages/edit/about");
    expect(await html(await editor.get(edit("about")))).not.toContain("You have unsaved changes");
  });
});
