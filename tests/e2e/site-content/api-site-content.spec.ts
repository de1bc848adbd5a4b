import { type APIRequestContext, type APIResponse, expect, test } from "@playwright/test";

import { E2E_ADMIN } from "../../../scripts/lib/start-server";
import { unique } from "../support/unique";

/**
 * The JSON API of the site's content: case studies, team, testimonials and the agency's
 * facts. Reads are public (published items only); writes are the admin's, checked like the posts API.
 */

const json = { "Content-Type": "application/json" };

async function login(request: APIRequestContext) {
  expect((await request.post("/api/auth/login", { data: E2E_ADMIN })).status()).toBe(200);
}

const pathsOf = async (response: APIResponse) =>
  (((await response.json()) as { issues?: { path: string }[] }).issues ?? []).map((i) => i.path);

const idsOf = async (response: APIResponse) =>
  ((await response.json()) as { id: string }[]).map((item) => item.id);

const newCaseStudy = (id: string, over: Record<string, unknown> = {}) => ({
  title: `API case study ${id}`,
  clientName: "Harbour Bakery",
  category: "SEO",
  excerpt: "Made through the API.",
  challenge: "Nobody found them.",
  body: "<p>We fixed that.</p><script>alert(1)</script>",
  outcome: "Everybody did.",
  metrics: [{ value: "+40%", label: "Orders" }],
  tags: ["API"],
  credits: ["SEO"],
  status: "draft",
  ...over,
});

const newMember = (id: string, over: Record<string, unknown> = {}) => ({
  name: `Aoife ${id}`,
  role: "Strategist",
  bio: "Joined through the API.",
  highlights: ["Ten years of search"],
  status: "draft",
  ...over,
});

const newTestimonial = (id: string, over: Record<string, unknown> = {}) => ({
  quote: `They doubled our bookings (${id}).`,
  name: "Niamh Byrne",
  role: "Owner",
  company: "Harbour Bakery",
  status: "published",
  ...over,
});

test.describe("the site-content API", () => {
  test("reads are public and published-only; writes need a session; other methods are 405", async ({
    request,
  }) => {
    for (const path of ["/api/work", "/api/team", "/api/testimonials"]) {
      const response = await request.get(path);
      expect(response.status(), path).toBe(200);
      const items = (await response.json()) as Record<string, unknown>[];
      expect(items.length, path).toBeGreaterThan(0);
      expect(
        items.every((item) => item.status === "published"),
        path,
      ).toBe(true);
    }
    const work = (await (await request.get("/api/work")).json()) as Record<string, unknown>[];
    expect(work[0]).not.toHaveProperty("legacyMarkdown");
    expect((await request.get(`/api/work/${work[0]!.id as string}`)).status()).toBe(200);
    expect((await request.get(`/api/work/${work[0]!.slug as string}`)).status()).toBe(200);
    expect((await request.get("/api/work/no-such-study")).status()).toBe(404);
    const settings = await request.get("/api/settings");
    expect(settings.status()).toBe(200);
    expect(await settings.json()).toMatchObject({ name: expect.any(String), phone: expect.any(String) });

    const writes: [string, string][] = [
      ["POST", "/api/work"],
      ["PUT", `/api/work/${work[0]!.id as string}`],
      ["POST", "/api/team"],
      ["PUT", "/api/team/some-id"],
      ["POST", "/api/testimonials"],
      ["PUT", "/api/testimonials/some-id"],
      ["PUT", "/api/settings"],
    ];
    for (const [method, path] of writes) {
      const response = await request.fetch(path, { method, data: { name: "x" } });
      expect(response.status(), `${method} ${path}`).toBe(401);
    }

    const wrong: [string, string, string][] = [
      ["DELETE", "/api/work", "GET, POST"],
      ["DELETE", `/api/work/${work[0]!.id as string}`, "GET, PUT"],
      ["PUT", "/api/team", "GET, POST"],
      ["DELETE", "/api/team/some-id", "GET, PUT"],
      ["PATCH", "/api/testimonials", "GET, POST"],
      ["POST", "/api/testimonials/some-id", "GET, PUT"],
      ["POST", "/api/settings", "GET, PUT, DELETE"],
    ];
    for (const [method, path, allow] of wrong) {
      const response = await request.fetch(path, { method, data: {} });
      expect(response.status(), `${method} ${path}`).toBe(405);
      expect(response.headers()["allow"], `${method} ${path}`).toBe(allow);
    }
  });
});

