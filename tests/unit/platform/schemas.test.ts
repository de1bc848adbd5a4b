import { describe, expect, it } from "vitest";

import { CaseStudySchema } from "~/features/case-studies";
import { CaseStudyTranslationSchema } from "~/features/case-studies/index.server";
import { EnquirySchema } from "~/features/enquiries";
import { PostApiSchema, PostFormSchema } from "~/features/posts";
import { TeamMemberSchema, TestimonialSchema } from "~/features/site-content";
import { LoginSchema } from "~/features/staff";
import { InviteSchema } from "~/features/staff/index.server";
import { titleText } from "~/platform/text/sanitize.server";

const enquiry = {
  name: "Aoife Byrne",
  email: "aoife@example.ie",
  budget: "5k-10k",
  goals: "A new website for the shop.",
};
const post = { title: "Local SEO", excerpt: "Why it matters.", content: "<p>Body</p>" };
const messages = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.error?.issues.map((i) => i.message) ?? [];

describe("control characters", () => {
  it("are refused in one-line fields", () => {
    expect(messages(EnquirySchema.safeParse({ ...enquiry, name: "Aoife\u0000" }))).toEqual([
      "Name must be plain text on one line",
    ]);
    expect(messages(LoginSchema.safeParse({ username: "admin\u001b[31m", password: "x" }))).toEqual([
      "Username must be plain text on one line",
    ]);
    expect(messages(PostApiSchema.safeParse({ ...post, title: "Title\nInjected" }))).toEqual([
      "Title must be plain text on one line",
    ]);
    expect(PostApiSchema.safeParse({ ...post, tags: ["SEO\u0007"] }).success).toBe(false);
  });

  it("are refused in text areas, except tabs and line breaks", () => {
    expect(messages(EnquirySchema.safeParse({ ...enquiry, goals: "More leads\u0000 please" }))).toEqual([
      "Project goals contains characters that are not allowed",
    ]);
    expect(EnquirySchema.safeParse({ ...enquiry, goals: "Line one\r\nLine two\tand a tab" }).success).toBe(
      true,
    );
    expect(PostApiSchema.safeParse({ ...post, content: "<p>a\u0008</p>" }).success).toBe(false);
  });

  it("leave ordinary Unicode alone", () => {
    expect(EnquirySchema.safeParse({ ...enquiry, name: "Seán Ó Briain 😀" }).success).toBe(true);
  });
});

