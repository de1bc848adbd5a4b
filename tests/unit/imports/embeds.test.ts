// Embeds, players and frames of an old post as this site shows them: YouTube and Vimeo as cards named
// by their titles, sounds as links to their files, videos with their own file; hostile bodies read in
// one pass.
import { describe, expect, it } from "vitest";

import { embedCard, embedTitles, playersAsSiteMedia, videoPage } from "~/features/imports/media/embeds";
import { framesAsLinks, wordpressBody } from "~/features/imports/wordpress-body.server";

describe("a video's page", () => {
  it.each([
    ["https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=10", "https://www.youtube.com/watch?v=dQw4w9WgXcQ"],
    ["https://youtu.be/dQw4w9WgXcQ", "https://www.youtube.com/watch?v=dQw4w9WgXcQ"],
    ["//www.youtube-nocookie.com/embed/dQw4w9WgXcQ?rel=0", "https://www.youtube.com/watch?v=dQw4w9WgXcQ"],
    ["https://m.youtube.com/shorts/dQw4w9WgXcQ", "https://www.youtube.com/watch?v=dQw4w9WgXcQ"],
    ["https://player.vimeo.com/video/76979871?h=1", "https://vimeo.com/76979871"],
    ["https://vimeo.com/76979871", "https://vimeo.com/76979871"],
  ])("of %s is %s", (address, page) => {
    expect(videoPage(address)?.url).toBe(page);
  });

  it.each([
    "https://www.youtube.com/watch?v=<script>",
    "https://youtube.com.evil.example/watch?v=dQw4w9WgXcQ",
    "javascript:alert(1)//youtube.com/watch?v=dQw4w9WgXcQ",
    "https://vimeo.com/channels/staffpicks",
  ])("is none for %s", (address) => {
    expect(videoPage(address)).toBeNull();
  });
});

describe("embeds", () => {
  it("become a card named by the title WordPress kept, escaped", () => {
    const titles = embedTitles({
      _oembed_0123456789abcdef0123456789abcdef:
        '<iframe title="Tour &amp; &lt;team&gt;" src="https://www.youtube.com/embed/dQw4w9WgXcQ?feature=oembed"></iframe>',
      constructor: "x",
      __proto__: "y",
    });
    const { html } = wordpressBody(
      "[embed]https://www.youtube.com/watch?v=dQw4w9WgXcQ[/embed]\n\nhttps://vimeo.com/76979871",
      new Map(),
      { titles },
    );
    expect(html).toContain(
      '<p><a href="https://www.youtube.com/watch?v=dQw4w9WgXcQ">▶ Tour &amp; &lt;team&gt;</a> (video on YouTube)</p>',
    );
    expect(html).toContain('<p><a href="https://vimeo.com/76979871">▶ Watch the video on Vimeo</a></p>');
  });

  it("an address alone on its line, in a paragraph of its own or between lines of text, is a card", () => {
    // Once "Intro<br>URL<br>More" and "<p>URL</p>" stayed as the address in plain text.
    const card =
      '<p><a href="https://www.youtube.com/watch?v=dQw4w9WgXcQ">▶ Watch the video on YouTube</a></p>';
    for (const content of [
      "Intro text\nhttps://www.youtube.com/watch?v=dQw4w9WgXcQ\nMore text",
      "<!-- wp:paragraph -->\n<p>https://youtu.be/dQw4w9WgXcQ</p>\n<!-- /wp:paragraph -->",
    ])
      expect(wordpressBody(content, new Map()).html, content).toContain(card);
    const between = wordpressBody(
      "Intro text\nhttps://www.youtube.com/watch?v=dQw4w9WgXcQ\nMore text",
      new Map(),
    );
    expect(between.html).toContain("<p>Intro text</p>");
    expect(between.html).toContain("<p>More text</p>");
    // A frame without a title is a card once, not a card of a card.
    const frame = wordpressBody(
      '<iframe src="https://www.youtube.com/embed/dQw4w9WgXcQ"></iframe>',
      new Map(),
    );
    expect(frame.html).toContain(card);
    expect(frame.html.match(/▶/g)).toHaveLength(1);
    // An address in a sentence stays where it is.
    expect(wordpressBody("See https://youtu.be/dQw4w9WgXcQ for more", new Map()).html).toBe(
      "<p>See https://youtu.be/dQw4w9WgXcQ for more</p>",
    );
  });

  it("a frame's title names its card; another site's frame is a link named by its title", () => {
    expect(
      framesAsLinks('<iframe title="Our reel" src="https://player.vimeo.com/video/76979871"></iframe>'),
    ).toBe('<p><a href="https://vimeo.com/76979871">▶ Our reel</a> (video on Vimeo)</p>');
    expect(framesAsLinks('<iframe title="Our office" src="https://maps.example/x"></iframe>')).toBe(
      '<p><a href="https://maps.example/x">Our office</a></p>',
    );
    expect(embedCard("javascript:alert(1)")).toBe("");
  });
});

describe("sounds and videos", () => {
  it("[audio] and <audio> become links to their files; [video] and <video><source> the site's video", () => {
    const { html } = wordpressBody(
      `[audio mp3="https://old.example/ep%201.mp3"][/audio]

[video width="640" mp4="https://old.example/tour.mp4"][/video]

<audio controls><source src="https://old.example/b.ogg"></audio>

<video controls><source src="https://old.example/c.webm" type="video/webm"></video>

[audio src="javascript:alert(1)"]`,
      new Map(),
    );
    expect(html).toContain('<p><a href="https://old.example/ep%201.mp3">▶ Listen: ep 1.mp3</a></p>');
    expect(html).toContain('<video controls src="https://old.example/tour.mp4"></video>');
    expect(html).toContain('<p><a href="https://old.example/b.ogg">▶ Listen: b.ogg</a></p>');
    expect(html).toContain('<video controls src="https://old.example/c.webm"></video>');
    expect(html).not.toContain("javascript");
  });

  it("a body of thousands of unclosed players is read in one pass", () => {
    const html = playersAsSiteMedia('<audio src="https://old.example/a.mp3">'.repeat(20_000));
    expect(html.match(/Listen: a\.mp3/g)).toHaveLength(20_000);
    expect(playersAsSiteMedia("<audio".repeat(50_000))).toBe("<audio".repeat(50_000));
  });
});
