import { describe, expect, it } from "vitest";

import { budgetChoices, budgetLabel, EnquirySchema } from "~/features/enquiries/schemas";

const enquiry = { name: "Aoife", email: "aoife@example.ie", goals: "Grow our clinics." };

describe("the budgets an enquiry offers", () => {
  it("follow the agency's package prices: below, between, and past them", () => {
    expect(budgetChoices([2500, 1250])).toEqual([
      { value: "under-1250", label: "Under €1,250 a month" },
      { value: "1250-2500", label: "€1,250 – €2,500 a month" },
      { value: "2500-5000", label: "€2,500 – €5,000 a month" },
      { value: "5000+", label: "€5,000+ a month" },
    ]);
    expect(budgetChoices([900]).map((choice) => choice.value)).toEqual(["under-900", "900-1800", "1800+"]);
  });

  it("fall back to the bands they always had when there are no packages", () => {
    expect(budgetChoices([]).map((choice) => choice.label)).toEqual([
      "€5k – €10k",
      "€10k – €25k",
      "€25k – €50k",
      "€50k+",
    ]);
  });

  it("take any band offered now or before, and refuse anything else", () => {
    for (const budget of ["under-1250", "1250-2500", "5000+", "10k-25k", ""]) {
      expect(EnquirySchema.safeParse({ ...enquiry, budget }).success, budget).toBe(true);
    }
    for (const budget of ["lots", "1250-", "-5", "12345678+", "__proto__", "toString", "constructor"]) {
      const result = EnquirySchema.safeParse({ ...enquiry, budget });
      expect(result.success, budget).toBe(false);
      expect(result.error?.issues[0]?.message).toBe("Please choose a budget from the list");
    }
    expect(EnquirySchema.parse({ ...enquiry, budget: "" }).budget).toBeNull();
  });

  it("read as they were offered, old ones too", () => {
    expect(budgetLabel("10k-25k")).toBe("€10k – €25k");
    expect(budgetLabel("2500-5000")).toBe("€2,500 – €5,000 a month");
    expect(budgetLabel(null)).toBeNull();
  });
});
