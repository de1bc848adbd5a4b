import { parseWithZod } from "@conform-to/zod/v4";

import type { CaseStudy } from "#db/schema";
import { toDayFirstWallTime } from "~/platform/text/dublin-time";

import { CaseStudySchema } from "./case-study-schema";
import type { CaseStudyFormValues } from "./components/case-study-editor";

/** A new case study: one empty result row to start from. */
export const EMPTY_CASE_STUDY_VALUES: CaseStudyFormValues = {
  title: "",
  slug: "",
  clientName: "",
  category: "",
  excerpt: "",
  challenge: "",
  body: "",
  outcome: "",
  coverImage: "",
  coverAlt: "",
  gallery: [],
  metrics: [{ value: "", label: "" }],
  tags: "",
  credits: [],
  testimonialId: "",
  featured: "",
  status: "draft",
  unpublishAt: "",
  endRedirect: "",
};

/** A saved case study in the form's terms. */
export function caseStudyValuesOf(caseStudy: CaseStudy): CaseStudyFormValues {
  return {
    title: caseStudy.title,
    slug: caseStudy.slug,
    clientName: caseStudy.clientName,
    category: caseStudy.category,
    excerpt: caseStudy.excerpt,
    challenge: caseStudy.challenge,
    body: caseStudy.body,
    outcome: caseStudy.outcome,
    coverImage: caseStudy.coverImage ?? "",
    coverAlt: caseStudy.coverAlt ?? "",
    gallery: caseStudy.gallery.map((image) => ({ ...image, caption: image.caption ?? "" })),
    metrics: caseStudy.metrics.length ? caseStudy.metrics : [{ value: "", label: "" }],
    tags: caseStudy.tags.join(", "),
    credits: caseStudy.credits,
    testimonialId: caseStudy.testimonialId ?? "",
    featured: caseStudy.featured ? "on" : "",
    status: caseStudy.status,
    unpublishAt: caseStudy.unpublishAt ? toDayFirstWallTime(caseStudy.unpublishAt) : "",
    endRedirect: caseStudy.endRedirect ?? "",
  };
}

const text = (value: unknown) => (typeof value === "string" ? value : "");
const rows = (value: unknown) => (Array.isArray(value) ? (value as Record<string, unknown>[]) : []);

/**
 * Unsaved work back in the form: the autosave holds the fields as the form named them (gallery[0].url,
 * credits[1]…), which conform reads back into rows and lists, unfinished as they may be.
 */
export function caseStudyValuesFrom(autosaved: Record<string, string>): CaseStudyFormValues {
  const form = new FormData();
  for (const [name, value] of Object.entries(autosaved)) form.append(name, value);
  const typed = parseWithZod(form, { schema: CaseStudySchema }).payload;
  const field = (name: string) => text(typed[name]);
  const newQuote = (typed.newQuote ?? {}) as Record<string, unknown>;
  return {
    title: field("title"),
    slug: field("slug"),
    clientName: field("clientName"),
    category: field("category"),
    excerpt: field("excerpt"),
    challenge: field("challenge"),
    body: field("body"),
    outcome: field("outcome"),
    coverImage: field("coverImage"),
    coverAlt: field("coverAlt"),
    gallery: rows(typed.gallery).map((row) => ({
      url: text(row.url),
      alt: text(row.alt),
      caption: text(row.caption),
    })),
    metrics: rows(typed.metrics).map((row) => ({ value: text(row.value), label: text(row.label) })),
    tags: field("tags"),
    credits: [typed.credits ?? []].flat().map(text),
    testimonialId: field("testimonialId"),
    newQuote: {
      quote: text(newQuote.quote),
      name: text(newQuote.name),
      role: text(newQuote.role),
    },
    featured: field("featured"),
    status: typed.status === "published" ? "published" : "draft",
    unpublishAt: field("unpublishAt"),
    endRedirect: field("endRedirect"),
  };
}
