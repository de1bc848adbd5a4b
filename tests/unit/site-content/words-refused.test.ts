// The team's, the testimonials' and the settings' words are refused as a post's title is when they hold
// half a character (a lone surrogate, which SQLite would keep as U+FFFD), and a language's settings words
// refuse a field that is none of them ("__proto__", "constructor") as an item's translation does.
import { describe, expect, it } from "vitest";

import { SiteWordsSchema } from "~/features/site-content/index.server";
import { TeamMemberSchema, TestimonialSchema } from "~/features/site-content/index";
import { SiteSettingsSchema } from "~/platform/site/site-settings";

const HALF = "Growth \ud800 lead";
const ISOLATED_HALF = "\udfff";

/** The fields a parse refused, by name, with their messages. */
const refused = (result: { error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  Object.fromEntries((result.error?.issues ?? []).map((issue) => [issue.path.join("."), issue.message]));

const words = { tagline: "Marketing that works", autoReplySubject: "Thanks", autoReplyBody: "x".repeat(30) };

describe("half a character", () => {
  it("is refused in a team member's name, role and bio with a field error", () => {
    const member = { name: "Aoife", role: "Lead", bio: "Writes." };
    for (const field of ["name", "role", "bio", "teamSummary"] as const)
      for (const value of [HALF, ISOLATED_HALF])
        expect(refused(TeamMemberSchema.safeParse({ ...member, [field]: value }))[field]).toMatch(
          /plain text on one line|characters that are not allowed/,
        );
  });

  it("is refused in a testimonial's quote, name, role and company", () => {
    const testimonial = { quote: "They doubled our leads.", name: "Seán Ó Briain" };
    for (const field of ["quote", "name", "role", "company"] as const)
      expect(refused(TestimonialSchema.safeParse({ ...testimonial, [field]: HALF }))[field]).toBeTruthy();
  });

  it("is refused in the settings' words, in every language", () => {
    for (const field of ["tagline", "autoReplySubject", "autoReplyBody"] as const) {
      const given = { ...words, [field]: `${words[field]}${HALF}` };
      expect(refused(SiteWordsSchema.safeParse(given))[field]).toBeTruthy();
      expect(refused(SiteSettingsSchema.partial().safeParse(given))[field]).toBeTruthy();
    }
  });

  it("is not a whole character: emoji and Irish letters still pass", () => {
    const member = { name: "Aoife Ní Bhriain 😀", role: "Ceannaire 🚀", bio: "Scríobhann sí. 👍" };
    expect(TeamMemberSchema.safeParse(member).success).toBe(true);
    expect(SiteWordsSchema.safeParse({ ...words, tagline: "Margaíocht 😀" }).success).toBe(true);
  });
});

describe("a language's settings words", () => {
  it("refuse a field that is none of them, prototype names too", () => {
    for (const body of [
      '{"__proto__": {"admin": true}}',
      '{"constructor": {"prototype": {}}}',
      '{"prototype": 1}',
      '{"footer": "extra"}',
    ]) {
      const given = { ...words, ...(JSON.parse(body) as object) };
      const result = SiteWordsSchema.safeParse(given);
      expect(result.success).toBe(false);
      expect(result.error?.issues[0]?.code).toBe("unrecognized_keys");
    }
    expect(SiteWordsSchema.safeParse(words).success).toBe(true);
  });
});