test.describe("the site-content write API @mutates", () => {
  test("case studies: drafts stay hidden, publishing shows them, bad input is 400, a taken address 409", async ({
    request,
    playwright,
    baseURL,
  }) => {
    await login(request);
    const visitor = await playwright.request.newContext({ baseURL });
    const id = unique();

    const created = await request.post("/api/work", { data: newCaseStudy(id) });
    expect(created.status()).toBe(201);
    const study = await created.json();
    expect(study).toMatchObject({
      slug: `api-case-study-${id}`,
      status: "draft",
      body: "<p>We fixed that.</p>",
      metrics: [{ value: "+40%", label: "Orders" }],
    });
    expect(study).not.toHaveProperty("legacyMarkdown");
    expect(await idsOf(await request.get("/api/work"))).toContain(study.id);
    expect(await idsOf(await visitor.get("/api/work"))).not.toContain(study.id);
    expect((await visitor.get(`/api/work/${study.id}`)).status()).toBe(404);
    expect((await request.get(`/api/work/${study.id}`)).status()).toBe(200);

    const published = await request.put(`/api/work/${study.id}`, {
      data: newCaseStudy(id, { status: "published" }),
    });
    expect(published.status()).toBe(200);
    expect(await published.json()).toMatchObject({ id: study.id, status: "published" });
    expect(await idsOf(await visitor.get("/api/work"))).toContain(study.id);
    const page = await visitor.get(`/work/api-case-study-${id}`);
    expect(page.status()).toBe(200);
    expect(await page.text()).toContain(`API case study ${id}`);

    const taken = await request.post("/api/work", {
      data: newCaseStudy(unique(), { slug: `api-case-study-${id}` }),
    });
    expect(taken.status()).toBe(409);
    expect(await pathsOf(taken)).toEqual(["slug"]);

    const invalid = await request.post("/api/work", {
      data: { title: "", clientName: 5, category: "SEO", excerpt: "x", metrics: "lots" },
    });
    expect(invalid.status()).toBe(400);
    expect(await pathsOf(invalid)).toEqual(expect.arrayContaining(["title", "clientName", "metrics"]));
    const unknownQuote = await request.post("/api/work", {
      data: newCaseStudy(unique(), { testimonialId: "no-such-testimonial" }),
    });
    expect(unknownQuote.status()).toBe(400);
    expect(await pathsOf(unknownQuote)).toEqual(["testimonialId"]);
    expect((await request.post("/api/work", { headers: json, data: "{not json" })).status()).toBe(400);
    expect((await request.post("/api/work", { headers: json, data: "[1, 2]" })).status()).toBe(400);
    const huge = await request.post("/api/work", {
      data: newCaseStudy(unique(), { body: `<p>${"x".repeat(700 * 1024)}</p>` }),
    });
    expect(huge.status()).toBe(413);
    const missing = await request.put("/api/work/no-such-id", { data: newCaseStudy(unique()) });
    expect(missing.status()).toBe(404);
    expect(await missing.json()).toEqual({ error: "Case study not found" });
    await visitor.dispose();
  });

  test("team members and testimonials: hidden until published, replaced by PUT, 400 and 404", async ({
    request,
    playwright,
    baseURL,
  }) => {
    await login(request);
    const visitor = await playwright.request.newContext({ baseURL });
    const id = unique();

    const member = await request.post("/api/team", { data: newMember(id) });
    expect(member.status()).toBe(201);
    const { id: memberId } = await member.json();
    expect(await idsOf(await request.get("/api/team"))).toContain(memberId);
    expect(await idsOf(await visitor.get("/api/team"))).not.toContain(memberId);
    expect((await visitor.get(`/api/team/${memberId}`)).status()).toBe(404);
    const shown = await request.put(`/api/team/${memberId}`, {
      data: newMember(id, { role: "Head of Search", status: "published" }),
    });
    expect(shown.status()).toBe(200);
    expect(await shown.json()).toMatchObject({
      id: memberId,
      role: "Head of Search",
      bio: "Joined through the API.",
    });
    expect(await idsOf(await visitor.get("/api/team"))).toContain(memberId);
    expect(await (await visitor.get("/about")).text()).toContain(`Aoife ${id}`);

    const quote = await request.post("/api/testimonials", { data: newTestimonial(id) });
    expect(quote.status()).toBe(201);
    const { id: quoteId } = await quote.json();
    expect(await idsOf(await visitor.get("/api/testimonials"))).toContain(quoteId);
    const hidden = await request.put(`/api/testimonials/${quoteId}`, {
      data: newTestimonial(id, { status: "draft" }),
    });
    expect(hidden.status()).toBe(200);
    expect(await idsOf(await visitor.get("/api/testimonials"))).not.toContain(quoteId);
    expect((await request.get(`/api/testimonials/${quoteId}`)).status()).toBe(200);

    const badMember = await request.post("/api/team", { data: { name: "", role: ["x"], highlights: 3 } });
    expect(badMember.status()).toBe(400);
    expect(await pathsOf(badMember)).toEqual(expect.arrayContaining(["name", "role", "highlights"]));
    const badQuote = await request.put(`/api/testimonials/${quoteId}`, {
      data: newTestimonial(id, { quote: "", image: "https://elsewhere.example/face.png" }),
    });
    expect(badQuote.status()).toBe(400);
    expect(await pathsOf(badQuote)).toEqual(expect.arrayContaining(["quote", "image"]));
    expect((await request.post("/api/testimonials", { headers: json, data: '{"quote":' })).status()).toBe(
      400,
    );
    expect((await request.put("/api/team/no-such-id", { data: newMember(id) })).status()).toBe(404);
    expect((await request.put("/api/testimonials/no-such-id", { data: newTestimonial(id) })).status()).toBe(
      404,
    );

    // Leave the site's pages as they were.
    expect((await request.put(`/api/team/${memberId}`, { data: newMember(id) })).status()).toBe(200);
    await visitor.dispose();
  });

  test("settings: a new phone number shows on the contact page; bad fields are 400", async ({
    request,
    playwright,
    baseURL,
  }) => {
    await login(request);
    const visitor = await playwright.request.newContext({ baseURL });
    // The visitor's answer is kept by the page cache: the PUT must replace it.
    const before = (await (await visitor.get("/api/settings")).json()) as Record<string, unknown>;
    expect(await (await request.get("/api/settings")).json()).toEqual(before);
    const phone = `+353 1 ${String(Date.now()).slice(-7, -4)} ${String(Date.now()).slice(-4)}`;
    try {
      const saved = await request.put("/api/settings", { data: { ...before, phone } });
      expect(saved.status()).toBe(200);
      expect(await saved.json()).toEqual({ ...before, phone });
      expect(await (await visitor.get("/api/settings")).json()).toMatchObject({ phone });
      expect(await (await visitor.get("/contact")).text()).toContain(phone);

      const bad = await request.put("/api/settings", {
        data: { ...before, email: "not an address", latitude: "north", name: undefined },
      });
      expect(bad.status()).toBe(400);
      expect(await pathsOf(bad)).toEqual(expect.arrayContaining(["email", "latitude", "name"]));
      expect((await request.put("/api/settings", { headers: json, data: "nope" })).status()).toBe(400);
      expect(await (await visitor.get("/api/settings")).json()).toMatchObject({ phone });
    } finally {
      expect((await request.put("/api/settings", { data: before })).status()).toBe(200);
      await visitor.dispose();
    }
  });
});
