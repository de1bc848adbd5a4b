// A page's count of problems (the Pages list's filter) checks its links when the page is saved: a post
// it links to that then left the site, moved, or went live kept the count as it was. Now such a change
// has every page counted again by the background count.
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";

import { posts } from "#db/schema";
import {
  checkUncheckedPages,
  countPageProblemsWith,
  getPage,
  markPagesUncounted,
  savePageDraft,
  storedPageChecks,
} from "~/features/pages/index.server";
import { postAddressesChangedWith, type PostDraft, savePost } from "~/features/posts/index.server";
import { unpublishDuePosts } from "~/features/posts/post-schedule.server";
import { seedDatabase } from "~/features/seed/index.server";
import { createUser } from "~/features/staff/index.server";
import { getDb } from "~/platform/db.server";

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a test reaches into JSON of any shape
type Loose = Record<string, any>;

let owner: { id: string; role: "owner" };
let postId = "";

const problemsOfHome = () => getPage("home", { staff: true }).problems;
/** The background count, run until it has no page left (as the `writing-checks` task does, in slices). */
const countInBackground = () => {
  for (let run = 0; run < 100 && checkUncheckedPages(); run++);
};
const linked: PostDraft = {
  title: "Where the home page points",
  slug: "where-home-points",
  excerpt: "A post the home page links to.",
  content: "<p>Words.</p>",
  coverImage: null,
  videoUrl: null,
  tags: [],
  status: "published",
};
const saveLinked = (changes: Partial<PostDraft>) => savePost(postId, { ...linked, ...changes });

beforeAll(async () => {
  // As the start connects them.
  countPageProblemsWith(storedPageChecks);
  postAddressesChangedWith(markPagesUncounted);
  seedDatabase(getDb());
  owner = { id: (await createUser("address-owner", "a-long-enough-password")).id, role: "owner" };
  postId = savePost(undefined, linked).id;
  const home = structuredClone(getPage("home", { staff: true }).published) as Loose;
  savePageDraft(
    "home",
    {
      ...home,
      meta: {
        title: "Northwall Digital: a marketing agency in Dublin",
        description: "y ".repeat(50).trim(),
      },
      hero: { ...home.hero, actions: [{ label: "Read the post", to: "/blog/where-home-points" }] },
    },
    owner,
  );
  countInBackground();
});

describe("a page linking to a post", () => {
  it("is counted again when the post leaves the site, and again when it is back", () => {
    expect(problemsOfHome()).toBe(0);
    saveLinked({ status: "draft" });
    expect(problemsOfHome()).toBeNull();
    countInBackground();
    expect(problemsOfHome()).toBe(1);
    saveLinked({});
    expect(problemsOfHome()).toBeNull();
    countInBackground();
    expect(problemsOfHome()).toBe(0);
  });

  it("is counted again when the post moves, not when only its words change", () => {
    saveLinked({ title: "Where the home page points, again" });
    expect(problemsOfHome()).toBe(0);
    saveLinked({ slug: "moved-elsewhere" });
    expect(problemsOfHome()).toBeNull();
    countInBackground();
    expect(problemsOfHome()).toBe(1);
    saveLinked({});
    countInBackground();
    expect(problemsOfHome()).toBe(0);
  });

  it("is counted again when the post ends on its own", () => {
    getDb()
      .update(posts)
      .set({ unpublishAt: new Date(Date.now() - 60_000) })
      .where(eq(posts.id, postId))
      .run();
    expect(unpublishDuePosts().map((post) => post.id)).toEqual([postId]);
    expect(problemsOfHome()).toBeNull();
    countInBackground();
    expect(problemsOfHome()).toBe(1);
  });
});