describe("characters that change the direction of text", () => {
  // "Seán" then a right-to-left override: what follows is shown backwards ("gpj.exe" reads "exe.jpg").
  const reversing = ["Seán\u202egpj.exe", "Aoife\u2066 Byrne", "\u202aNiamh", "Ciarán\u2069"];
  const refused = "must not contain characters that change the direction of text";

  it("are refused in every form's name for a person, beside the name", () => {
    for (const name of reversing) {
      const checks = [
        EnquirySchema.safeParse({ ...enquiry, name }),
        InviteSchema.safeParse({ name, email: "niamh@example.ie", role: "editor" }),
        TeamMemberSchema.safeParse({ name, role: "Designer" }),
        TestimonialSchema.safeParse({ name, quote: "They doubled our calls." }),
        CaseStudySchema.safeParse({
          title: "A shop",
          slug: "a-shop",
          newQuote: { quote: "Great work.", name },
        }),
      ];
      for (const result of checks) {
        const issue = result.error?.issues.find((i) => i.message.endsWith(refused));
        expect(issue?.path.at(-1), name).toBe("name");
      }
    }
  });

  it("are refused in the titles of posts, case studies and their translations, beside the title", () => {
    for (const title of reversing) {
      const checks = [
        PostApiSchema.safeParse({ ...post, title }),
        CaseStudySchema.safeParse({ title, clientName: "A shop", category: "Retail", body: "<p>How.</p>" }),
        CaseStudyTranslationSchema.safeParse({ lang: "ga", translationOf: "x", title, category: "Miondíol" }),
      ];
      for (const result of checks) {
        const issue = result.error?.issues.find((i) => i.message.endsWith(refused));
        expect(issue?.path.at(-1), title).toBe("title");
      }
    }
    // Every other one-line field too: a tag, a client, a category, a role, a description.
    const line = "Retail\u202e";
    expect(messages(PostApiSchema.safeParse({ ...post, seoTitle: line }))).toEqual([
      "Search title must not contain characters that change the direction of text",
    ]);
    const study = { title: "A shop", clientName: line, category: line, body: "<p>How.</p>" };
    expect(messages(CaseStudySchema.safeParse(study))).toEqual([
      "Client must not contain characters that change the direction of text",
      "Category must not contain characters that change the direction of text",
    ]);
    expect(TeamMemberSchema.safeParse({ name: "Niamh", role: line }).success).toBe(false);
    // A title brought from another site keeps its words, without the controls.
    expect(titleText("\u202eevil title\u202c")).toBe("evil title");
  });

  it("are refused in text of several lines too: a quote, a bio, an excerpt, goals", () => {
    const reversed = "They doubled our calls.\u202e won't be seen";
    expect(messages(TestimonialSchema.safeParse({ name: "Niamh", quote: reversed }))).toEqual([
      "Quote must not contain characters that change the direction of text",
    ]);
    expect(messages(TeamMemberSchema.safeParse({ name: "Niamh", role: "Designer", bio: reversed }))).toEqual([
      "Bio must not contain characters that change the direction of text",
    ]);
    expect(messages(PostApiSchema.safeParse({ ...post, excerpt: reversed }))).toEqual([
      "Excerpt must not contain characters that change the direction of text",
    ]);
    expect(messages(EnquirySchema.safeParse({ ...enquiry, goals: `${reversed}, and more leads` }))).toEqual([
      "Project goals must not contain characters that change the direction of text",
    ]);
    const study = { title: "A shop", clientName: "A shop", category: "Retail", challenge: reversed };
    expect(messages(CaseStudySchema.safeParse(study))).toEqual([
      "The challenge must not contain characters that change the direction of text",
    ]);
    // A post's body, pasted from anywhere and shown in paragraphs of its own, keeps them.
    expect(PostApiSchema.safeParse({ ...post, content: `<p>${reversed}</p>` }).success).toBe(true);
  });

  it("leave names in right-to-left scripts and the direction marks alone", () => {
    for (const name of ["محمد علي", "דנה לוי", "Dana\u200f Levi", "Ali\u200e (Dublin)"]) {
      expect(EnquirySchema.safeParse({ ...enquiry, name }).success, name).toBe(true);
      expect(TeamMemberSchema.safeParse({ name, role: "Designer" }).success, name).toBe(true);
    }
  });
});

describe("media addresses in posts", () => {
  const post = { title: "T", excerpt: "E", status: "draft" };
  const check = (fields: Record<string, string>) => PostFormSchema.safeParse({ ...post, ...fields }).success;

  it("take only files on this site, read the way a browser reads them", () => {
    expect(check({ coverImage: "/uploads/images/abc-10x10/10.jpg" })).toBe(true);
    expect(check({ coverImage: "/images/art/fallback-1200x675/1200.jpg" })).toBe(true);
    for (const elsewhere of [
      "/\\evil.example/x.png",
      "//evil.example/x.png",
      "https://cdn.example/x.png",
      "javascript:alert(1)",
      "/uploads/a b.png",
    ]) {
      expect(check({ coverImage: elsewhere }), elsewhere).toBe(false);
      expect(check({ videoUrl: elsewhere }), elsewhere).toBe(false);
    }
  });

  it("refuse a body with an image or video from another site, with a clear message", () => {
    expect(check({ content: '<p><img src="/uploads/images/abc-10x10/10.jpg" alt=""></p>' })).toBe(true);
    const result = PostFormSchema.safeParse({
      ...post,
      content: '<img src="https://cdn.example/x.png" alt="">',
    });
    expect(result.error?.issues[0]?.message).toMatch(/security policy blocks/);
    expect(check({ content: "<img src='//evil.example/x.png'>" })).toBe(false);
    expect(check({ content: '<video src="/\\evil.example/v.mp4"></video>' })).toBe(false);
    expect(check({ content: '<p>See <a href="https://example.ie">this</a></p>' })).toBe(true);
  });
});
