// The checks while writing over HTTP against the built server: `GET /api/blog/{id}/checks` answers the
// problems of the post as saved ([{code, message, where}]) to staff only, and the admin's posts list
// filters to the posts with problems (?problems), counted at save.
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import type { RunningServer } from "../../../scripts/lib/start-server";
import { type SignedInForm, signedInStaff, staffAccount } from "../../setup/signed-in-form";

let server: RunningServer;
let owner: SignedInForm;
let contributor: SignedInForm;

beforeAll(async () => {
  const made = {
    owner: await staffAccount("checks-owner"),
    writer: await staffAccount("checks-writer", "contributor"),
  };
  const staff = await signedInStaff({ owner: made.owner.account, writer: made.writer.account });
  ({ server } = staff);
  owner = staff.as.owner;
  contributor = staff.as.writer;
}, 120_000);
afterAll(() => server?.stop());

const steady = "We fix the site each week. It is quick and good work for you.";
const post = (title: string, content: string) => ({
  title,
  excerpt:
    "How a Dublin bakery doubled its online orders after we rebuilt its shop and its local search pages.",
  content,
  coverImage: "/uploads/cover.jpg",
  coverAlt: "Fresh loaves on a counter",
  status: "draft",
});
const clean = `<h2>The start</h2><p>${Array(5).fill(steady).join(" ")}</p><p>${Array(5).fill(steady).join(" ")}</p>`;

describe("the checks while writing over HTTP", () => {
  it("answers each problem of the saved post, and none once fixed; staff only", async () => {
    const created = await owner.sendJson(
      "POST",
      "/api/blog",
      post(
        "Bakery orders doubled: the whole story",
        `<h2>A</h2><h4>B</h4><p><img src="/uploads/x.jpg"><a href="/nowhere">click here</a></p>`,
      ),
    );
    expect(created.status).toBe(201);
    const { id } = (await created.json()) as { id: string };

    const checks = await owner.get(`/api/blog/${id}/checks`);
    expect(checks.status).toBe(200);
    expect(checks.headers.get("cache-control")).toContain("no-store");
    const problems = (await checks.json()) as { code: string; message: string; where: string }[];
    expect(problems.map((p) => p.code)).toEqual([
      "heading-skip",
      "image-no-alt",
      "link-text-vague",
      "link-broken",
    ]);
    for (const problem of problems) expect(Object.keys(problem).sort()).toEqual(["code", "message", "where"]);
    expect(problems[3]).toMatchObject({
      message: expect.stringContaining("/nowhere"),
      where: 'Body, link "click here"',
    });

    // The posts list, filtered to posts with problems, names it; the whole list says how many have them.
    const filtered = await (await owner.get("/admin/posts?problems&view=cards")).text();
    expect(filtered).toContain("Bakery orders doubled: the whole story");
    expect(filtered).toContain("4 writing problems");
    expect(filtered).toContain("With problems (");
    expect(filtered).toContain(">Posts with problems<");

    expect(
      (await owner.sendJson("PUT", `/api/blog/${id}`, post("Bakery orders doubled: the whole story", clean)))
        .status,
    ).toBe(200);
    expect(await (await owner.get(`/api/blog/${id}/checks`)).json()).toEqual([]);
    expect(await (await owner.get("/admin/posts?problems&view=cards")).text()).not.toContain(
      "Bakery orders doubled: the whole story",
    );

    expect((await fetch(`${server.baseURL}/api/blog/${id}/checks`)).status).toBe(401);
    expect((await contributor.get(`/api/blog/${id}/checks`)).status).toBe(403);
  });

  it("answers a clear error for an unknown or hostile id and for a write, never a 500", async () => {
    for (const ref of [
      "no-such-post",
      "__proto__",
      "constructor",
      "%00",
      "x".repeat(4000),
      "..%2F..%2Fetc",
    ]) {
      const answer = await owner.get(`/api/blog/${ref}/checks`);
      expect([ref.slice(0, 20), answer.status]).toEqual([ref.slice(0, 20), 404]);
      expect(await answer.json()).toMatchObject({ error: "Post not found" });
    }
    const write = await owner.sendJson("POST", "/api/blog/anything/checks", {});
    expect([write.status, write.headers.get("allow")]).toEqual([405, "GET"]);
  });
});
