// An /api body as it arrives: one that never finishes is answered 408 after its minute (not held for
// Node's five), and bytes that are not UTF-8 are refused rather than kept as replacement characters.
import { afterEach, describe, expect, it, vi } from "vitest";

import { readBody, readFormBody, readJsonBody } from "~/platform/http/api.server";

afterEach(() => {
  vi.useRealTimers();
});

/** A body that sends its first bytes and then nothing, as a client sending a byte a minute would. */
const stalledRequest = () =>
  new Request("http://site.test/api/pages/home", {
    method: "PUT",
    headers: { "Content-Type": "application/json" },
    body: new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new TextEncoder().encode('{"title":'));
      },
    }),
    duplex: "half",
  } as RequestInit);

const statusOf = async (promise: Promise<unknown>) => {
  try {
    await promise;
  } catch (error) {
    if (error instanceof Response) return { status: error.status, body: await error.json() };
    throw error;
  }
  throw new Error("expected an error Response");
};

describe("an /api body", () => {
  it("that stops arriving is answered 408 once its minute is up", async () => {
    vi.useFakeTimers();
    const reading = statusOf(readBody(stalledRequest(), 1024));
    await vi.advanceTimersByTimeAsync(59_000);
    let settled = false;
    void reading.then(() => (settled = true));
    await vi.advanceTimersByTimeAsync(0);
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(await reading).toEqual({
      status: 408,
      body: { error: "The body took longer than 60 seconds to arrive" },
    });
  });

  it("that is not UTF-8 is refused, not changed", async () => {
    const request = new Request("http://site.test/api/pages/home", {
      method: "PUT",
      headers: { "Content-Type": "application/json" },
      body: Buffer.concat([Buffer.from('{"title":"caf'), Buffer.from([0xe9]), Buffer.from('"}')]),
    });
    expect(await statusOf(readJsonBody(request))).toEqual({
      status: 400,
      body: { error: "The body is not UTF-8 text" },
    });
    const fine = new Request("http://site.test/api/pages/home", {
      method: "PUT",
      headers: { "Content-Type": "application/json" },
      body: '{"title":"café"}',
    });
    expect(await readJsonBody(fine)).toEqual({ title: "café" });
  });
});

describe("a page's form body", () => {
  const formRequest = (body: BodyInit) =>
    new Request("http://site.test/admin/pages/edit/home", {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body,
    });

  it("that is not UTF-8, as bytes or as %-escapes, is refused, not kept as U+FFFD", async () => {
    for (const body of [
      Buffer.concat([Buffer.from("hero.headline=caf"), Buffer.from([0xe9]), Buffer.from("&intent=save")]),
      "hero.headline=caf%E9&intent=save",
      "hero.headline=%E0%A4%A&intent=save",
      "hero.headline=%ED%A0%80&intent=save",
    ])
      expect(await statusOf(readFormBody(formRequest(body), 1024))).toEqual({
        status: 400,
        body: { error: "The form is not UTF-8 text" },
      });
  });

  it("naming list items past any list a form has is refused before anything reads it", async () => {
    // The form library makes "name[100000000]" a list of that length and walks every place of it: a
    // sign-in with one such field took the process past its memory; 5,000 fields each at place 9,999
    // held the contact form's answer 19 s.
    const manyFar = Array.from({ length: 5_000 }, (_, i) => `f${i}[999]=x`).join("&");
    for (const body of [
      "username[100000000]=a&password=b",
      "name[1000]=a",
      "gallery[0].url=x&gallery[99999999].url=y",
      "metrics[1][1000].value=1",
      "tags%5B100000000%5D=x",
      manyFar,
    ])
      expect(await statusOf(readFormBody(formRequest(body), 1024 * 1024)), body.slice(0, 40)).toEqual({
        status: 400,
        body: { error: "The form names more list items than any form here has" },
      });
    // The longest lists a form has (a case study's 24 gallery images, each with its fields) are taken.
    const gallery = Array.from({ length: 24 }, (_, i) =>
      ["url", "alt", "caption"].map((part) => `gallery[${i}].${part}=x`).join("&"),
    ).join("&");
    const form = await readFormBody(
      formRequest(`${gallery}&credits[0]=SEO&a.100000=b&items[999]=c`),
      1024 * 1024,
    );
    expect([
      form.get("gallery[23].url"),
      form.get("credits[0]"),
      form.get("a.100000"),
      form.get("items[999]"),
    ]).toEqual(["x", "SEO", "b", "c"]);
  });

  it("that is UTF-8 is read as typed, a lone % included", async () => {
    const form = await readFormBody(formRequest("title=caf%C3%A9+%E2%82%AC&note=100%&sign=%%"), 1024);
    expect([form.get("title"), form.get("note"), form.get("sign")]).toEqual(["café €", "100%", "%%"]);
  });
});
