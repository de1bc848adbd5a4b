// The contributor role over HTTP against the built server: its rules hold through the editor's form (as
// a browser without JavaScript sends it) and through /api/blog alike, and an editor publishes what was
// submitted, which the admin home lists until then. The owner invites contributors.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { posts, staffInvites } from "#db/schema";
import { importPost } from "~/features/posts/index.server";
import { savePost } from "~/features/posts/posts.server";
import { createUser } from "~/features/staff/index.server";
import { getDb } from "~/platform/db.server";

import { adminSessionCookie, postForm, type RunningServer } from "../../../scripts/lib/start-server";
import { serveTestDatabase } from "../../setup/serve-test-database";

let server: RunningServer;
const cookies = { owner: "", editor: "", contributor: "" };
let editorsPostId = "";

const ACCOUNTS = {
  owner: { username: "orla", password: "owner-password-long" },
  editor: { username: "eoin", password: "editor-password-long" },
  contributor: { username: "ciara", password: "contributor-password" },
} as const;

beforeAll(async () => {
  await createUser(ACCOUNTS.owner.username, ACCOUNTS.owner.password, { name: "Orla Kane" });
  const editor = await createUser(ACCOUNTS.editor.username, ACCOUNTS.editor.password, { role: "editor" });
  await createUser(ACCOUNTS.contributor.username, ACCOUNTS.contributor.password, {
    role: "contributor",
    name: "Ciara Nolan",
  });
  editorsPostId = savePost(
    undefined,
    {
      title: "The editor's own draft",
      excerpt: "Not for contributors to change.",
      content: "<p>Words</p>",
      coverImage: null,
      videoUrl: null,
      tags: [],
      status: "draft",
    },
    { writer: editor },
  ).id;
  server = await serveTestDatabase();
  for (const who of ["owner", "editor", "contributor"] as const)
    cookies[who] = await adminSessionCookie(server.baseURL, ACCOUNTS[who]);
}, 120_000);
afterAll(() => server?.stop(), 30_000);

