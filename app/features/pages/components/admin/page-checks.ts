import {
  checkWriting,
  type WritingContext,
  type WritingProblem,
  type WritingProblemCode,
} from "~/platform/text/writing-checks";

import type { Loose } from "./copy-form";
import { type FieldSpec, isLong, type ObjectSpec } from "./copy-spec";

/** The checks of a body that apply to one of a page's long or rich fields. */
const BODY_CHECKS = new Set<WritingProblemCode>([
  "image-no-alt",
  "image-alt-file-name",
  "heading-h1",
  "heading-skip",
  "paragraph-long",
  "link-text-vague",
  "link-text-url",
  "link-broken",
  "readability-low",
]);

const escapeText = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
const escapeAttribute = (text: string) => escapeText(text).replace(/"/g, "&quot;");
const textOf = (value: unknown) => (typeof value === "string" ? value : "");
const join = (path: string, part: string | number) => (path ? `${path}.${part}` : String(part));

/**
 * One of the page's fields as a body for the one checker: its problems named by the field's label and
 * linked to the field's path (the checker names them "Body" and "content").
 */
function checkAsBody(html: string, label: string, path: string, context: WritingContext): WritingProblem[] {
  return checkWriting({ title: "", html, summary: "" }, context)
    .filter((problem) => BODY_CHECKS.has(problem.code))
    .map((problem) => ({
      ...problem,
      where: problem.where === "Body" ? label : problem.where.replace(/^Body,/, `${label},`),
      field: path,
    }));
}

/** The search title and description (a page's "meta" part), checked as a post's are. */
function checkSearch(meta: Loose, path: string): WritingProblem[] {
  const description = textOf(meta["description"]);
  return checkWriting({ title: textOf(meta["title"]), summary: description, html: "" })
    .filter((problem) => problem.code.startsWith("search-"))
    .map((problem) => ({
      ...problem,
      field: join(path, problem.code.startsWith("search-title") ? "title" : "description"),
    }));
}

/**
 * Every check of a page's words as the form holds them: the search title and description, the long and
 * rich fields as bodies (headings, images, links, paragraphs, reading ease), and each button's target and
 * text as a link. Problems are in the form's order.
 */
export function checkPageCopy(spec: ObjectSpec, copy: Loose, context: WritingContext = {}): WritingProblem[] {
  const problems: WritingProblem[] = [];
  const walk = (field: FieldSpec, value: unknown, path: string, trail: string) => {
    if (field.type === "object") {
      const object = (value && typeof value === "object" ? value : {}) as Loose;
      if (field.key === "meta" && field.fields.some((inner) => inner.key === "title")) {
        problems.push(...checkSearch(object, path));
        return;
      }
      const to = field.fields.find((inner) => inner.key === "to" && inner.type === "text");
      const label = field.fields.find((inner) => inner.key === "label" && inner.type === "text");
      if (to && textOf(object["to"]).trim()) {
        const text = escapeText(textOf(object[label ? "label" : "title"]));
        const html = `<a href="${escapeAttribute(textOf(object["to"]).trim())}">${text}</a>`;
        problems.push(...checkAsBody(html, trail || field.label, join(path, "to"), context));
      }
      for (const inner of field.fields)
        walk(
          inner,
          object[inner.key],
          join(path, inner.key),
          trail ? `${trail} › ${inner.label}` : inner.label,
        );
    } else if (field.type === "list") {
      const items = Array.isArray(value) ? value : [];
      // "Sections › Section 2" says it twice: the item's name in place of the list's.
      const cut = trail.lastIndexOf(" › ");
      const parent = cut === -1 ? "" : `${trail.slice(0, cut)} › `;
      items.forEach((item, index) =>
        walk(field.item, item, join(path, index), `${parent}${field.itemLabel} ${index + 1}`),
      );
    } else if (field.type === "text" && (field.rich || isLong(field))) {
      const text = textOf(value);
      if (!text.trim()) return;
      const html = field.rich ? text : `<p>${escapeText(text)}</p>`;
      problems.push(...checkAsBody(html, trail || field.label, path, context));
    }
  };
  for (const field of spec.fields) walk(field, copy[field.key], field.key, field.label);
  return problems;
}

/** The internal paths a page's words link to whose pages do not exist (for the checks in the browser). */
export function brokenPageLinks(
  spec: ObjectSpec,
  copy: Loose,
  pageExists: (path: string) => boolean,
): string[] {
  const broken = new Set<string>();
  checkPageCopy(spec, copy, {
    pageExists: (path) => {
      const found = pageExists(path);
      if (!found) broken.add(path);
      return found;
    },
  });
  return [...broken];
}
