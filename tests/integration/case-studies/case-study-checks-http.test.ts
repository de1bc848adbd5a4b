// The checks while writing on case studies over HTTP against the built server: `GET /api/work/{id}/checks`
// answers the problems of the study as saved ([{code, message, where}], as the posts' do) to staff only,
// the case studies list filters to those with problems (?problems), counted at save, and the editor
// names the problems only the server can find (a link to a page that does not exist) without JavaScript.
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import type { RunningServer } from "../../../scripts/lib/start-server";
import { type SignedInForm, signedInStaff, staffAccount } from "../../setup/signed-in-form";

let server: RunningServer;
let owner: SignedInForm;
let contributor: SignedInForm;

beforeAll(async () => {
  const made = {
    owner: await staffAccount("study-checks-owner"),
    writer: await staffAccount("study-checks-writer", "contributor"),
  };
  const staff = await signedInStaff({ owner: made.owner.account, writer: made.writer.account });
  ({ server } = staff);
  owner = staff.as.owner;
  contributor = staff.as.writer;
}, 120_000);
afterAll(() => server?.stop());

const steady = "We fix the site each week. It is quick and good work for you.";
const study = (body: string) => ({
  title: "Harbour Bakery doubled its orders online",
  clientName: "Harbour Bakery",
  category: "Ecommerce",
  excerpt:
    "How a Dublin bakery doubled its online orders after we rebuilt its shop and its local search pages.",
  body,
  coverImage: "/uploads/cover.jpg",
  coverAlt: "Fresh loaves on a counter",
  status: "draft",
});
const clean = `<h2>The start</h2><p>${Array(5).fill(steady).join(" ")}</p><p>${Array(5).fill(steady).join(" ")}</p>`;

describe("a case study's checks over HTTP", () => {
  it("answers each problem of the saved study, and none once fixed; staff only", async () => {
    const created = await owner.sendJson(
      "POST",
      "/api/work",
      study(`<h2>A</h2><h4>B</h4><p><img src="/uploads/x.jpg"><a href="/nowhere">click here</a></p>`),
    );
    expect(created.status).toBe(201);
    const { id } = (await created.json()) as { id: string };

    const checks = await owner.get(`/api/work/${id}/checks`);
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

    const filtered = await (await owner.get("/admin/case-studies?problems")).text();
    expect(filtered).toContain("Harbour Bakery doubled its orders online");
    expect(filtered).toContain("With problems (");
    // The editor, rendered on the server (no JavaScript), lists the problems with their count.
    const editor = await (await owner.get(`/admin/case-studies?edit=${id}`)).text();
    expect(editor).toContain("/nowhere");
    expect(editor).toMatch(/Checks <span[^>]*>\((<!-- -->)?4/);

    expect((await owner.sendJson("PUT", `/api/work/${id}`, study(clean))).status).toBe(200);
    expect(await (await owner.get(`/api/work/${id}/checks`)).json()).toEqual([]);
    expect(await (await owner.get("/admin/case-studies?problems")).text()).not.toContain(
      "Harbour Bakery doubled its orders online",
    );

    expect((await fetch(`${server.baseURL}/api/work/${id}/checks`)).status).toBe(401);
    expect((await contributor.get(`/api/work/${id}/checks`)).status).toBe(403);
  });

  it("answers a clear error for an unknown or hostile id and for a write, never a 500", async () => {
    for (const ref of [
      "no-such-study",
      "__proto__",
      "constructor",
      "%00",
      "x".repeat(4000),
      "..%2F..%2Fetc",
    ]) {
      const answer = await owner.get(`/api/work/${ref}/checks`);
      expect([ref.slice(0, 20), answer.status]).toEqual([ref.slice(0, 20), 404]);
      expect(await answer.json()).toMatchObject({ error: "Case study not found" });
    }
    const write = await owner.sendJson("POST", "/api/work/anything/checks", {});
    expect([write.status, write.headers.get("allow")]).toEqual([405, "GET"]);
  });
});
