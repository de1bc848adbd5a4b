// A WordPress body as this site's HTML: WordPress's own shortcodes, blocks and frames, and the bodies a
// hostile (or merely unusual) export holds. The large inputs took from seconds to minutes each when
// shortcodes, frames and block comments were found by regular expressions that looked ahead through
// the rest of the body for every opening one; read in one pass, each is done at once.
import { describe, expect, it } from "vitest";

import {
  type Attachment,
  framesAsLinks,
  galleryImages,
  wordpressBody,
} from "~/features/imports/wordpress-body.server";

const KB = 1024;
const none = new Map<string, Attachment>();
const body = (content: string) => wordpressBody(content, none);

describe("WordPress's shortcodes", () => {
  it("become what they show, and a plugin's is taken out with its text kept", () => {
    const attachments = new Map([["7", { id: "7", url: "https://old.example/a.jpg", alt: "A shop" }]]);
    const { html, problems } = wordpressBody(
      `[caption id="attachment_7" width="300"]<a href="/big"><img src="https://old.example/a-300x200.jpg" alt=""></a> The shop[/caption]

[embed]https://www.youtube.com/watch?v=abc[/embed]

[gallery ids="7, 8"]

[contact-form-7 id="5" title="Contact"] and [note]kept words[/note], arr[i] and [1] stay.`,
      attachments,
    );
    expect(html).toContain(
      '<figure><a href="/big"><img src="https://old.example/a-300x200.jpg" alt=""></a><figcaption>The shop</figcaption></figure>',
    );
    expect(html).toContain(
      '<a href="https://www.youtube.com/watch?v=abc">https://www.youtube.com/watch?v=abc</a>',
    );
    expect(html).toContain('<figure><img src="https://old.example/a.jpg" alt="A shop"></figure>');
    expect(html).toContain("and kept words, arr[i] and [1] stay.");
    expect(html).not.toContain("contact-form-7");
    expect(problems.sort()).toEqual([
      "shortcode [contact-form-7] is not supported here: taken out, its text kept",
      "shortcode [note] is not supported here: taken out, its text kept",
    ]);
  });

  it("a [gallery] without ids shows the images uploaded to its post, in WordPress's order", () => {
    // The theme unit test's gallery post is nine such galleries: once nine headings over nothing.
    const attachments = new Map<string, Attachment>(
      [
        { id: "12", url: "https://old.example/c.jpg", alt: "C", parent: "555", order: 0 },
        { id: "11", url: "https://old.example/b.jpg", alt: "B", parent: "555", order: 0 },
        { id: "20", url: "https://old.example/a.jpg", alt: "A", parent: "555", order: -1 },
        { id: "13", url: "https://old.example/menu.pdf", alt: "", parent: "555", order: 0 },
        { id: "14", url: "https://old.example/other.jpg", alt: "Other", parent: "9", order: 0 },
      ].map((a) => [a.id, a]),
    );
    const galleries = galleryImages(attachments);
    const srcs = (html: string) => [...html.matchAll(/src="([^"]+)"/g)].map((m) => m[1]);
    const shown = (content: string) =>
      srcs(wordpressBody(content, attachments, { postId: "555", galleries }).html);
    expect(shown('<h2>Two Columns</h2>\n[gallery columns="2"]')).toEqual([
      "https://old.example/a.jpg",
      "https://old.example/b.jpg",
      "https://old.example/c.jpg",
    ]);
    expect(shown('[gallery exclude="11,20"]')).toEqual(["https://old.example/c.jpg"]);
    expect(shown('[gallery id="9"]')).toEqual(["https://old.example/other.jpg"]);
    expect(shown('[gallery include="14"]')).toEqual(["https://old.example/other.jpg"]);
    expect(srcs(wordpressBody("[gallery]", attachments, { postId: "77", galleries }).html)).toEqual([]);
  });

  it("a block gallery of WordPress 5 is its figures, not a bulleted list", () => {
    const { html } = body(
      `<!-- wp:gallery {"ids":[]} --><figure class="wp-block-gallery columns-3"><ul class="blocks-gallery-grid"><li class="blocks-gallery-item"><figure><img src="https://old.example/a.jpg" alt="a"/><figcaption>One</figcaption></figure></li></ul></figure><!-- /wp:gallery -->`,
    );
    expect(html).not.toMatch(/<\/?(ul|li)\b/);
    expect(html).toContain(
      '<figure><img src="https://old.example/a.jpg" alt="a"/><figcaption>One</figcaption></figure>',
    );
  });

  it("a caption's own caption attribute wins over its text", () => {
    expect(body('[caption caption="Said here"]<img src="/a.jpg"> ignored[/caption]').html).toContain(
      "<figcaption>Said here</figcaption>",
    );
  });
});

describe("bodies that read slowly by look-ahead are read in one pass", () => {
  const big = (unit: string) => unit.repeat(Math.ceil((600 * KB) / unit.length));

  it.each([
    ["unclosed captions", "[caption]"],
    ["unclosed embeds", "[embed]"],
    ["square brackets of code", "[a]"],
    ["a programming blog's arrays", "arr[i] = x; "],
    ["an opening bracket never closed", "["],
  ])("%s stay as text", (_name, unit) => {
    const content = big(unit);
    const { html, problems } = body(content);
    expect(problems).toEqual([]);
    expect(html.startsWith("<p>")).toBe(true);
    expect(html.length).toBeGreaterThanOrEqual(content.trim().length);
  });

  it("closed captions, each shown as a figure", () => {
    const { html } = body(big('[caption id="x"]<img src="/a.jpg"> Hello[/caption]\n'));
    expect(html.split("<figcaption>Hello</figcaption>").length - 1).toBe(
      Math.ceil((600 * KB) / '[caption id="x"]<img src="/a.jpg"> Hello[/caption]\n'.length),
    );
  });

  it("block comments that never close are shown as text, not parsed", () => {
    for (const unit of ["<!-- wp:paragraph {", '<!-- wp:p {"a":"}} ']) {
      const { html } = body(big(unit));
      expect(html).toContain("&lt;!-- wp:");
      expect(html).not.toContain("<!--");
    }
    // Sound ones around them still count as blocks.
    expect(body("<!-- wp:spacer -->\n<div></div>\n<!-- /wp:spacer --><!-- wp:p {").html).toBe(
      "<p>&lt;!-- wp:p {</p>",
    );
  });

  it("frames that never close each become a link", () => {
    const html = framesAsLinks(big('<iframe src="https://maps.example/x">'));
    expect(html).not.toContain("<iframe");
    expect(html.split('<a href="https://maps.example/x">').length - 1).toBe(
      Math.ceil((600 * KB) / '<iframe src="https://maps.example/x">'.length),
    );
    expect(framesAsLinks('a<iframe src="//v.example/1">fallback</iframe>b')).toBe(
      'a<p><a href="https://v.example/1">https://v.example/1</a></p>b',
    );
  });

  it("attributes never closed by a quote are read once", () => {
    const { html, problems } = body(`[x ${'a="'.repeat(200 * KB)}] after`);
    expect(html).toBe("<p>after</p>");
    expect(problems).toEqual(["shortcode [x] is not supported here: taken out, its text kept"]);
  });
});
