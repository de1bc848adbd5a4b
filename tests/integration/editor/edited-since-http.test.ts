// Two people (or two tabs) editing one post, as a browser without JavaScript sends the editor's form,
// against the built server: the later save from a form opened before the other's save is refused with
// 409, the whole form's error says what happened and nothing is overwritten; what was typed comes back,
// and the page now carries the newer version's time, so saving again replaces it knowingly.
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { CaseStudySchema } from "~/features/case-studies";
import { saveCaseStudy } from "~/features/case-studies/index.server";
import { EditedSince } from "~/features/editor/index.server";
import { getPostById, savePost } from "~/features/posts/index.server";

import type { RunningServer } from "../../../scripts/lib/start-server";
import { type SignedInForm, signedInStaff, staffAccount } from "../../setup/signed-in-form";

let server: RunningServer;
let owner: SignedInForm;
let editor: SignedInForm;
let id = "";

beforeAll(async () => {
  const made = {
    owner: await staffAccount("edited-since-owner"),
    editor: await staffAccount("edited-since-editor", "editor"),
  };
  id = savePost(undefined, {
    title: "Opening hours over Christmas",
    excerpt: "When we are in.",
    content: "<p>We close on the 24th.</p>",
    coverImage: null,
    videoUrl: null,
    tags: [],
    status: "draft",
  }).id;
  const staff = await signedInStaff({ owner: made.owner.account, editor: made.editor.account });
  ({ server } = staff);
  ({ owner, editor } = staff.as);
}, 120_000);
afterAll(() => server?.stop());

/**
 * The editor's page of a post (the test's own unless told) as its form is then: the version's time it
 * carries.
 */
async function opened(who: SignedInForm, post = id): Promise<{ savedAt: string; html: string }> {
  const html = await (await who.get(`/admin/posts?edit=${post}`)).text();
  const savedAt = /name="savedAt" value="(\d+)"/.exec(html)?.[1];
  expect(savedAt).toBeDefined();
  return { savedAt: savedAt!, html };
}

/** Where the editor's form sends itself: the editor's own address. */
const editorPath = () => `/admin/posts?edit=${id}`;

const form = (savedAt: string, title: string, content: string) => ({
  id,
  savedAt,
  title,
  excerpt: "When we are in.",
  content,
  status: "draft",
  intent: "save",
});

describe("a post edited in two places", () => {
  it("refuses the save of the form opened first, keeps what it typed, and takes it when saved again", async () => {
    const first = await opened(owner);
    const second = await opened(editor);
    expect(second.savedAt).toBe(first.savedAt);

    const editorsSave = await editor.postForm(
      editorPath(),
      form(second.savedAt, "Opening hours over Christmas", "<p>We close on the 23rd, not the 24th.</p>"),
    );
    expect(editorsSave.status).toBe(302);

    const ownersSave = await owner.postForm(
      editorPath(),
      form(first.savedAt, "Christmas opening hours", "<p>Open every day but Christmas Day.</p>"),
    );
    expect(ownersSave.status).toBe(409);
    const page = await ownersSave.text();
    expect(page).toContain("This post was saved again at");
    expect(page).toContain("Your changes are still here, not saved");
    // What the owner typed is in the form; the editor's words are what is saved.
    expect(page).toContain("Christmas opening hours");
    expect(getPostById(id)).toMatchObject({
      title: "Opening hours over Christmas",
      content: "<p>We close on the 23rd, not the 24th.</p>",
    });

    // The page the owner got back carries the editor's version's time: saving again is deliberate.
    const carried = /name="savedAt" value="(\d+)"/.exec(page)?.[1];
    expect(carried).toBe(String(getPostById(id)!.updatedAt.getTime()));
    const again = await owner.postForm(
      editorPath(),
      form(carried!, "Christmas opening hours", "<p>Open every day but Christmas Day.</p>"),
    );
    expect(again.status).toBe(302);
    expect(getPostById(id)?.title).toBe("Christmas opening hours");
  });

  it("refuses a form whose version's time is no time, rather than saving without the check", async () => {
    const { savedAt } = await opened(owner);
    for (const mangled of ["-1", "0", "1e308", "NaN", `${savedAt}.5`, "__proto__"]) {
      const answer = await owner.postForm(editorPath(), form(mangled, "Mangled", "<p>Mangled.</p>"));
      expect(answer.status, mangled).toBe(409);
    }
    expect(getPostById(id)?.title).not.toBe("Mangled");
  });

  it("refuses Save & Publish of a live post opened before another save, before asking about its problems", async () => {
    const live = savePost(undefined, {
      title: "Live hours",
      excerpt: "Short.",
      content: "<p>Open.</p>",
      coverImage: null,
      videoUrl: null,
      tags: [],
      status: "published",
    });
    const { savedAt } = await opened(owner, live.id);
    savePost(
      live.id,
      { ...live, title: "Live hours, changed elsewhere" },
      { now: new Date(Number(savedAt) + 1000) },
    );
    const pressed = await owner.postForm(`/admin/posts?edit=${live.id}`, {
      ...form(savedAt, "Live hours, mine", "<p>Open late.</p>"),
      id: live.id,
      status: "published",
      intent: "publish",
    });
    expect(pressed.status).toBe(409);
    expect(await pressed.text()).toContain("This post was saved again at");
    expect(getPostById(live.id)?.title).toBe("Live hours, changed elsewhere");
  });

  it("says so when unsaved work put back was typed on a version saved before", async () => {
    const { savedAt } = await opened(owner);
    const kept = await owner.sendJson("PUT", "/api/blog/autosave", {
      postKey: id,
      values: {
        title: "Typed on an old version",
        content: "<p>Old.</p>",
        savedAt: String(Number(savedAt) - 5000),
      },
    });
    expect(kept.status).toBe(200);
    const restored = await (await owner.get(`${editorPath()}&restore`)).text();
    expect(restored).toContain("It was typed on an earlier version: the post was saved again at");
    // Its form carries the version it now replaces: saving it is the owner's choice, told so.
    expect(/name="savedAt" value="(\d+)"/.exec(restored)?.[1]).toBe(savedAt);
  });

  it("lets a form without the version's time (a client of its own) save as before", async () => {
    const { savedAt, ...withoutTime } = form("0", "Hours over Christmas", "<p>Open every day.</p>");
    expect(savedAt).toBe("0");
    expect((await owner.postForm(editorPath(), withoutTime)).status).toBe(302);
  });
});

