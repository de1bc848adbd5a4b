import { describe, expect, it } from "vitest";

import { domainErrorForForm, domainErrorResponse } from "~/platform/http/domain-errors.server";
import {
  ConflictError,
  FieldError,
  LoginError,
  NotFoundError,
  UploadError,
} from "~/platform/http/errors.server";

const answer = async (response: Response) => ({
  status: response.status,
  retryAfter: response.headers.get("retry-after"),
  body: await response.json(),
});

const thrown = (fn: () => unknown) => {
  try {
    fn();
  } catch (error) {
    return error;
  }
  throw new Error("nothing was thrown");
};

describe("domainErrorResponse (the /api answer)", () => {
  it("gives each domain error its status and message", async () => {
    expect(await answer(domainErrorResponse(new FieldError("title", "Needs a letter")))).toEqual({
      status: 400,
      retryAfter: null,
      body: { error: "Needs a letter", issues: [{ path: "title", message: "Needs a letter" }] },
    });
    expect(await answer(domainErrorResponse(new ConflictError("Taken", "slug")))).toEqual({
      status: 409,
      retryAfter: null,
      body: { error: "Taken" },
    });
    expect((await answer(domainErrorResponse(new NotFoundError("Post not found")))).body).toEqual({
      error: "Post not found",
    });
    expect((await answer(domainErrorResponse(new UploadError(415, "Wrong type")))).status).toBe(415);
    expect((await answer(domainErrorResponse(new LoginError("Wrong", 401)))).status).toBe(401);
  });

  it("answers a throttled sign-in with 429 and Retry-After, keeping the route's own headers", async () => {
    const response = domainErrorResponse(new LoginError("Too many", 429, 120), {
      "Cache-Control": "private, no-store",
    });
    expect(await answer(response)).toEqual({ status: 429, retryAfter: "120", body: { error: "Too many" } });
    expect(response.headers.get("cache-control")).toBe("private, no-store");
  });

  it("answers a busy server's upload refusal with 503 and Retry-After", async () => {
    const busy = new UploadError(503, "Busy: try again in a minute", { retryAfterSeconds: 30 });
    expect(await answer(domainErrorResponse(busy))).toEqual({
      status: 503,
      retryAfter: "30",
      body: { error: "Busy: try again in a minute" },
    });
  });

  it("rethrows anything else", () => {
    const bug = new TypeError("bug");
    expect(thrown(() => domainErrorResponse(bug))).toBe(bug);
    const redirect = new Response(null, { status: 302 });
    expect(thrown(() => domainErrorResponse(redirect))).toBe(redirect);
  });
});

describe("domainErrorForForm (a page's form)", () => {
  it("puts an error beside its own field, or the given one, or on the whole form", () => {
    expect(domainErrorForForm(new FieldError("title", "Needs a letter"))).toEqual({
      status: 400,
      headers: {},
      fieldErrors: { title: ["Needs a letter"] },
      formErrors: [],
    });
    expect(domainErrorForForm(new ConflictError("Taken"), { field: "title" })).toMatchObject({
      status: 409,
      fieldErrors: { title: ["Taken"] },
    });
    expect(domainErrorForForm(new ConflictError("Taken", "slug"), { field: "title" }).fieldErrors).toEqual({
      slug: ["Taken"],
    });
    expect(domainErrorForForm(new UploadError(413, "Too big"), { field: "coverImage" })).toMatchObject({
      status: 413,
      fieldErrors: { coverImage: ["Too big"] },
    });
    expect(domainErrorForForm(new LoginError("Too many", 429, 60))).toEqual({
      status: 429,
      headers: { "Retry-After": "60" },
      fieldErrors: {},
      formErrors: ["Too many"],
    });
  });

  it("turns a missing record into the 404 page and rethrows anything else", () => {
    const notFound = thrown(() => domainErrorForForm(new NotFoundError("Post not found")));
    // react-router's data(null, { status: 404 }): the route's error boundary shows the not-found page.
    expect((notFound as { init?: ResponseInit }).init?.status).toBe(404);
    const bug = new Error("bug");
    expect(thrown(() => domainErrorForForm(bug))).toBe(bug);
  });
});
