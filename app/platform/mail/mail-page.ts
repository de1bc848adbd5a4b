const escaped = (text: string) => text.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);

/** The envelope above the e-mail (its subject, address, dates), styled inline: the page's policy allows no other. */
function envelope(rows: [label: string, value: string][]): string {
  if (rows.length === 0) return "";
  const cells = rows
    .map(
      ([label, value]) =>
        `<dt style="font-weight:600;margin:0">${escaped(label)}</dt><dd style="margin:0;overflow-wrap:anywhere">${escaped(value)}</dd>`,
    )
    .join("");
  return `<div style="margin:0;padding:12px 16px;background:#f4f4f5;color:#18181b;border-bottom:1px solid #d4d4d8;font:14px/1.5 system-ui,-apple-system,'Segoe UI',sans-serif"><dl style="margin:0 auto;max-width:640px;display:grid;grid-template-columns:max-content 1fr;gap:2px 16px">${cells}</dl></div>`;
}

/**
 * An e-mail's HTML as a page the admin opens to read it, titled `title`, with `heading`'s rows (Subject,
 * To…) above the body. Its own policy: the e-mail's inline styles apply, nothing in it runs or loads
 * (images only from this site, when `images`), and its links can still be followed. With `newTabs` a link
 * may open a tab, as an e-mail's buttons ask to (target="_blank"): the sandbox otherwise refuses them
 * silently, and the tab is an ordinary page of the site, outside the sandbox.
 */
export function mailAsPage(
  html: string,
  title: string,
  {
    images = false,
    newTabs = false,
    heading = [],
  }: { images?: boolean; newTabs?: boolean; heading?: [label: string, value: string][] } = {},
): Response {
  const tag = `<title>${escaped(title)}</title>`;
  const titled = /<title>[^<]*<\/title>/.test(html)
    ? html.replace(/<title>[^<]*<\/title>/, tag)
    : html.replace(/<head>/, `<head>${tag}`);
  const top = envelope(heading);
  const page = !top
    ? titled
    : /<body[^>]*>/.test(titled)
      ? titled.replace(/<body[^>]*>/, (body) => `${body}${top}`)
      : `${top}${titled}`;
  return new Response(page, {
    headers: {
      "Content-Type": "text/html; charset=utf-8",
      "Content-Security-Policy": `default-src 'none'; style-src 'unsafe-inline';${images ? " img-src 'self' data:;" : ""} sandbox${newTabs ? " allow-popups allow-popups-to-escape-sandbox" : ""}`,
      "Cache-Control": "private, no-store",
    },
  });
}
