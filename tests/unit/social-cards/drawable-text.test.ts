// Covers and social cards are drawn in the site's faces, which have Latin letters only: a title in
// Hebrew or Arabic once drew as a row of boxes (and in the wrong order), an emoji as one box.
import { describe, expect, it } from "vitest";

import { artworkSvg } from "~/features/social-cards/artwork/draw.server";
import { drawableText } from "~/features/social-cards/artwork/drawable-text";
import { postSubject } from "~/features/social-cards/artwork/subject";
import { cardLayout } from "~/features/social-cards/social-card.server";

describe("the text a drawing can set", () => {
  it("is Latin text with its accents, figures and punctuation, less emoji", () => {
    expect(drawableText("Café, Ceol & Craic: 10 Tips")).toBe("Café, Ceol & Craic: 10 Tips");
    expect(drawableText("Launch day 🚀🇮🇪 done")).toBe("Launch day done");
    expect(drawableText("Ní neart go cur le chéile — “SEO”")).toBe("Ní neart go cur le chéile — “SEO”");
  });

  it("is nothing for letters the faces lack, or nothing at all", () => {
    for (const title of ["שלום עולם", "مرحبا بالعالم", "SEO في دبلن", "你好", "🚀", "   "])
      expect(drawableText(title), title).toBeNull();
  });
});

describe("a title in letters the faces lack", () => {
  it("cannot show boxes on a post's cover, which sets no title (the page shows it beside the cover)", async () => {
    const svg = (title: string) => artworkSvg(postSubject({ title, tags: ["SEO"] }, "Northwall Digital"));
    // The same title, the same cover; a long title adds no letters to it (only the shape moves).
    expect(await svg("שלום עולם")).toBe(await svg("שלום עולם"));
    const [long, short] = await Promise.all([svg("Launch ".repeat(40)), svg("B")]);
    expect(Math.abs(long.length - short.length)).toBeLessThan(200);
  });

  it("gives the social card the agency's name as its title", async () => {
    const layout = (title: string) => cardLayout({ kind: "post", title, siteName: "Northwall Digital" });
    expect(JSON.stringify(await layout("שלום עולם"))).toBe(JSON.stringify(await layout("Northwall Digital")));
  });
});
