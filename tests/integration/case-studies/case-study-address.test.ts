// A new case study's address is the short form of its headline; an address that exists never changes
// by itself, and the owner's own address wins.
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";

import { caseStudies } from "#db/schema";
import { saveCaseStudy } from "~/features/case-studies/case-studies.server";
import { CaseStudySchema } from "~/features/case-studies/case-study-schema";
import { getDb } from "~/platform/db.server";
import { ConflictError } from "~/platform/http/errors.server";

const HEADLINE = "How Harbour Logistics cut quote times by 92% with a new portal";

const input = (over: Record<string, unknown> = {}) =>
  CaseStudySchema.parse({
    title: HEADLINE,
    clientName: "Harbour Logistics",
    category: "B2B",
    excerpt: "A quoting portal.",
    body: "<p>How.</p>",
    status: "draft",
    ...over,
  });

describe("a case study's address", () => {
  it("is the short form of a new study's headline, and follows the title while it is a draft", () => {
    const study = saveCaseStudy(undefined, input());
    expect(study.slug).toBe("harbour-logistics-cut-quote-times");
    const renamed = saveCaseStudy(study.id, input({ title: "Harbour Logistics: a portal for quotes" }));
    expect(renamed.slug).toBe("harbour-logistics-portal-quotes");
  });

  it("is the owner's when given, and kept once live", () => {
    const study = saveCaseStudy(undefined, input({ title: "Quay Dental bookings", slug: "Quay Dental" }));
    expect(study.slug).toBe("quay-dental");
    const live = saveCaseStudy(
      study.id,
      input({ title: "Quay Dental bookings", slug: "quay-dental", status: "published" }),
    );
    const renamed = saveCaseStudy(
      live.id,
      input({ title: "How Quay Dental filled every chair", status: "published" }),
    );
    expect(renamed.slug).toBe("quay-dental");
  });

  it("of a study made with the whole title's address does not change when it is saved again", () => {
    const title = "How Liffey Cycles doubled online sales in a year";
    const study = saveCaseStudy(
      undefined,
      input({ title, slug: "how-liffey-cycles-doubled-online-sales-in-a-year" }),
    );
    // Saved again as the editor sends it for a draft that follows its title: no address given.
    const again = saveCaseStudy(study.id, input({ title, excerpt: "Changed." }));
    expect(again.slug).toBe("how-liffey-cycles-doubled-online-sales-in-a-year");
    expect(getDb().select().from(caseStudies).where(eq(caseStudies.id, study.id)).get()?.slug).toBe(
      again.slug,
    );
  });

  it("that is taken is a clear conflict, not a changed address", () => {
    saveCaseStudy(undefined, input({ title: "Northside Gym memberships up 40%" }));
    expect(() =>
      saveCaseStudy(undefined, input({ title: "Northside gym: memberships up 40 percent" })),
    ).not.toThrow();
    const taken = (() => {
      try {
        saveCaseStudy(undefined, input({ title: "Northside Gym memberships up by 40%" }));
      } catch (error) {
        return error;
      }
    })();
    // Told beside the address, which the owner can type, rather than the title.
    expect(taken).toBeInstanceOf(ConflictError);
    expect(taken).toMatchObject({ field: "slug" });
    expect((taken as Error).message).toContain(
      "/work/northside-gym-memberships, made from this title's main words",
    );
  });
});
