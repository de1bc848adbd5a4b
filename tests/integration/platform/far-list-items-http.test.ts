// A form field naming a list item a hundred million places in ("username[100000000]") against the built
// server: the form library read it as a list of that length, and one sign-in took the process past its
// memory (a 10-million one answered 30 MB and held the site 2.6 s). Anyone can send one: every form,
// public or admin, url-encoded or multipart, refuses it at once and the site stays up.
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import type { RunningServer } from "../../../scripts/lib/start-server";
import { sendAs, signedInServer } from "../../setup/signed-in-server";

let server: RunningServer;
let cookie = "";

beforeAll(async () => {
  ({ server, cookie } = await signedInServer());
}, 120_000);
afterAll(() => server?.stop());

const FAR = "[100000000]";
const urlEncoded = (fields: [string, string][]) => ({
  method: "POST",
  headers: { "Content-Type": "application/x-www-form-urlencoded" },
  body: new URLSearchParams(fields).toString(),
});

describe("a form naming a list item past any list", () => {
  it("is refused at once on the public forms and the sign-in, and the site stays up", async () => {
    for (const [path, fields] of [
      [
        "/admin/login",
        [
          [`username${FAR}`, "a"],
          ["password", "b"],
        ],
      ],
      [
        "/contact",
        [
          [`name${FAR}`, "a"],
          ["email", "a@example.ie"],
          ["goals", "x"],
        ],
      ],
      ["/blog", [[`email${FAR}`, "a@example.ie"]]],
    ] as const) {
      const answer = await sendAs(server, path, null, urlEncoded(fields.map(([n, v]) => [n, v])));
      expect(answer.status, path).toBe(400);
      const text = await answer.text();
      expect(text.length, path).toBeLessThan(200_000);
      expect(text, path).toContain("list item past 9999");
    }
    expect((await sendAs(server, "/healthz", null)).status).toBe(200);
  });

  it("is refused in the editors' forms, url-encoded and multipart", async () => {
    const editor: [string, string][] = [
      ["title", "A post with a far list item"],
      ["content", "<p>Words.</p>"],
      ["intent", "publish"],
      [`coverAlt${FAR}`, "a"],
    ];
    const plain = await sendAs(server, "/admin/posts", cookie, urlEncoded(editor));
    expect(plain.status).toBe(400);
    const multipart = new FormData();
    for (const [name, value] of editor) multipart.append(name, value);
    const withParts = await sendAs(server, "/admin/posts", cookie, { method: "POST", body: multipart });
    expect(withParts.status).toBe(400);
    expect((await sendAs(server, "/healthz", null)).status).toBe(200);
  });
});
