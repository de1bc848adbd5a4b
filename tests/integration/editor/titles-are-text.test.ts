// A title is text wherever it is shown (the page's heading, the tab, cards, feeds, the admin's lists):
// markup typed or pasted into one is taken out when it is saved, whichever way it comes in.
import { beforeAll, describe, expect, it } from "vitest";

import { CaseStudySchema } from "~/features/case-studies";
import { saveCaseStudy } from "~/features/case-studies/index.server";
import { PostApiSchema } from "~/features/posts";
import { savePost } from "~/features/posts/index.server";
import { seedDatabase } from "~/features/seed/index.server";
import { getDb } from "~/platform/db.server";
import { FieldError } from "~/platform/http/errors.server";

beforeAll(() => {
  seedDatabase(getDb());
});

const post = (title: string) =>
  PostApiSchema.parse({ title, excerpt: "An excerpt.", content: "<p>Body</p>", status: "draft" });

describe("a saved title", () => {
  it("keeps a post's words and loses its tags, and its address follows the words", () => {
    const saved = savePost(undefined, post("Title <em>With</em> <b>Markup</b> &amp; more"));
    expect(saved.title).toBe("Title With Markup & more");
    expect(saved.slug).toBe("title-with-markup-more");
  });

  it("takes out a script and an image's handler, and leaves text that only looks like markup", () => {
    expect(
      savePost(undefined, post("<script>alert(1)</script>Safe <img src=x onerror=alert(1)>words")).title,
    ).toBe("Safe words");
    expect(savePost(undefined, post("When a < b > c, AT&T")).title).toBe("When a < b > c, AT&T");
    expect(savePost(undefined, post("مرحبا 🚀 Dublin")).title).toBe("مرحبا 🚀 Dublin");
  });

  it("of markup alone is refused as no title", () => {
    const refused = (() => {
      try {
        savePost(undefined, post("<em></em><br>"));
      } catch (error) {
        return error;
      }
    })();
    expect(refused).toBeInstanceOf(FieldError);
    expect(refused).toMatchObject({ field: "title" });
  });

  it("of a case study is text too", () => {
    const study = saveCaseStudy(
      undefined,
      CaseStudySchema.parse({
        title: "Harbour <i>Coffee</i>: <strong>Twice</strong> the Sales",
        clientName: "Harbour Coffee",
        category: "E-commerce",
        excerpt: "First words.",
        body: "<p>One</p>",
        metrics: [{ value: "2x", label: "Sales" }],
        status: "draft",
      }),
    );
    expect(study.title).toBe("Harbour Coffee: Twice the Sales");
  });
});
