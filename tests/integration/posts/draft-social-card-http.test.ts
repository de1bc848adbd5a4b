// A draft's social card, drawn on demand for the editor's preview (GET /admin/posts/{id}/social-card),
// against the built server on this file's own database: who may see it, hostile ids, the cache, the
// bound on drawing, and that nothing of a draft reaches the public uploads.
import { existsSync, readdirSync } from "node:fs";
import path from "node:path";

import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { savePost } from "~/features/posts/posts.server";
import { tasksSettled } from "~/platform/tasks.server";

import { type RunningServer, startUpDone } from "../../../scripts/lib/start-server";
import { type SignedInForm, signedInStaff, staffAccount } from "../../setup/signed-in-form";

let server: RunningServer;
let as: Record<"owner" | "contributor", SignedInForm>;
const ids = { owners: "", contributors: "", others: [] as string[], drawnMeanwhile: "" };

beforeAll(async () => {
  const { user: owner, account: ownerAccount } = await staffAccount("draft-card-owner");
  const { user: contributor, account: contributorAccount } = await staffAccount(
    "draft-card-contributor",
    "contributor",
  );
  const draft = (title: string, writer: typeof owner) =>
    savePost(
      undefined,
      {
        title,
        excerpt: "An excerpt.",
        content: "<p>Words</p>",
        coverImage: null,
        videoUrl: null,
        tags: ["Cards"],
        status: "draft",
      },
      { writer },
    ).id;
  ids.owners = draft("The owner's unpublished thoughts", owner);
  ids.contributors = draft("A contributor's first draft", contributor);
  ids.others = [1, 2, 3].map((n) => draft(`Draft number ${n} of many`, owner));
  ids.drawnMeanwhile = draft("A draft drawn while another is shown", owner);
  // The drafts' covers are drawn in the background: a card asked for while one lands would show the
  // cover and change its name between two requests. Drawn here first, and the server's start-up work done.
  await tasksSettled();
  ({ server, as } = await signedInStaff({ owner: ownerAccount, contributor: contributorAccount }));
  await startUpDone(server.baseURL);
}, 120_000);
afterAll(() => server?.stop(), 30_000);

const card = (id: string, who?: keyof typeof as, headers: Record<string, string> = {}) => {
  const path = `/admin/posts/${encodeURIComponent(id)}/social-card`;
  return who
    ? as[who].get(path, headers)
    : fetch(`${server.baseURL}${path}`, { headers, redirect: "manual" });
};

const editorPage = async (id: string) => (await as.owner.get(`/admin/posts?edit=${id}`)).text();

/** The social card's address the preview shows (the one image under "Social card"). */
const previewImage = (html: string) => {
  const figure = html.slice(html.indexOf(">Social card</figcaption>"));
  return /<img[^>]*src="([^"]+)"/.exec(figure)?.[1]?.replaceAll("&amp;", "&");
};

describe("a draft's social card in the editor", () => {
  it("is the card drawn for its saved version, named by what it shows, and follows a save", async () => {
    const shown = previewImage(await editorPage(ids.owners));
    expect(shown).toMatch(new RegExp(`^/admin/posts/${ids.owners}/social-card\\?v=[0-9a-f]{16}$`));
    const answer = await as.owner.get(shown!);
    expect(answer.status).toBe(200);
    expect(answer.headers.get("content-type")).toBe("image/jpeg");
    expect(answer.headers.get("cache-control")).toMatch(/^private, max-age=/);
    const jpeg = Buffer.from(await answer.arrayBuffer());
    expect(jpeg.subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]));

    // Asked again with the card's name: not drawn again.
    const again = await card(ids.owners, "owner", { "If-None-Match": answer.headers.get("etag")! });
    expect(again.status).toBe(304);

    const saved = await as.owner.sendJson("PUT", `/api/blog/${ids.owners}`, {
      title: "The owner's thoughts, retitled",
      excerpt: "An excerpt.",
      content: "<p>Words</p>",
      tags: ["Cards"],
      status: "draft",
    });
    expect(saved.status).toBe(200);
    const after = previewImage(await editorPage(ids.owners));
    expect(after).not.toBe(shown);
    const redrawn = await card(ids.owners, "owner", { "If-None-Match": answer.headers.get("etag")! });
    expect(redrawn.status).toBe(200);
    expect(Buffer.from(await redrawn.arrayBuffer()).equals(jpeg)).toBe(false);
  });

  it("is never written among the public uploads", () => {
    const cards = path.join(server.uploadsDir, "cards");
    const names = existsSync(cards) ? readdirSync(cards) : [];
    expect(names.filter((name) => name.includes(ids.owners) || name.includes(ids.contributors))).toEqual([]);
  });

  it("is staff's only: signed out 401 or the sign-in page; a contributor sees only their own", async () => {
    const anonymous = await card(ids.owners);
    expect([302, 303, 401]).toContain(anonymous.status);
    expect(anonymous.headers.get("content-type")).not.toBe("image/jpeg");
    expect((await card(ids.owners, "contributor")).status).toBe(403);
    const own = await card(ids.contributors, "contributor");
    expect(own.status).toBe(200);
    expect(own.headers.get("content-type")).toBe("image/jpeg");
  });

  it("answers 404 for an unknown or prototype-named post, never an error", async () => {
    for (const id of [
      "__proto__",
      "constructor",
      "toString",
      "hasOwnProperty",
      "no-such-post",
      "%00",
      "a".repeat(500),
    ])
      expect((await card(id, "owner")).status, id).toBe(404);
  });

  it("gives a card already drawn at once, even while the same person's next one is being drawn", async () => {
    expect((await card(ids.owners, "owner")).status).toBe(200);
    const [drawn, kept] = await Promise.all([card(ids.drawnMeanwhile, "owner"), card(ids.owners, "owner")]);
    expect(drawn.status).toBe(200);
    expect(kept.status).toBe(200);
    expect(kept.headers.get("content-type")).toBe("image/jpeg");
  });

  it("draws one card at a time for each member of staff: more at once are asked to come back", async () => {
    const answers = await Promise.all(ids.others.map((id) => card(id, "owner")));
    const statuses = answers.map((answer) => answer.status);
    expect(
      statuses.every((status) => status === 200 || status === 429),
      String(statuses),
    ).toBe(true);
    expect(statuses).toContain(200);
    expect(statuses).toContain(429);
    for (const answer of answers.filter((a) => a.status === 429))
      expect(Number(answer.headers.get("retry-after"))).toBeGreaterThan(0);
    // Asked again one by one, each is drawn.
    for (const id of ids.others) expect((await card(id, "owner")).status, id).toBe(200);
    const health = await fetch(`${server.baseURL}/healthz`);
    expect(health.status).toBe(200);
  });
});
