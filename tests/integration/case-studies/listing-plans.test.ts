// The portfolio's lists are answered from indexes, never by reading the rows: every column after a
// study's write-up (status, category, position, times) sits past 100 KB of it, which SQLite walks page
// by page for each row it filters or sorts. /work?category= read every published row this way and took
// 0.3–0.4 s at 5,000 studies.
import { beforeAll, describe, expect, it } from "vitest";

import { listCaseStudyCategories } from "~/features/case-studies/case-studies.server";
import {
  adminCaseStudiesPage,
  caseStudyCategoriesInUse,
  creditedTestimonialIds,
  publishedCaseStudyAddresses,
  publishedCaseStudyCards,
  serviceProofCards,
} from "~/features/case-studies/case-study-lists.server";
import { liveCaseStudyTranslationAddresses } from "~/features/case-studies/translations/case-study-translations.server";
import { listPublishedPostAddresses } from "~/features/posts/index.server";
import { getDb } from "~/platform/db.server";

import { queryPlans } from "../../setup/statements-read";

/** How SQLite answers each query `work` ran. */
const plansOf = (work: () => unknown) => queryPlans(work, /^\s*select/i);

beforeAll(() => {
  // A study whose category and position are past its write-up, as every stored one is.
  getDb()
    .$client.prepare(
      `insert into case_studies (id, title, slug, client_name, excerpt, body, category, credits, status, position)
       values ('plan', 'Planned', 'planned', 'A client', 'Short.', ?, 'Retail', '["SEO"]', 'published', 3)`,
    )
    .run(`<p>${"x".repeat(100_000)}</p>`);
});

describe("the portfolio's lists", () => {
  it("/work?category= finds its page and its count through the category's index, without sorting", async () => {
    const plans = await plansOf(() => publishedCaseStudyCards({ category: "Retail", limit: 6 }));
    expect(plans).toHaveLength(2);
    for (const plan of plans) {
      expect(plan).toMatch(/USING (COVERING )?INDEX case_studies_category_listing_idx/);
      expect(plan).not.toMatch(/TEMP B-TREE/);
    }
  });

  it("/work's page, its categories and the studies' addresses are read in order from an index", async () => {
    const plans = await plansOf(() => {
      publishedCaseStudyCards({ limit: 6 });
      listCaseStudyCategories();
      publishedCaseStudyAddresses();
    });
    expect(plans.length).toBeGreaterThanOrEqual(4);
    for (const plan of plans) {
      expect(plan).toMatch(/USING (COVERING )?INDEX case_studies_(category_)?listing_idx/);
      expect(plan).not.toMatch(/TEMP B-TREE FOR (ORDER BY|RIGHT PART|LAST)/);
    }
    // The count and the categories need nothing of the rows at all.
    expect(plans.filter((plan) => /COVERING INDEX/.test(plan)).length).toBeGreaterThanOrEqual(2);
  });

  it("a service's studies and quotes are found by their credits in the index, never in the rows", async () => {
    const plans = await plansOf(() => {
      serviceProofCards("SEO", { signatureAt: 1, others: 3 });
      creditedTestimonialIds("SEO", 1);
    });
    expect(plans.length).toBeGreaterThanOrEqual(4);
    for (const plan of plans) expect(plan).toMatch(/USING (COVERING )?INDEX case_studies_listing_idx/);
    // The count and the quotes need nothing of the rows.
    expect(
      plans.filter((plan) => /COVERING INDEX case_studies_listing_idx/.test(plan)).length,
    ).toBeGreaterThanOrEqual(2);
  });

  it("a language's live studies are walked in the portfolio's order, each translation found by its index", async () => {
    const [plan] = await plansOf(() => liveCaseStudyTranslationAddresses("ga"));
    expect(plan).toMatch(
      /SEARCH case_studies USING COVERING INDEX case_studies_listing_idx[^\n]*\n[^\n]*case_study_translations_live_idx/,
    );
    expect(plan).not.toMatch(/TEMP B-TREE/);
  });

  it("the admin's list reads its page in order from an index, drafts too, and the editor its categories", async () => {
    const plans = await plansOf(() => adminCaseStudiesPage({ page: 2 }));
    const [categories] = await plansOf(() => caseStudyCategoriesInUse());
    expect(categories).toMatch(/USING COVERING INDEX case_studies_category_listing_idx/);
    for (const plan of plans) {
      expect(plan).toMatch(/USING (COVERING )?INDEX case_studies_admin_idx/);
      expect(plan).not.toMatch(/TEMP B-TREE/);
    }
  });

  it("the posts' addresses take their change times from the posts' index, not past a body", async () => {
    const plans = await plansOf(() => listPublishedPostAddresses());
    expect(plans.join("\n")).toMatch(/USING (COVERING )?INDEX posts_listing_idx/);
    const held = getDb().$client.prepare("select name from pragma_index_info('posts_listing_idx')").pluck();
    expect(held.all()).toContain("updated_at");
  });
});
