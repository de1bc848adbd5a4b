// The staff's GET /api/blog reads one page of posts, not every post with its body (up to 500 KB each)
// to keep a page of 50: a few thousand long posts would otherwise hold GBs per request.
import { beforeAll, expect, it, vi } from "vitest";

import { savePost } from "~/features/posts/posts.server";
import { loader } from "~/features/posts/routes/api-blog";

import { statementsRead } from "../../setup/statements-read";

vi.mock("~/features/staff/index.server", async (original) => ({
  ...(await original<Record<string, unknown>>()),
  getSessionUser: async () => ({ id: "owner", role: "owner" }),
}));

const made: string[] = [];
beforeAll(() => {
  for (let n = 0; n < 12; n++) {
    const post = savePost(undefined, {
      title: `Staff page ${n}`,
      excerpt: "A post.",
      content: "<p>Words.</p>",
      coverImage: null,
      videoUrl: null,
      tags: [],
      status: n % 3 ? "published" : "draft",
    });
    made.unshift(post.id);
  }
});

const staffPage = (query: string) =>
  loader({ request: new Request(`http://localhost/api/blog?${query}`) } as never) as Promise<Response>;

it("answers the asked page of every post, most recently changed first, with the total", async () => {
  const answer = await staffPage("page=2&limit=5");
  expect(answer.headers.get("X-Total-Count")).toBe("12");
  expect(((await answer.json()) as { id: string }[]).map((each) => each.id)).toEqual(made.slice(5, 10));
  const drafts = await staffPage("status=draft&limit=50");
  expect(drafts.headers.get("X-Total-Count")).toBe("4");
  expect(((await drafts.json()) as { status: string }[]).every((each) => each.status === "draft")).toBe(true);
});

it("reads from the database only the page it answers", async () => {
  const read = await statementsRead(() => staffPage("page=1&limit=2"));
  const bodies = read.filter((source) => /"content"/.test(source) && /from "posts"/.test(source));
  expect(bodies.length).toBeGreaterThan(0);
  for (const source of bodies) expect(source).toMatch(/\blimit\b/i);
});
