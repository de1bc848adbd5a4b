import { describe, expect, it } from "vitest";

import { ARCHIVE_LEAVES_OUT, archiveContentWords } from "~/features/imports/archive/archive-words";

describe("a site archive's preview", () => {
  it("counts in the owner's words, never table names, and leaves out the site's bookkeeping", () => {
    const words = archiveContentWords({
      posts: 58,
      post_tags: 361,
      seeded_content: 6,
      case_studies: 1,
      team_members: 4,
      site_settings: 1,
      users: 2,
      revisions: 0,
    });
    expect(words).toEqual([
      "58 posts",
      "361 tags on posts",
      "1 case study",
      "4 people in the team",
      "1 set of the agency's facts and settings",
      "2 members of staff (those not already here join as editors, invited to sign in)",
    ]);
    expect(words.join(" ")).not.toMatch(/_|seeded/);
  });

  it("counts a site's other languages and experiments in words", () => {
    expect(
      archiveContentWords({ language_settings: 1, post_translations: 2, site_settings_translations: 1 }),
    ).toEqual([
      "1 choice of the site's languages",
      "2 posts in other languages",
      "1 tagline and auto-reply in another language",
    ]);
  });

  it("says nothing of kinds it does not know, prototype names included, or of counts that are not counts", () => {
    const hostile = JSON.parse(
      '{"__proto__": 3, "constructor": 2, "toString": 1, "posts": -1, "media": 1.5, "redirects": 1e400}',
    ) as Record<string, number>;
    expect(archiveContentWords(hostile)).toEqual([]);
  });

  it("says what an archive does not carry", () => {
    for (const thing of [
      "analytics",
      "audit log",
      "Outbox",
      "password",
      "second steps",
      "Preview links",
      "experiment's visitors",
      "checks while writing",
    ])
      expect(ARCHIVE_LEAVES_OUT).toContain(thing);
  });
});
