const escapeAttribute = (value: string) =>
  value.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
const escapeText = (value: string) =>
  value.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

/** A video on a site this one links to rather than plays: its own page's address and the site's name. */
export type VideoPage = { url: string; provider: "YouTube" | "Vimeo"; key: string };

/**
 * The video an address shows on YouTube or Vimeo (its watch page, short link, player or embed frame),
 * as the address of its page there; null for any other address. The security policy lets no other
 * site's player run here, so the page is what a reader is sent to.
 */
export function videoPage(address: string): VideoPage | null {
  let url: URL;
  try {
    url = new URL(address.trim().startsWith("//") ? `https:${address.trim()}` : address.trim());
  } catch {
    return null;
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") return null;
  const host = url.hostname.replace(/^(www|m)\./, "");
  const youtube = (id: string | null | undefined) =>
    id && /^[\w-]{6,20}$/.test(id)
      ? ({ url: `https://www.youtube.com/watch?v=${id}`, provider: "YouTube", key: `youtube:${id}` } as const)
      : null;
  if (host === "youtu.be") return youtube(url.pathname.split("/")[1]);
  if (host === "youtube.com" || host === "youtube-nocookie.com") {
    if (url.pathname === "/watch") return youtube(url.searchParams.get("v"));
    const m = /^\/(?:embed|shorts|v|live)\/([\w-]+)/.exec(url.pathname);
    return youtube(m?.[1]);
  }
  if (host === "vimeo.com" || host === "player.vimeo.com") {
    const id = /^\/(?:video\/)?(\d{1,12})(?:\/|$)/.exec(url.pathname)?.[1];
    return id ? { url: `https://vimeo.com/${id}`, provider: "Vimeo", key: `vimeo:${id}` } : null;
  }
  return null;
}

/** The titles WordPress kept of the videos a post embeds, by video (from its cached oEmbed frames). */
export function embedTitles(meta: Record<string, string>): Map<string, string> {
  const titles = new Map<string, string>();
  for (const [key, value] of Object.entries(meta)) {
    if (!key.startsWith("_oembed_") || key.startsWith("_oembed_time_")) continue;
    const src = /\bsrc\s*=\s*["']([^"']+)["']/i.exec(value)?.[1];
    const title = /\btitle\s*=\s*"([^"]*)"/i.exec(value)?.[1];
    const video = src ? videoPage(src) : null;
    if (video && title?.trim()) titles.set(video.key, decodeEntities(title.trim()));
  }
  return titles;
}

