// A case study's summary left empty is made from its words, as a post's excerpt is from its body, on
// the admin's form and the API alike: both parse with the schema below and save through the same service.
import { describe, expect, it } from "vitest";

import { saveCaseStudy } from "~/features/case-studies/case-studies.server";
import { CaseStudySchema } from "~/features/case-studies/case-study-schema";
import { FieldError } from "~/platform/http/errors.server";

const BODY =
  "<h2>Why <em>local</em> search matters</h2><p>Most people who look for a café, a dentist or a plumber " +
  "look near them, on a phone, and pick from the first three names the map shows.</p>";

describe("an empty case study summary", () => {
  const study = (over: Record<string, unknown>) =>
    CaseStudySchema.parse({
      title: "Quay Dental",
      clientName: "Quay Dental",
      category: "Health",
      status: "draft",
      ...over,
    });

  it("is made from the challenge, else from the approach", () => {
    expect(
      saveCaseStudy(undefined, study({ challenge: "Bookings came by phone only.", body: BODY })).excerpt,
    ).toBe("Bookings came by phone only.");
    expect(saveCaseStudy(undefined, study({ title: "Harbour Bakery", body: BODY })).excerpt).toMatch(
      /^Why local search matters Most people/,
    );
  });

  it("is a field error when there is nothing to make it from", () => {
    expect(() => saveCaseStudy(undefined, study({ title: "Pier Gym" }))).toThrow(FieldError);
  });
});
