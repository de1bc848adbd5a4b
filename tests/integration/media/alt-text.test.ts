// An image has one description, the library's, shared with every place that uses it: words typed at
// a use fill an empty library entry, a blank use shows the library's, and a change in the library
// reaches the uses that still said the old words. Through the real services, on a temporary file.
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";

import { caseStudies, media, posts } from "#db/schema";
import { CaseStudySchema } from "~/features/case-studies";
import { saveCaseStudy } from "~/features/case-studies/index.server";
import { EditedSince } from "~/features/editor/index.server";
import { altTextOf, bodyWithAltText, shareAltText } from "~/features/media/index.server";
import { updateMediaText } from "~/features/media/media.server";
import { savePost } from "~/features/posts/index.server";
import { getDb } from "~/platform/db.server";

const image = (name: string, alt = "") =>
  getDb()
    .insert(media)
    .values({ url: `/uploads/images/${name}/1600.jpg`, alt, kind: "image", mime: "image/jpeg", bytes: 1 })
    .returning()
    .get();

const libraryAlt = (id: string) => getDb().select().from(media).where(eq(media.id, id)).get()!.alt;

const post = (over: Record<string, unknown>) =>
  savePost(undefined, {
    title: `Alt text ${Math.random()}`,
    excerpt: "Short",
    content: "<p>Body</p>",
    coverImage: null,
    videoUrl: null,
    tags: [],
    status: "published",
    ...over,
  });

let photo: ReturnType<typeof image>;
let diagram: ReturnType<typeof image>;
beforeAll(() => {
  photo = image("shopfront");
  diagram = image("funnel", "A sales funnel");
});

describe("an image's one description", () => {
  it("is taken from a cover, a gallery image or an image in the text into a library entry without one", () => {
    post({ coverImage: photo.url, coverAlt: "The shop front on Capel Street" });
    expect(libraryAlt(photo.id)).toBe("The shop front on Capel Street");

    // The library's own words are not overwritten by another use's.
    post({ coverImage: photo.url, coverAlt: "Another wording" });
    expect(libraryAlt(photo.id)).toBe("The shop front on Capel Street");

    const inText = image("in-text");
    post({ content: `<p>See:</p><img src="${inText.url}" alt="A chart of visits &amp; leads">` });
    expect(libraryAlt(inText.id)).toBe("A chart of visits & leads");

    const inGallery = image("in-gallery");
    saveCaseStudy(
      undefined,
      CaseStudySchema.parse({
        title: `Gallery ${Math.random()}`,
        clientName: "Quay Cycles",
        category: "E-commerce",
        excerpt: "Short.",
        body: "<p>One</p>",
        metrics: [{ value: "2x", label: "Sales" }],
        gallery: [{ url: inGallery.url, alt: "The checkout on a phone" }],
        status: "published",
      }),
    );
    expect(libraryAlt(inGallery.id)).toBe("The checkout on a phone");
  });

  it("is shown where a use has no words of its own", () => {
    expect(altTextOf(diagram.url, "")).toBe("A sales funnel");
    expect(altTextOf(diagram.url, "Our funnel")).toBe("Our funnel");
    expect(altTextOf("/uploads/images/unknown/1600.jpg", null)).toBeNull();
    const html = bodyWithAltText(
      `<img src="${diagram.url}" alt=""><img src="${diagram.url}" alt="Own words">`,
    );
    expect(html).toContain(`<img src="${diagram.url}" alt="A sales funnel"`);
    expect(html).toContain(`alt="Own words"`);
  });

  it("changed in the library, reaches every use that said the old words, and only those", () => {
    const logo = image("logo", "Old words");
    const same = post({
      coverImage: logo.url,
      coverAlt: "Old words",
      content: `<p>x</p><img src="${logo.url}" alt="Old words"><img src="${diagram.url}" alt="Old words">`,
    });
    const own = post({ coverImage: logo.url, coverAlt: "Words of its own" });
    const study = saveCaseStudy(
      undefined,
      CaseStudySchema.parse({
        title: `Logo ${Math.random()}`,
        clientName: "Quay Cycles",
        category: "E-commerce",
        excerpt: "Short.",
        body: `<img src="${logo.url}" alt="Old words">`,
        metrics: [{ value: "2x", label: "Sales" }],
        gallery: [{ url: logo.url, alt: "Old words", caption: "The logo" }],
        status: "published",
      }),
    );

    // Saved some time ago, so that a change now is told apart from their saves.
    const earlier = new Date("2026-01-05T10:00:00Z");
    getDb().update(posts).set({ updatedAt: earlier }).run();
    getDb().update(caseStudies).set({ updatedAt: earlier }).run();
    updateMediaText(logo.id, { alt: "The new logo, a blue anchor" });

    const after = getDb().select().from(posts).where(eq(posts.id, same.id)).get()!;
    expect(after.coverAlt).toBe("The new logo, a blue anchor");
    expect(after.content).toContain(`<img src="${logo.url}" alt="The new logo, a blue anchor"`);
    // Another image that happened to have the same words keeps them.
    expect(after.content).toContain(`<img src="${diagram.url}" alt="Old words"`);
    expect(getDb().select().from(posts).where(eq(posts.id, own.id)).get()!.coverAlt).toBe("Words of its own");
    const studyAfter = getDb().select().from(caseStudies).where(eq(caseStudies.id, study.id)).get()!;
    expect(studyAfter.gallery).toEqual([
      { url: logo.url, alt: "The new logo, a blue anchor", caption: "The logo" },
    ]);
    expect(studyAfter.body).toContain(`alt="The new logo, a blue anchor"`);
    // Each changed item counts as saved again: an editor opened on it before cannot put the old words back.
    expect(after.updatedAt.getTime()).toBeGreaterThan(earlier.getTime());
    expect(studyAfter.updatedAt.getTime()).toBeGreaterThan(earlier.getTime());
    expect(getDb().select().from(posts).where(eq(posts.id, own.id)).get()!.updatedAt).toEqual(earlier);
    expect(() =>
      savePost(
        same.id,
        { ...same, title: "Edited in an editor opened before" },
        { savedAt: earlier.getTime() },
      ),
    ).toThrow(EditedSince);
  });

  it("writes only the library's images still without words: a body of thousands of other images costs one read", () => {
    const wanting = image("one-of-many");
    const images = Array.from(
      { length: 3_000 },
      (_, n) => `<img src="/uploads/nowhere-${n}.jpg" alt="IMG_${n}.jpg">`,
    );
    const body = `${images.join("")}<img src="${wanting.url}" alt="The one in the library"><img src="${wanting.url}" alt="Said twice">`;
    const db = getDb();
    let updates = 0;
    const update = db.update.bind(db);
    db.transaction((tx) => {
      tx.update = ((table: Parameters<typeof update>[0]) => {
        updates++;
        return update(table);
      }) as typeof tx.update;
      shareAltText(tx, body, []);
    });
    expect(updates).toBe(1);
    expect(libraryAlt(wanting.id)).toBe("The one in the library");
  });
});
