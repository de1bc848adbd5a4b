// The form library behind every page's form adds each value of a repeated field name to a copy of the
// list so far: 20,000 values of one name held the server 1.5-2.5 s, 150,000 (2 MB, the editor's limit)
// 81-149 s, and the contact form's 64 KB fit about 21,000. Every form is read by readFormBody, which
// refuses a form shaped like no form here before anything parses its fields.
import { describe, expect, it } from "vitest";

import { readFormBody } from "~/platform/http/api.server";

const MB = 1024 * 1024;

const formPost = (fields: [string, string][], type = "application/x-www-form-urlencoded") => {
  if (type.startsWith("multipart")) {
    const form = new FormData();
    for (const [name, value] of fields) form.append(name, value);
    return new Request("http://site.test/contact", { method: "POST", body: form });
  }
  return new Request("http://site.test/contact", {
    method: "POST",
    headers: { "Content-Type": type },
    body: new URLSearchParams(fields).toString(),
  });
};

const refusal = async (request: Request) => {
  try {
    await readFormBody(request, 2 * MB);
  } catch (error) {
    if (error instanceof Response) return { status: error.status, ...(await error.json()) };
    throw error;
  }
  return "read";
};

const repeated = (name: string, times: number): [string, string][] =>
  Array.from({ length: times }, () => [name, "1"]);

describe("a form's shape", () => {
  it("repeating one field name more often than any form does is refused, url-encoded or multipart", async () => {
    for (const type of ["application/x-www-form-urlencoded", "multipart/form-data"]) {
      expect(await refusal(formPost([["title", "A post"], ...repeated("tags", 2_001)], type))).toEqual({
        status: 400,
        error: "The form repeats a field more often than any form here does",
      });
    }
  });

  it("with more fields than any form has is refused, url-encoded or multipart", async () => {
    for (const count of [10_001, 20_000]) {
      const fields = Array.from({ length: count }, (_, i): [string, string] => [`f${i}`, "1"]);
      for (const type of ["application/x-www-form-urlencoded", "multipart/form-data"]) {
        expect(await refusal(formPost(fields, type)), `${count} ${type}`).toEqual({
          status: 400,
          error: "The form has more fields than any form here has",
        });
      }
    }
  });

  it("of the largest forms here is read: an import's 2,000 old addresses and their tags", async () => {
    const fields: [string, string][] = [
      ...repeated("addressFrom", 2_000),
      ...repeated("addressTo", 2_000),
      ...repeated("tagFrom", 400),
      ...repeated("tagTo", 400),
      ["moreTags", ""],
    ];
    const form = await readFormBody(formPost(fields), 2 * MB);
    expect(form.getAll("addressFrom")).toHaveLength(2_000);
    expect(form.getAll("tagTo")).toHaveLength(400);
  });

  it("of exactly as many fields as a form may have is read, url-encoded or multipart", async () => {
    const fields = Array.from({ length: 10_000 }, (_, i): [string, string] => [`f${i}`, "1"]);
    for (const type of ["application/x-www-form-urlencoded", "multipart/form-data"]) {
      expect([...(await readFormBody(formPost(fields, type), 2 * MB)).keys()], type).toHaveLength(10_000);
    }
  });
});
