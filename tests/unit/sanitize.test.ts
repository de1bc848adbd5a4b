import { describe, expect, it } from "vitest";

import { sanitizePostHtml } from "~/lib/sanitize.server";

describe("sanitizePostHtml", () => {
  it("keeps good article HTML", () => {
    const good =
      '<h2>Title</h2><p>Some <strong>bold</strong>, <em>italic</em> and <code>code</code>.</p><ul><li>One</li></ul><ol><li>Two</li></ol><blockquote>Quote</blockquote><p>Line<br>break</p><img src="/uploads/a.webp" alt="A chart">';
    const out = sanitizePostHtml(good);
    for (const part of [
      "<h2>Title</h2>",
      "<strong>bold</strong>",
      "<em>italic</em>",
      "<code>code</code>",
      "<ul><li>One</li></ul>",
      "<blockquote>Quote</blockquote>",
      "<br />",
    ]) {
      expect(out).toContain(part);
    }
    expect(out).toContain('<img src="/uploads/a.webp" alt="A chart" loading="lazy" decoding="async" />');
  });

  it("keeps safe links, opening external ones in a new tab safely", () => {
    expect(sanitizePostHtml('<a href="/contact">us</a>')).toBe('<a href="/contact">us</a>');
    expect(sanitizePostHtml('<a href="https://example.ie">x</a>')).toBe(
      '<a href="https://example.ie" target="_blank" rel="noopener noreferrer">x</a>',
    );
    expect(sanitizePostHtml('<a href="mailto:hi@example.ie">mail</a>')).toContain(
      'href="mailto:hi@example.ie"',
    );
  });

  it.each([
    ["<script>alert(1)</script><p>ok</p>", "<p>ok</p>"],
    ['<img src="x" onerror="alert(1)">', '<img src="x" loading="lazy" decoding="async" />'],
    ['<a href="javascript:alert(1)">click</a>', "<a>click</a>"],
    ['<a href="JaVaScRiPt:alert(1)">click</a>', "<a>click</a>"],
    ['<svg onload="alert(1)"><circle/></svg>', ""],
    ['<iframe src="https://evil.example"></iframe>', ""],
    ['<p style="color:red" onclick="x()">hi</p>', "<p>hi</p>"],
    ['<img src="data:image/svg+xml;base64,PHN2Zz4=">', '<img loading="lazy" decoding="async" />'],
    ["<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>", ""],
    ["<form action='/x'><input name=a></form>", ""],
    ["<h1>Big</h1>", "<h2>Big</h2>"],
  ])("removes the dangerous part of %s", (input, expected) => {
    expect(sanitizePostHtml(input)).toBe(expected);
  });
});
