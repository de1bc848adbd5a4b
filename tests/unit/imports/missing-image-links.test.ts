// An image an import could not fetch, in the body it leaves: a link to it on the old site, worded by
// its description (never an empty link, a caption under nothing, or a gallery of empty figures), and
// the image again once it is fetched.
import { describe, expect, it } from "vitest";

import { type ImageCopier, withFetchedImages, withLocalImages } from "~/features/imports/import-steps.server";

const SITE = "https://old.example";

/** A copier for which every image is missing but those named in `here`. */
function copier(here: Record<string, string> = {}): ImageCopier {
  const sourceOf = (src: string) =>
    URL.canParse(src, `${SITE}/`)
      ? { address: new URL(src, `${SITE}/`).href, source: new URL(src, `${SITE}/`).href }
      : null;
  return Object.assign(async (src: string) => here[src] ?? null, { sourceOf });
}

describe("an image that could not be fetched", () => {
  it("is a link to the old address, worded by its description, its link and caption kept whole", async () => {
    const body = [
      `<figure><a href="${SITE}/?attachment_id=9"><img src="${SITE}/up/a-300x200.jpg" alt="The quay at dawn"></a><figcaption>Morning</figcaption></figure>`,
      // A block gallery: figures of linked images, one captioned.
      `<figure class="wp-block-gallery"><figure class="wp-block-image"><a href="${SITE}/up/b.jpg"><img src="${SITE}/up/b-1024x768.jpg" alt=""></a><figcaption>Bridge</figcaption></figure><figure class="wp-block-image"><img src="/up/c%20d.jpg" alt=""></figure></figure>`,
    ].join("\n");
    const { html, missing } = await withLocalImages(body, copier());
    expect(missing).toEqual([
      `${SITE}/up/a-300x200.jpg`,
      `${SITE}/up/b-1024x768.jpg`,
      `${SITE}/up/c%20d.jpg`,
    ]);
    expect(html).not.toContain("<img");
    expect(html).not.toMatch(/<a\b[^>]*>\s*<\/a>/);
    expect(html).toContain(
      `<figure><a href="${SITE}/up/a-300x200.jpg" title="On the old site: not fetched yet" target="_blank" rel="noopener noreferrer">Image: The quay at dawn</a><figcaption>Morning</figcaption></figure>`,
    );
    // Without a description, the file's name says what it was.
    expect(html).toContain(">Image: b-1024x768.jpg</a><figcaption>Bridge</figcaption>");
    expect(html).toContain(">Image: c d.jpg</a>");
  });

  it("becomes the image again once fetched; another link to it points at the copy", async () => {
    const { html } = await withLocalImages(
      `<p><a href="${SITE}/up/e.jpg">the full picture</a></p><figure><img src="${SITE}/up/e.jpg" alt="Tom &amp; Anna say &quot;hi&quot;"><figcaption>Us</figcaption></figure>`,
      copier(),
    );
    const fetched = withFetchedImages(html, new Map([[`${SITE}/up/e.jpg`, "/uploads/images/e/1200.jpg"]]));
    expect(fetched).toContain('<p><a href="/uploads/images/e/1200.jpg">the full picture</a></p>');
    expect(fetched).toContain(
      '<figure><img src="/uploads/images/e/1200.jpg" alt="Tom &amp; Anna say &quot;hi&quot;" loading="lazy" decoding="async" /><figcaption>Us</figcaption></figure>',
    );
    // An image not fetched yet stays a link.
    expect(withFetchedImages(html, new Map([[`${SITE}/up/other.jpg`, "/x.jpg"]]))).toBe(html);
  });

  it("named as hostile input would name it stays text, never markup", async () => {
    const { html, missing } = await withLocalImages(
      `<img src="${SITE}/up/__proto__.jpg" alt="&lt;script&gt;alert(1)&lt;/script&gt; &quot;&gt;&lt;b&gt;x&lt;/b&gt;"><img src="${SITE}/up/%E0%A4%A.jpg">`,
      copier(),
    );
    expect(missing).toHaveLength(2);
    expect(html).not.toContain("<script");
    expect(html).not.toContain("<b>");
    expect(html).toContain("&lt;b&gt;x&lt;/b&gt;</a>");
    expect(html).toContain("Image: &lt;script&gt;alert(1)&lt;/script&gt;");
    // A malformed percent-escape in the name is shown as it is.
    expect(html).toContain("Image: %E0%A4%A.jpg</a>");
  });
});