const api = (who: keyof typeof cookies, method: string, path: string, body?: unknown) =>
  fetch(`${server.baseURL}${path}`, {
    method,
    headers: { Cookie: cookies[who], Origin: server.baseURL, "Content-Type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });

const postByTitle = (title: string) => getDb().select().from(posts).where(eq(posts.title, title)).get();

const form = (title: string, intent: string, id?: string) => ({
  ...(id ? { id } : {}),
  title,
  excerpt: "A contributor's summary.",
  content: "<p>Draft words</p>",
  status: "draft",
  intent,
});

describe("a contributor through /api/blog", () => {
  it("creates drafts and submits them, and is refused publishing or another's post with 403 JSON", async () => {
    const published = await api("contributor", "POST", "/api/blog", {
      title: "API straight to live",
      excerpt: "No.",
      content: "<p>x</p>",
      status: "published",
    });
    expect(published.status).toBe(403);
    expect((await published.json()).error).toMatch(/submit the post for review/);
    expect(postByTitle("API straight to live")).toBeUndefined();

    const created = await api("contributor", "POST", "/api/blog", {
      title: "API draft for review",
      excerpt: "Please publish.",
      content: "<p>x</p>",
      submitForReview: true,
    });
    expect(created.status).toBe(201);
    expect(await created.json()).toMatchObject({ status: "draft", reviewRequestedAt: expect.any(String) });

    const takeover = await api("contributor", "PUT", `/api/blog/${editorsPostId}`, {
      title: "Taken over",
      excerpt: "No.",
      content: "<p>x</p>",
    });
    expect(takeover.status).toBe(403);
    expect(postByTitle("Taken over")).toBeUndefined();

    const badFlag = await api("contributor", "POST", "/api/blog", {
      title: "Odd flag",
      excerpt: "x",
      content: "<p>x</p>",
      submitForReview: "yes please",
    });
    expect(badFlag.status).toBe(400);
  });

  it("is refused the editors' APIs (case studies, revisions) and the owner's", async () => {
    expect((await api("contributor", "GET", "/api/work")).status).not.toBe(403);
    expect((await api("contributor", "POST", "/api/work", {})).status).toBe(403);
    expect((await api("contributor", "GET", `/api/blog/${editorsPostId}/revisions`)).status).toBe(403);
    expect((await api("contributor", "GET", "/api/analytics")).status).toBe(403);
  });
});

describe("a contributor in the admin", () => {
  it("saves a draft and submits it for review through the editor's form; Save & Publish is refused", async () => {
    const saved = await postForm(
      server.baseURL,
      "/admin/posts",
      cookies.contributor,
      form("Form draft", "save"),
    );
    expect(saved.status).toBe(302);
    const draft = postByTitle("Form draft")!;
    expect(draft).toMatchObject({ status: "draft", reviewRequestedAt: null });

    const publish = await postForm(
      server.baseURL,
      "/admin/posts",
      cookies.contributor,
      form("Form draft", "publish", draft.id),
    );
    expect(publish.status).toBe(403);
    expect(await publish.text()).toContain("submit the post for review");
    expect(postByTitle("Form draft")?.status).toBe("draft");

    const submit = await postForm(
      server.baseURL,
      "/admin/posts",
      cookies.contributor,
      form("Form draft", "submit-review", draft.id),
    );
    expect(submit.status).toBe(302);
    expect(postByTitle("Form draft")?.reviewRequestedAt).toBeInstanceOf(Date);

    // What the contributor reads after submitting (without JavaScript, the notice; with it, the toast):
    // waiting for review, not "Post created" beside the address as if it were live.
    const after = (
      await (
        await fetch(`${server.baseURL}${submit.headers.get("location")}`, {
          headers: { Cookie: cookies.contributor },
        })
      ).text()
    ).replaceAll("<!-- -->", "");
    expect(after).toMatch(/<p role="status"[^>]*>Saved and waiting for review \(not on the site yet\):/);
    expect(after).not.toContain("Post created");
    expect(after).not.toContain("Post updated");
  });

  it("shows Submit for review instead of publishing, and refuses another's post and the editors' screens", async () => {
    const page = await fetch(`${server.baseURL}/admin/posts?new`, {
      headers: { Cookie: cookies.contributor },
    });
    const html = await page.text();
    expect(html).toContain("Submit for review");
    expect(html).toContain("Save draft");
    expect(html).not.toContain("Create Post");
    expect(html).not.toContain("Save &amp; Publish");
    expect(html).not.toContain('value="published"');

    const others = await fetch(`${server.baseURL}/admin/posts?edit=${editorsPostId}`, {
      headers: { Cookie: cookies.contributor },
    });
    expect(others.status).toBe(403);
    expect(await others.text()).toContain("someone else");

    // A contributor cannot schedule: their home does not count what is scheduled.
    const home = await (
      await fetch(`${server.baseURL}/admin`, { headers: { Cookie: cookies.contributor } })
    ).text();
    const words = home.replaceAll("<!-- -->", "");
    expect(words).toMatch(/\d+ drafts?</);
    expect(words).not.toMatch(/\d+ scheduled/);

    for (const path of ["/admin/case-studies", "/admin/media", `/admin/posts/${editorsPostId}/revisions`]) {
      const refused = await fetch(`${server.baseURL}${path}`, { headers: { Cookie: cookies.contributor } });
      expect(refused.status, path).toBe(403);
      expect(await refused.text(), path).toContain("an editor or the owner does this");
    }
  });

  it("lists the submitted post on an editor's home, and an editor publishes it", async () => {
    const home = await (
      await fetch(`${server.baseURL}/admin`, { headers: { Cookie: cookies.editor } })
    ).text();
    expect(home).toContain("Waiting for review");
    expect(home).toContain("Form draft");
    expect(home).toContain("by Ciara Nolan");

    const id = postByTitle("Form draft")!.id;
    const published = await postForm(
      server.baseURL,
      "/admin/posts",
      cookies.editor,
      // As it is: its problems open, the ask answered (tests/integration/editor/publish-ask-http).
      { ...form("Form draft", "publish", id), publishAsItIs: "yes" },
    );
    expect(published.status).toBe(302);
    expect(postByTitle("Form draft")).toMatchObject({ status: "published", reviewRequestedAt: null });
    const after = await (
      await fetch(`${server.baseURL}/admin`, { headers: { Cookie: cookies.editor } })
    ).text();
    expect(after).not.toContain("Form draft");

    // Its revisions screen: saved by the editor, while the preview's byline is the post's (its author).
    const revisions = await fetch(`${server.baseURL}/admin/posts/${id}/revisions`, {
      headers: { Cookie: cookies.editor },
    });
    const screen = await revisions.text();
    expect(revisions.status).toBe(200);
    expect(screen).toMatch(/by (<!-- -->)?eoin/);
    expect(screen).toContain("Ciara Nolan");
  });
});

describe("a moved-in post's revisions", () => {
  it("say of the oldest that it is the post as it was before its first edit here", async () => {
    // Once the oldest had no line at all where the others say who saved them.
    const { id } = importPost({
      title: "Brought from the old site",
      slug: "brought-from-the-old-site",
      excerpt: "As it was there.",
      content: "<p>Old words</p>",
      coverImage: null,
      coverAlt: null,
      tags: [],
      status: "published",
      seoTitle: null,
      seoDescription: null,
      date: new Date("2024-05-06T09:00:00Z"),
      authorId: null,
    });
    const saved = await postForm(
      server.baseURL,
      "/admin/posts",
      cookies.editor,
      // Saved as it is, published (a revision is kept for each save of a published post).
      { ...form("Brought from the old site", "save", id), status: "published", publishAsItIs: "yes" },
    );
    expect(saved.status).toBeLessThan(400);
    const screen = await (
      await fetch(`${server.baseURL}/admin/posts/${id}/revisions`, { headers: { Cookie: cookies.editor } })
    ).text();
    expect(screen).toContain("as it was before its first edit here");
    expect(screen).toMatch(/by (<!-- -->)?eoin/);
  });
});

describe("inviting a contributor", () => {
  it("lets the owner give the role by invitation", async () => {
    const answer = await postForm(server.baseURL, "/admin/staff", cookies.owner, {
      intent: "invite",
      name: "Colm Ryan",
      email: "colm@example.ie",
      role: "contributor",
    });
    expect(answer.status).toBeLessThan(500);
    expect(
      getDb().select().from(staffInvites).where(eq(staffInvites.email, "colm@example.ie")).get()?.role,
    ).toBe("contributor");
  });
});
