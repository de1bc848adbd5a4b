// Defects an outside attack on page copy found over HTTP against the built server, each fixed since.
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { startingCopy } from "~/features/pages/copy/starting-copy";

import type { RunningServer } from "../../../scripts/lib/start-server";
import { asForm } from "../../setup/page-copy-form";
import { signedInServer } from "../../setup/signed-in-server";

let server: RunningServer;
let owner = "";

beforeAll(async () => {
  ({ server, cookie: owner } = await signedInServer());
}, 120_000);
afterAll(() => server?.stop());

const send = (path: string, init: RequestInit = {}) =>
  fetch(`${server.baseURL}${path}`, {
    ...init,
    redirect: "manual",
    headers: { Cookie: owner, Origin: server.baseURL, "Content-Type": "application/json", ...init.headers },
  });
/** A page as a visitor gets it: no cookie, so from the page cache when it holds it. */
const visit = async (path: string) => {
  const response = await fetch(`${server.baseURL}${path}`, { redirect: "manual" });
  return { status: response.status, text: await response.text() };
};

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the test edits JSON of any shape
type Loose = Record<string, any>;

describe("a page's address with a trailing slash", () => {
  it("shows the words just published, as the address without it does", async () => {
    // Both answer 200 with the page; the cache keeps "/privacy/" under its own key, which no publish empties.
    const before = await visit("/privacy/");
    expect(before.status).toBe(200);
    const copy: Loose = (await (await send("/api/pages/legal/privacy")).json()).published;
    copy.title = "Privacy, rewritten";
    expect(
      (await send("/api/pages/legal/privacy", { method: "PUT", body: JSON.stringify(copy) })).status,
    ).toBe(200);
    expect((await send("/api/pages/legal/privacy/publish", { method: "POST" })).status).toBe(200);

    expect((await visit("/privacy")).text).toContain("Privacy, rewritten");
    const after = await visit("/privacy/");
    expect([after.status, after.text.includes("Privacy, rewritten")]).toEqual([200, true]);
  });
});

describe("an HTTP method nobody serves", () => {
  it("is refused with a 4xx, never a 500", async () => {
    // TRACE reached the app and answered 500 on every path, to anyone.
    for (const path of ["/", "/privacy", "/api/pages/home"]) {
      const response = await fetch(`${server.baseURL}${path}`, { method: "TRACE" }).catch(() => null);
      // fetch itself refuses TRACE; node:http sends it.
      const status =
        response?.status ??
        (await new Promise<number>((resolve, reject) => {
          void import("node:http").then(({ request }) => {
            const req = request(`${server.baseURL}${path}`, { method: "TRACE" }, (res) => {
              res.resume();
              resolve(res.statusCode!);
            });
            req.on("error", reject);
            req.end();
          });
        }));
      expect([path, status < 500]).toEqual([path, true]);
    }
  });
});

describe("a legal page's data, as the site's own links fetch it", () => {
  it("is the page's, not a 404", async () => {
    for (const page of ["privacy", "terms", "cookies"]) {
      const answer = await fetch(`${server.baseURL}/${page}.data`);
      expect([page, answer.status]).toEqual([page, 200]);
    }
  });
});

// The admin's page form: a form (or a kept autosave) naming list items past the most a page holds was
// drawn back whole, and a form far larger than any page was read and echoed, so a 58 kB form of 1,999
// one-letter card titles came back as a 9 MB page and held the event loop 2 to 5 s.
/** A page's form as a browser without JavaScript sends it. */
const postForm = (path: string, fields: [string, string][]) =>
  send(path, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(fields).toString(),
  });

const SERVICE = "services/seo";
const edit = `/admin/pages/edit/${SERVICE}`;
/** The most cards a service section holds (page-schemas: FeatureSectionSchema.cards). */
const MOST_CARDS = 12;

const seoForm = () => asForm(startingCopy.find((page) => page.key === SERVICE)!.copy);
/** Cards the first section cannot hold: each one a title of one letter, 88 of them. */
const cardsPastTheMost = Array.from({ length: 100 - MOST_CARDS }, (_, index): [string, string] => [
  `sections.0.cards.${MOST_CARDS + index}.title`,
  "x",
]);
const drawsCardPastTheMost = (page: string) => page.includes(`name="sections.0.cards.${MOST_CARDS}.title"`);

describe("a page form naming list items past the most the page holds", () => {
  it("is refused as a form no page sends, without drawing the items back", async () => {
    for (const intent of ["save", "add:sections"]) {
      const answer = await postForm(edit, [...seoForm(), ...cardsPastTheMost, ["intent", intent]]);
      const page = await answer.text();
      expect([intent, answer.status, drawsCardPastTheMost(page)]).toEqual([intent, 400, false]);
      expect(page).toContain("The form could not be read");
    }
  });

  it("kept by the autosave, is not drawn back when the work is restored", async () => {
    const values = Object.fromEntries([...seoForm(), ...cardsPastTheMost]);
    const kept = await send("/api/pages/autosave", {
      method: "PUT",
      body: JSON.stringify({ pageKey: SERVICE, values }),
    });
    expect(kept.status).toBe(200);
    const restored = await send(`${edit}?restore`);
    expect([restored.status, drawsCardPastTheMost(await restored.text())]).toEqual([200, false]);
  });
});

describe("a page form far larger than any page", () => {
  it("is refused before it is read (413), as the page API refuses one", async () => {
    const form = seoForm().map(([name, value]): [string, string] =>
      name === "hero.headline" ? [name, "x".repeat(1_500_000)] : [name, value],
    );
    const answer = await postForm(edit, [...form, ["intent", "save"]]);
    expect(answer.status).toBe(413);
  });
});
