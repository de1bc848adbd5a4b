// A form field naming a list item a hundred million places in ("username[100000000]") against the built
// server: the form library read it as a list of that length, and one sign-in took the process past its
// memory (a 10-million one answered 30 MB and held the site 2.6 s), and 5,000 fields at place 9,999
// held the contact form 19 s. Anyone can send them: every form, public or admin, url-encoded or
// multipart, refuses them at once and the site stays up.
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
      expect(text, path).toContain("more list items than any form here has");
    }
    expect((await sendAs(server, "/healthz", null)).status).toBe(200);
  });

  it("is refused as many fields each naming a list item, on the contact form", async () => {
    // 3,000 fields each at place 999 (3 million places in all, within the form's 64 kB): 5,000 at 9,999
    // held the contact form's answer 19 s.
    const started = performance.now();
    const fields: [string, string][] = Array.from({ length: 3_000 }, (_, i) => [`f${i}[999]`, "x"]);
    const answer = await sendAs(server, "/contact", null, urlEncoded([["email", "a@example.ie"], ...fields]));
    expect(answer.status).toBe(400);
    expect(await answer.text()).toContain("more list items than any form here has");
    expect(performance.now() - started).toBeLessThan(5_000);
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
