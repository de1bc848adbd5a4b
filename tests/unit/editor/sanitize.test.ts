import { describe, expect, it } from "vitest";

import { sanitizePostHtml } from "~/platform/text/sanitize.server";

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
    // An image whose address is refused is left out whole, not kept as an empty frame.
    ['<img src="data:image/svg+xml;base64,PHN2Zz4=">', ""],
    ["<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>", ""],
    ["<form action='/x'><input name=a></form>", ""],
    ["<h1>Big</h1>", "<h2>Big</h2>"],
  ])("removes the dangerous part of %s", (input, expected) => {
    expect(sanitizePostHtml(input)).toBe(expected);
  });

  describe("figures and videos from this site", () => {
    it("keeps an image with its caption", () => {
      expect(
        sanitizePostHtml(
          '<figure><img src="/uploads/a.webp" alt="A chart"><figcaption>Q1 leads</figcaption></figure>',
        ),
      ).toBe(
        '<figure><img src="/uploads/a.webp" alt="A chart" loading="lazy" decoding="async" /><figcaption>Q1 leads</figcaption></figure>',
      );
    });

    it("keeps an uploaded video with its captions track", () => {
      const video =
        '<figure><video controls src="/uploads/clip.mp4" preload="metadata"><track kind="captions" src="/uploads/clip.vtt" srclang="en" label="English"></video><figcaption>Our studio</figcaption></figure>';
      expect(sanitizePostHtml(video)).toBe(
        '<figure><video src="/uploads/clip.mp4" controls preload="metadata"><track kind="captions" src="/uploads/clip.vtt" srclang="en" label="English" /></video><figcaption>Our studio</figcaption></figure>',
      );
    });

    it("always gives a video its controls and only loads its metadata", () => {
      expect(
        sanitizePostHtml('<video src="/uploads/a.webm" autoplay preload="auto" loop muted></video>'),
      ).toBe('<video src="/uploads/a.webm" controls preload="metadata"></video>');
    });

    it.each([
      ['<video src="https://evil.example/a.mp4" controls></video>', ""],
      ['<video src="//evil.example/a.mp4"></video>', ""],
      ['<video src="javascript:alert(1)"></video>', ""],
      [
        '<video src="/uploads/a.mp4" onplay="alert(1)" poster="https://evil.example/p.png"></video>',
        '<video src="/uploads/a.mp4" controls preload="metadata"></video>',
      ],
      [
        '<video src="/uploads/a.mp4"><track src="https://evil.example/x.vtt"><track src="/uploads/a.vtt" kind="metadata" srclang="&quot;><script>" onload="x()"></video>',
        '<video src="/uploads/a.mp4" controls preload="metadata"><track kind="captions" src="/uploads/a.vtt" srclang="en" label="English" /></video>',
      ],
      [
        '<video src="/uploads/a.mp4"><source src="https://evil.example/b.mp4"><script>alert(1)</script></video>',
        '<video src="/uploads/a.mp4" controls preload="metadata"></video>',
      ],
      [
        '<figure onclick="x()" style="color:red"><figcaption class="MsoNormal">Hi</figcaption></figure>',
        "<figure><figcaption>Hi</figcaption></figure>",
      ],
    ])("drops what is not an uploaded file or allowed: %s", (input, expected) => {
      expect(sanitizePostHtml(input)).toBe(expected);
    });
  });

  it("drops empty paragraphs and list items (Enter after the last bullet), keeping images and text", () => {
    expect(
      sanitizePostHtml("<ul><li><p>One</p></li><li><p>Two</p></li><li><p></p></li></ul><p></p><p> <br> </p>"),
    ).toBe("<ul><li><p>One</p></li><li><p>Two</p></li></ul>");
    expect(
      sanitizePostHtml('<p><img src="https://example.ie/a.png" alt="" /></p><ol><li>x</li><li> </li></ol>'),
    ).toBe(
      '<p><img src="https://example.ie/a.png" alt="" loading="lazy" decoding="async" /></p><ol><li>x</li></ol>',
    );
  });
});

describe("tables, definition lists and linked images keep their shape", () => {
  it("keeps a table's rows, header cells and sensible spans, and nothing else of its attributes", () => {
    expect(
      sanitizePostHtml(
        '<table style="width:900px"><caption>Prices</caption><thead><tr><th scope="col" onclick="x()">Plan</th><th scope="evil">Price</th></tr></thead><tbody><tr><td colspan="2" rowspan="99999">€450</td><td colspan="999">x</td></tr></tbody></table>',
      ),
    ).toBe(
      '<table><caption>Prices</caption><thead><tr><th scope="col">Plan</th><th>Price</th></tr></thead><tbody><tr><td colspan="2">€450</td><td>x</td></tr></tbody></table>',
    );
  });

  it("keeps a definition list", () => {
    expect(sanitizePostHtml('<dl class="x"><dt>SEO</dt><dd>Being found.</dd></dl>')).toBe(
      "<dl><dt>SEO</dt><dd>Being found.</dd></dl>",
    );
  });

  it("keeps a paragraph that holds only a linked image", () => {
    expect(
      sanitizePostHtml('<p><a href="/uploads/big.jpg"><img src="/uploads/a.jpg" alt="A"></a></p><p> </p>'),
    ).toBe(
      '<p><a href="/uploads/big.jpg"><img src="/uploads/a.jpg" alt="A" loading="lazy" decoding="async" /></a></p>',
    );
  });
});
