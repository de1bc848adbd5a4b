import { describe, expect, it } from "vitest";

import { ContactSchema, LoginSchema, PostApiSchema } from "~/lib/schemas";

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
    expect(messages(ContactSchema.safeParse({ ...enquiry, name: "Aoife\u0000" }))).toEqual([
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
    expect(messages(ContactSchema.safeParse({ ...enquiry, goals: "More leads\u0000 please" }))).toEqual([
      "Project goals contains characters that are not allowed",
    ]);
    expect(ContactSchema.safeParse({ ...enquiry, goals: "Line one\r\nLine two\tand a tab" }).success).toBe(
      true,
    );
    expect(PostApiSchema.safeParse({ ...post, content: "<p>a\u0008</p>" }).success).toBe(false);
  });

  it("leave ordinary Unicode alone", () => {
    expect(ContactSchema.safeParse({ ...enquiry, name: "Seán Ó Briain 😀" }).success).toBe(true);
  });
});