describe("the API", () => {
  it("refuses a PUT whose updatedAt is a version saved since with 409, takes the current one, and one without", async () => {
    const read = (await (await owner.get(`/api/blog/${getPostById(id)!.slug}`)).json()) as Record<
      string,
      unknown
    >;
    const put = (body: Record<string, unknown>) => owner.sendJson("PUT", `/api/blog/${id}`, body);
    const fields = { title: "Hours by the API", excerpt: "In.", content: "<p>In.</p>", status: "draft" };
    expect((await put({ ...fields, updatedAt: read.updatedAt })).status).toBe(200);
    const stale = await put({ ...fields, title: "Stale", updatedAt: read.updatedAt });
    expect(stale.status).toBe(409);
    expect(((await stale.json()) as { error: string }).error).toContain("This post was saved again at");
    expect(getPostById(id)?.title).toBe("Hours by the API");
    expect((await put({ ...fields, updatedAt: "yesterday" })).status).toBe(400);
    expect((await put({ ...fields, title: "Last one wins" })).status).toBe(200);

    const study = saveCaseStudy(
      undefined,
      CaseStudySchema.parse({
        title: "API study",
        clientName: "Harbour",
        category: "B2B",
        excerpt: "A.",
        body: "<p>How.</p>",
      }),
    );
    const studyFields = {
      title: "API study",
      clientName: "Harbour",
      category: "B2B",
      excerpt: "A.",
      body: "<p>How.</p>",
    };
    const earlier = new Date(study.updatedAt.getTime() - 60_000).toISOString();
    const refused = await owner.sendJson("PUT", `/api/work/${study.id}`, {
      ...studyFields,
      updatedAt: earlier,
    });
    expect(refused.status).toBe(409);
    const taken = await owner.sendJson("PUT", `/api/work/${study.id}`, {
      ...studyFields,
      updatedAt: study.updatedAt.toISOString(),
    });
    expect(taken.status).toBe(200);
  });
});

describe("a case study edited in two places", () => {
  it("refuses the save that began before the other one, as a post's (the editor's one save)", () => {
    const study = (title: string) =>
      CaseStudySchema.parse({
        title,
        clientName: "Harbour",
        category: "B2B",
        excerpt: "A portal.",
        body: "<p>How.</p>",
      });
    const made = saveCaseStudy(undefined, study("Harbour's quoting portal"));
    const opened = made.updatedAt.getTime();
    saveCaseStudy(made.id, study("Harbour's portal, edited"), {
      savedAt: opened,
      now: new Date(opened + 1000),
    });
    expect(() => saveCaseStudy(made.id, study("Harbour's portal, mine"), { savedAt: opened })).toThrow(
      EditedSince,
    );
  });
});
