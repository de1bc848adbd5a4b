// The editor's social preview shows the card the post's page names for sharing (its og:image), for a
// live or scheduled post, and follows a save. Against the built server, on this file's own database.
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { savePost } from "~/features/posts/posts.server";

import type { RunningServer } from "../../../scripts/lib/start-server";
import { type SignedInForm, signedInStaff, staffAccount } from "../../setup/signed-in-form";

let server: RunningServer;
let owner: SignedInForm;
const ids = { draft: "", live: "" };
let liveSlug = "";

beforeAll(async () => {
  const { user: writer, account } = await staffAccount("card-owner");
  const post = (title: string, status: "draft" | "published") =>
    savePost(
      undefined,
      {
        title,
        excerpt: "An excerpt.",
        content: "<p>Words</p>",
        coverImage: null,
        videoUrl: null,
        tags: ["Cards"],
        status,
      },
      { writer },
    );
  ids.draft = post("A draft that goes live", "draft").id;
  const live = post("A live post with its own card", "published");
  ids.live = live.id;
  liveSlug = live.slug;
  ({
    server,
    as: { owner },
  } = await signedInStaff({ owner: account }));
}, 120_000);
afterAll(() => server?.stop(), 30_000);

const editorPage = async (id: string) => (await owner.get(`/admin/posts?edit=${id}`)).text();

/** The social card's address the preview shows (the one image under "Social card"). */
const previewImage = (html: string) => {
  const figure = html.slice(html.indexOf(">Social card</figcaption>"));
  return /<img[^>]*src="([^"]+)"/.exec(figure)?.[1];
};

describe("the editor's social preview", () => {
  it("shows the image the live post's page names as og:image", async () => {
    const page = await (await fetch(`${server.baseURL}/blog/${liveSlug}`)).text();
    const shared = /<meta property="og:image" content="([^"]+)"/.exec(page)?.[1];
    expect(shared).toBeDefined();
    expect(previewImage(await editorPage(ids.live))).toBe(new URL(shared!).pathname);
  });

  it("follows a save: a post scheduled shows the card it will share, drawn a moment later", async () => {
    const before = previewImage(await editorPage(ids.draft));
    const saved = await owner.sendJson("PUT", `/api/blog/${ids.draft}`, {
      title: "Going live next week",
      excerpt: "An excerpt.",
      content: "<p>Words</p>",
      tags: ["Cards"],
      status: "scheduled",
      publishAt: new Date(Date.now() + 7 * 86_400_000).toISOString(),
    });
    expect(saved.status).toBe(200);
    const shown = previewImage(await editorPage(ids.draft));
    expect(shown).toMatch(/^\/uploads\/[^/]+\/.+\.jpg$/);
    expect(shown).not.toBe(before);
    await expect
      .poll(async () => (await fetch(`${server.baseURL}${shown}`)).status, { timeout: 60_000, interval: 500 })
      .toBe(200);
  });
});
