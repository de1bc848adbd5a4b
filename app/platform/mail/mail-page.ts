const escaped = (text: string) => text.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * An e-mail's HTML as a page the admin opens to read it, titled `title`. Its own policy: the e-mail's
 * inline styles apply, nothing in it runs or loads (images only from this site, when `images`), and
 * its links can still be followed.
 */
export function mailAsPage(html: string, title: string, { images = false } = {}): Response {
  const tag = `<title>${escaped(title)}</title>`;
  const titled = /<title>[^<]*<\/title>/.test(html)
    ? html.replace(/<title>[^<]*<\/title>/, tag)
    : html.replace(/<head>/, `<head>${tag}`);
  return new Response(titled, {
    headers: {
      "Content-Type": "text/html; charset=utf-8",
      "Content-Security-Policy": `default-src 'none'; style-src 'unsafe-inline';${images ? " img-src 'self' data:;" : ""} sandbox`,
      "Cache-Control": "private, no-store",
    },
  });
}