const decodeEntities = (text: string) =>
  text
    .replace(/&quot;/g, '"')
    .replace(/&#0?39;|&apos;/g, "'")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&");

/**
 * What an embedded address becomes: a YouTube or Vimeo video a card naming it (its title when the old
 * site kept one) and linking to its page; any other address a link with its title or address. Empty
 * for what is not an http(s) address.
 */
export function embedCard(address: string, title = "", titles: Map<string, string> = new Map()): string {
  const url = address.trim();
  if (!/^https?:\/\/\S+$/i.test(url) && !/^\/\/\S+$/.test(url)) return "";
  const video = videoPage(url);
  if (!video) {
    const href = url.startsWith("//") ? `https:${url}` : url;
    return `<p><a href="${escapeAttribute(href)}">${escapeText(title.trim() || href)}</a></p>`;
  }
  const named = (title.trim() || titles.get(video.key) || "").slice(0, 300);
  const link = (text: string) => `<a href="${escapeAttribute(video.url)}">${escapeText(text)}</a>`;
  return named
    ? `<p>${link(`▶ ${named}`)} (video on ${video.provider})</p>`
    : `<p>${link(`▶ Watch the video on ${video.provider}`)}</p>`;
}

/**
 * Each `<tag …>…</tag>` of `html` replaced by what `replace` makes of its opening tag and what it
 * holds. Each element's end is found by a pointer that only moves forward, so a body of thousands of
 * unclosed elements is read once; an element with another of its kind before its end is taken as
 * unclosed (its opening tag alone is replaced).
 */
export function replaceElements(
  html: string,
  tag: string,
  replace: (openingTag: string, inner: string) => string,
): string {
  const lower = html.toLowerCase();
  const opening = `<${tag}`;
  const closingTag = `</${tag}>`;
  if (!lower.includes(opening)) return html;
  const out: string[] = [];
  let from = 0;
  let closing = -1;
  for (let at = lower.indexOf(opening, from); at !== -1; at = lower.indexOf(opening, from)) {
    const tagEnd = html.indexOf(">", at);
    if (tagEnd === -1) break;
    if (!new RegExp(`^<${tag}[\\s/>]`).test(lower.slice(at, at + tag.length + 2))) {
      out.push(html.slice(from, tagEnd + 1));
      from = tagEnd + 1;
      continue;
    }
    if (closing !== -2 && closing < tagEnd) closing = lower.indexOf(closingTag, tagEnd);
    if (closing === -1) closing = -2; // none left: never looked for again
    const closed = closing >= 0 && !lower.slice(tagEnd, closing).includes(opening);
    const end = closed ? closing + closingTag.length : tagEnd + 1;
    out.push(
      html.slice(from, at),
      replace(html.slice(at, tagEnd + 1), closed ? html.slice(tagEnd + 1, closing) : ""),
    );
    from = end;
  }
  out.push(html.slice(from));
  return out.join("");
}

/** An attribute's value in an opening tag, or undefined. */
export const attributeOf = (openingTag: string, name: string) =>
  new RegExp(`\\s${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)')`, "i")
    .exec(openingTag)
    ?.slice(1)
    .find((value) => value !== undefined);

/** A sound as this site shows it: a link to its file (the editor has no player for sound). */
export function audioLink(src: string): string {
  const name =
    decodeURIComponent(src.split(/[?#]/)[0]!.split("/").pop() ?? "").replace(/%/g, "") || "the recording";
  return `<p><a href="${escapeAttribute(src)}">${escapeText(`▶ Listen: ${name}`)}</a></p>`;
}

/**
 * Sounds and videos as the site keeps them: an `<audio>` a link to its file, a `<video>` whose file is
 * named by a `<source>` the video with that file (the sanitizer keeps a video's own src only).
 */
export function playersAsSiteMedia(html: string): string {
  const fileOf = (openingTag: string, inner: string) => {
    const own = attributeOf(openingTag, "src");
    if (own) return decodeEntities(own);
    const source = /<source\b[^>]*>/i.exec(inner.slice(0, 2000))?.[0];
    const named = source && attributeOf(source, "src");
    return named ? decodeEntities(named) : undefined;
  };
  const withAudio = replaceElements(html, "audio", (openingTag, inner) => {
    const file = fileOf(openingTag, inner);
    return file ? audioLink(file) : "";
  });
  return replaceElements(withAudio, "video", (openingTag, inner) => {
    const file = fileOf(openingTag, inner);
    return file ? `<video controls src="${escapeAttribute(file)}"></video>` : "";
  });
}

/**
 * A paragraph that is only a link to a YouTube or Vimeo video (an address alone on its line, an
 * embed, a frame, as the conversions before this leave them) becomes the video's card.
 */
export function embedsAsCards(html: string, titles: Map<string, string> = new Map()): string {
  return html.replace(
    // A linked address, or one left unlinked (a block editor's paragraph of an address: WordPress
    // embedded it too). One pass, so a card made is not read again.
    /<p>(?:\s{0,20}(https?:\/\/[^\s<>"]{1,2000})\s{0,20}|<a href="([^"<>]{1,2000})">([^<]{0,2000})<\/a>)<\/p>/g,
    (whole, bare: string | undefined, href: string | undefined, text: string | undefined) => {
      const address = decodeEntities(bare ?? href ?? "");
      if (!videoPage(address)) return whole;
      const said = decodeEntities(text ?? "").trim();
      // A card already (a frame's, made before this).
      if (said.startsWith("▶ ")) return whole;
      return embedCard(address, said === address ? "" : said, titles);
    },
  );
}
