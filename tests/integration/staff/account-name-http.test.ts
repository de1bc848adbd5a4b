// A name with a right-to-left override against the built server: the account page says so beside
// "Your name" and keeps the name it had; the enquiry API names the field in its 400. (Every form's
// name rule is checked in tests/unit/platform/schemas.test.ts.)
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { postForm, type RunningServer } from "../../../scripts/lib/start-server";
import { signedInServer } from "../../setup/signed-in-server";

const REFUSED = "must not contain characters that change the direction of text";
let server: RunningServer;
let cookie = "";

beforeAll(async () => {
  ({ server, cookie } = await signedInServer());
}, 120_000);

afterAll(async () => {
  await server?.stop();
});

describe("a name that reverses the text after it", () => {
  it("is refused beside the account's name, which stays as it was", async () => {
    const saved = await postForm(server.baseURL, "/admin/account", cookie, {
      intent: "profile",
      name: "Niamh Kelly",
      teamMemberId: "",
    });
    expect(saved.status).toBe(200);
    const refused = await postForm(server.baseURL, "/admin/account", cookie, {
      intent: "profile",
      name: "Niamh\u202eylleK",
      teamMemberId: "",
    });
    expect(refused.status).toBe(400);
    const page = await refused.text();
    expect(page).toMatch(new RegExp(`id="name-error"[^>]*>[^<]*Your name ${REFUSED}`));
    const account = await fetch(`${server.baseURL}/admin/account`, { headers: { Cookie: cookie } });
    expect(await account.text()).toContain('value="Niamh Kelly"');
  });

  it("is a 400 naming the field from the enquiry API", async () => {
    const answer = await fetch(`${server.baseURL}/api/contact`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({
        name: "Seán\u202egpj.exe",
        email: "sean@example.ie",
        budget: "5k-10k",
        goals: "A new website for the shop, with bookings.",
      }),
    });
    expect(answer.status).toBe(400);
    const { issues } = (await answer.json()) as { issues: { path: string; message: string }[] };
    expect(issues).toContainEqual({ path: "name", message: `Name ${REFUSED}` });
  });
});
