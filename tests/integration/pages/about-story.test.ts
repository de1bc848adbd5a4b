// The about page's story, read as HTML from the built server: a drawn picture beside every milestone,
// served as the site's images are (AVIF, WebP, JPEG in widths), lazy, its size set so nothing moves.
import Database from "better-sqlite3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { storyMotif } from "~/features/pages";

import { type RunningServer, startServer } from "../../../scripts/lib/start-server";

let server: RunningServer;
beforeAll(async () => {
  server = await startServer();
}, 120_000);
afterAll(() => server?.stop());

describe("the story on /about", () => {
  it("shows a local, responsive, lazy picture beside every published milestone", async () => {
    const db = new Database(server.databasePath, { readonly: true });
    const milestones = db
      .prepare("select count(*) from milestones where status = 'published'")
      .pluck()
      .get() as number;
    db.close();
    const html = await (await fetch(`${server.baseURL}/about`)).text();
    const story = html.slice(html.indexOf('id="timeline-heading"'), html.indexOf('id="people-heading"'));
    const images = [...story.matchAll(/<img [^>]*>/g)].map(([tag]) => tag);
    expect(milestones).toBeGreaterThan(0);
    expect(images).toHaveLength(milestones);
    for (const img of images) {
      expect(img).toMatch(/ width="800" height="600"/);
      expect(img).toContain('loading="lazy"');
      expect(img).toContain('alt=""');
    }
    expect(story.match(/<source type="image\/avif"/g)).toHaveLength(milestones);
    expect(story.match(/<source type="image\/webp"/g)).toHaveLength(milestones);
    // Every file named is served from the site itself.
    const files = new Set(
      [...story.matchAll(/\/images\/art\/story-[a-z]+-800x600\/\d+\.(?:avif|webp|jpg)/g)].map(([f]) => f),
    );
    expect(files.size).toBeGreaterThanOrEqual(milestones);
    for (const file of files) expect((await fetch(server.baseURL + file)).status, file).toBe(200);
  });

  it("the seeded milestones each get a picture of their own kind", () => {
    const seeded = [
      { name: "Founded in Dublin", text: "" },
      { name: "Going Fully Digital", text: "" },
      { name: "Creative Studio", text: "" },
      { name: "Development & Automation", text: "" },
      { name: "Across Europe", text: "" },
      { name: "AI & Analytics", text: "" },
    ].map((milestone, index) => storyMotif(milestone, index));
    expect(seeded).toEqual(["quays", "online", "creative", "code", "europe", "analytics"]);
    // A milestone the owner adds that names none of these still gets one, in turn.
    expect(storyMotif({ name: "Ten Years", text: "" }, 7)).toBe("online");
  });
});
