// The posts list as a compact table with dates, chosen with a link (no JavaScript needed) and remembered
// in the browser. Against the built server, on this file's own database.
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { savePost } from "~/features/posts/posts.server";
import { createUser } from "~/features/staff/index.server";

import { adminSessionCookie, type RunningServer } from "../../../scripts/lib/start-server";
import { serveTestDatabase } from "../../setup/serve-test-database";

const ACCOUNT = { username: "table-owner", password: "a-long-enough-password" };
let server: RunningServer;
let cookie = "";
const NEXT_YEAR = new Date().getUTCFullYear() + 1;

beforeAll(async () => {
  const owner = await createUser(ACCOUNT.username, ACCOUNT.password, { name: "Orla Kane" });
  const post = (title: string, over: Record<string, unknown>) =>
    savePost(
      undefined,
      {
        title,
        excerpt: "An excerpt.",
        content: "<p>Words</p>",
        coverImage: null,
        videoUrl: null,
        tags: [],
        status: "draft",
        ...over,
      },
      { writer: owner },
    );
  post("A draft in the table", {});
  post("Live in the table", { status: "published" });
  post("Also live in the table", { status: "published" });
  post("Scheduled in the table", {
    status: "scheduled",
    publishAt: new Date(Date.UTC(NEXT_YEAR, 0, 1, 19, 0)),
  });
  server = await serveTestDatabase();
  cookie = await adminSessionCookie(server.baseURL, ACCOUNT);
}, 120_000);
afterAll(() => server?.stop(), 30_000);

const list = (query = "", extraCookie = "") =>
  fetch(`${server.baseURL}/admin/posts${query}`, {
    headers: { Cookie: [cookie, extraCookie].filter(Boolean).join("; ") },
    redirect: "manual",
  });

/** The table's rows as text: "title | status | author | updated | live". */
function rowsOf(html: string): string[] {
  const body = html.slice(html.indexOf("<tbody"), html.indexOf("</tbody>"));
  return [...body.matchAll(/<tr[^>]*>([\s\S]*?)<\/tr>/g)].map((row) =>
    [...row[1]!.matchAll(/<t[hd][^>]*>([\s\S]*?)<\/t[hd]>/g)]
      .map((cell) =>
        cell[1]!
          .replace(/<[^>]+>/g, "")
          .replace(/&nbsp;/g, " ")
          .trim(),
      )
      .join(" | "),
  );
}

describe("the posts cards", () => {
  it("say once, not on every live card, why live posts stay, and offer each live post's redirect", async () => {
    const page = await (await list("?view=cards")).text();
    expect(page.match(/Live posts stay/g)).toHaveLength(1);
    expect(page.match(/href="\/admin\/redirects\?from=/g)).toHaveLength(2);
  });
});

describe("the posts table", () => {
  it("is offered with a link from the cards, which stay the default", async () => {
    const page = await (await list()).text();
    expect(page).not.toContain("<table");
    expect(page).toContain('href="/admin/posts?view=table"');
    const cards = /<a[^>]*href="\/admin\/posts\?view=cards"[^>]*>/.exec(page)?.[0];
    expect(cards).toContain('aria-current="page"');
  });

  it("lists title, status, author, last change and when each went or goes live", async () => {
    const answer = await list("?view=table");
    expect(answer.status).toBe(200);
    const page = await answer.text();
    for (const heading of ["Title", "Status", "Author", "Updated", "Published or scheduled"])
      expect(page).toContain(`>${heading}</th>`);
    const rows = rowsOf(page);
    expect(rows.find((row) => row.startsWith("A draft in the table"))).toMatch(
      /^A draft in the table \| Draft \| Orla Kane \| (just now|\d+ \w+ ago) \| —$/,
    );
    expect(rows.find((row) => row.startsWith("Live in the table"))).toMatch(
      /^Live in the table \| Published \| Orla Kane \| (just now|\d+ \w+ ago) \| \w{3} \d{1,2} \w{3}, \d{2}:\d{2}$/,
    );
    // Another year's date says its year.
    const weekday = new Intl.DateTimeFormat("en-IE", { weekday: "short", timeZone: "Europe/Dublin" }).format(
      new Date(Date.UTC(NEXT_YEAR, 0, 1, 19)),
    );
    expect(rows.find((row) => row.startsWith("Scheduled in the table"))).toMatch(
      new RegExp(`\\| Scheduled \\| Orla Kane \\| .+ \\| ${weekday} 1 Jan ${NEXT_YEAR}, 19:00$`),
    );
  });

  it("is remembered in the browser until the cards are chosen again", async () => {
    const chosen = await list("?view=table");
    const remembered = chosen.headers.get("set-cookie") ?? "";
    expect(remembered).toMatch(/^posts-view=table;.*Path=\/admin\/posts/i);
    const again = await (await list("", remembered.split(";")[0])).text();
    expect(again).toContain("<table");
    const back = await list("?view=cards", remembered.split(";")[0]);
    expect(back.headers.get("set-cookie")).toMatch(/^posts-view=cards;/);
    expect(await back.text()).not.toContain("<table");
  });

  it("ignores a view or cookie it does not know", async () => {
    expect(await (await list("?view=__proto__")).text()).not.toContain("<table");
    expect(await (await list("", "posts-view=constructor")).text()).not.toContain("<table");
  });
});
