// Half of a character (a lone surrogate, as a JSON "\ud800" sends it) is refused with a field error by
// every form and API that takes words, as a post's title is: SQLite would have kept it as U+FFFD, the
// sender's words silently changed. A whole character made of two halves (an emoji) is text as any other.
import { describe, expect, it } from "vitest";

import { PostApiSchema } from "~/features/posts";
import { TeamMemberSchema, TestimonialSchema } from "~/features/site-content/content-schemas";
import { SiteWordsSchema } from "~/features/site-content/settings-translations.server";
import { ITEM_WORDS_SCHEMAS } from "~/features/site-content/translations/item-words";
import { SiteSettingsSchema } from "~/platform/site/site-settings";

const member = { name: "Aoife Byrne", role: "Designer", bio: "Designs.", highlights: ["Brands"] };
const quote = { quote: "They delivered.", name: "Seán Kelly", role: "Owner", company: "Harbour" };
const words = {
  tagline: "Digital marketing in Dublin",
  autoReplySubject: "We have your message",
  autoReplyBody: "Hello {firstName}, thank you for writing to us.",
};

/** The fields a schema refuses `value` for. */
const refused = (
  schema: { safeParse: (value: unknown) => { error?: { issues: { path: PropertyKey[] }[] } } },
  value: unknown,
) => (schema.safeParse(value).error?.issues ?? []).map((issue) => issue.path.join("."));

describe("half a character", () => {
  it("is refused in a post's title", () => {
    expect(PostApiSchema.shape.title.safeParse("A title \ud800").success).toBe(false);
  });

  it("is refused in a team member's and a testimonial's words, naming the field", () => {
    expect(refused(TeamMemberSchema, { ...member, name: "Aoife \ud800" })).toEqual(["name"]);
    expect(refused(TeamMemberSchema, { ...member, bio: "Designs \udfff." })).toEqual(["bio"]);
    expect(refused(TeamMemberSchema, { ...member, highlights: ["Brands \ud83d"] })).toContain("highlights.0");
    expect(refused(TestimonialSchema, { ...quote, quote: "They \ud800 delivered." })).toEqual(["quote"]);
    expect(refused(TestimonialSchema, { ...quote, company: "\udc00Harbour" })).toEqual(["company"]);
  });

  it("is refused in their translations and in the settings' words in any language", () => {
    expect(refused(ITEM_WORDS_SCHEMAS.team, { role: "Dearthóir \ud800" })).toContain("role");
    expect(refused(ITEM_WORDS_SCHEMAS.testimonials, { quote: "\ud800", role: "" })).toContain("quote");
    expect(refused(SiteWordsSchema, { ...words, tagline: "Dublin \ud800" })).toEqual(["tagline"]);
    expect(refused(SiteWordsSchema, { ...words, autoReplyBody: `${words.autoReplyBody} \ud800` })).toEqual([
      "autoReplyBody",
    ]);
    expect(
      refused(SiteSettingsSchema.pick({ autoReplyBody: true }), {
        autoReplyBody: `${words.autoReplyBody}\udfff`,
      }),
    ).toEqual(["autoReplyBody"]);
  });

  it("is not a whole character made of two: an emoji is kept", () => {
    expect(refused(TeamMemberSchema, { ...member, bio: "Designs 🎨 brands." })).toEqual([]);
    expect(refused(SiteWordsSchema, { ...words, tagline: "Dublin 🍀" })).toEqual([]);
  });
});

describe("the settings' words in a language", () => {
  it("refuse a field that is none of theirs, prototype names too, as an item's translation does", () => {
    expect(
      refused(
        SiteWordsSchema,
        JSON.parse(`{"__proto__":{"polluted":true},${JSON.stringify(words).slice(1)}`),
      ),
    ).toEqual([""]);
    expect(refused(SiteWordsSchema, { ...words, constructor: { prototype: {} } })).toEqual([""]);
    expect(refused(SiteWordsSchema, { ...words, phone: "01 234 5678" })).toEqual([""]);
    expect(refused(SiteWordsSchema, words)).toEqual([]);
  });
});
