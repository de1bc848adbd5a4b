import type { Request as ExpressRequest, RequestHandler, Response as ExpressResponse } from "express";

import { PUBLIC_CACHE, weakEtag } from "../http/public-response.server";
import { requestScope } from "../http/request-scope.server";
import { getSiteFacts } from "../site/site-facts.server";
import type { createPageCache, Entry } from "./page-cache.server";
import {
  acceptsMarkdownFirst,
  markdownAddressOf,
  markdownCopy,
  pageOfMarkdownAddress,
  type PageText,
  pageText,
} from "./page-markdown.server";
import type { RouteHandle } from "./route-handle";

type PageCache = Pick<ReturnType<typeof createPageCache>, "publicAnswer" | "handleAt" | "pagesWhere">;

/** The most /llms-full.txt holds: the pages in the sitemap's order until the next would pass it. */
export const LLMS_FULL_MAX_BYTES = 1024 * 1024;

/** The pages with a Markdown copy: every public page, the ones the sitemap lists. */
const hasCopy = (handle: RouteHandle) => handle.sitemap === true;

const isPageData = (path: string) => path.endsWith(".data");

/**
 * The machine-readable site, made from the public pages as the page cache holds them (so a draft never
 * shows, whoever asks): every public page's Markdown copy at its address plus `.md` and at its own
 * address for `Accept: text/markdown` (the HTML then says `Vary: Accept` and names the copy in a `Link`
 * header), and /llms-full.txt, every public page's copy in one file of at most LLMS_FULL_MAX_BYTES.
 * A copy is made once per rendered page and kept with it.
 */
export function markdownPages({ pages, siteUrl }: { pages: PageCache; siteUrl: string }) {
  const texts = new WeakMap<Entry, PageText>();
  const textOf = (entry: Entry, page: string) => {
    let text = texts.get(entry);
    if (!text) {
      text = pageText(entry.body.toString("utf8"), siteUrl + (page === "/" ? "/" : page));
      texts.set(entry, text);
    }
    return text;
  };

  /** A page's copy, or what its address answers instead (a redirect to the copy of where it went, a 404). */
  async function sendCopy(
    req: ExpressRequest,
    res: ExpressResponse,
    page: string,
    asked: "suffix" | "accept",
  ) {
    const queryAt = req.url.indexOf("?");
    const { entry } = await pages.publicAnswer(page, queryAt === -1 ? "" : req.url.slice(queryAt));
    res.vary("Accept");
    const location = entry.headers.find(([name]) => name === "location")?.[1];
    if (entry.status >= 300 && entry.status < 400 && location) {
      const to = new URL(location, siteUrl);
      const same = to.origin === new URL(siteUrl).origin;
      const target = same && asked === "suffix" ? `${markdownAddressOf(to.pathname)}${to.search}` : location;
      res.redirect(entry.status, target);
      return;
    }
    res.setHeader("Cache-Control", PUBLIC_CACHE);
    if (entry.status !== 200) {
      res.status(entry.status).type("text/plain; charset=utf-8");
      res.send(entry.status === 410 ? "Gone: this page has been taken down.\n" : "Not found.\n");
      return;
    }
    res.setHeader("Link", `<${siteUrl}${page}>; rel="canonical"`);
    const etag = entry.etag.replace(/"$/, '-md"');
    sendText(req, res, "text/markdown", etag, () => markdownCopy(textOf(entry, page)));
  }

  /** A text body with its ETag, or a 304 when the client has it (as the page cache answers, whatever its Cache-Control). */
  function sendText(
    req: ExpressRequest,
    res: ExpressResponse,
    type: string,
    etag: string,
    body: () => string,
  ) {
    res.setHeader("ETag", etag);
    res.type(`${type}; charset=utf-8`);
    if (req.get("if-none-match") === etag) {
      res.status(304).end();
      return;
    }
    res.send(body());
  }

  async function llmsFull(): Promise<string> {
    const site = getSiteFacts();
    const parts = [
      `# ${site.name}\n\n> ${site.tagline}\n\nEvery public page of ${siteUrl}, as Markdown: the pages, then the case studies and the blog. Each is also at its own address plus \`.md\`; the index is ${siteUrl}/llms.txt.\n`,
    ];
    let bytes = Buffer.byteLength(parts[0]!);
    const paths = await pages.pagesWhere(hasCopy);
    for (const [at, path] of paths.entries()) {
      const { entry } = await pages.publicAnswer(path);
      if (entry.status !== 200) continue;
      const { title, url, text } = textOf(entry, path);
      const part = `---\n\nPage: ${title}\nAddress: ${url}\n\n${text}\n`;
      const size = Buffer.byteLength(part) + 1;
      if (bytes + size > LLMS_FULL_MAX_BYTES) {
        parts.push(
          `---\n\nThis file stops here to stay small: ${paths.length - at} more pages are listed in ${siteUrl}/sitemap.xml, each with its Markdown copy at its address plus \`.md\`.\n`,
        );
        break;
      }
      parts.push(part);
      bytes += size;
    }
    return parts.join("\n");
  }

  const middleware: RequestHandler = async (req, res, next) => {
    if (req.method !== "GET" && req.method !== "HEAD") return next();
    if (requestScope()?.doubledSlashes || isPageData(req.path)) return next();
    try {
      if (req.path === "/llms-full.txt") {
        const body = await llmsFull();
        res.setHeader("Cache-Control", PUBLIC_CACHE);
        sendText(req, res, "text/plain", weakEtag(body), () => body);
        return;
      }
      const copied = pageOfMarkdownAddress(req.path);
      const page = copied ?? req.path;
      if (!hasCopy(await pages.handleAt(page))) return next();
      if (copied !== null) return await sendCopy(req, res, page, "suffix");
      res.vary("Accept");
      if (acceptsMarkdownFirst(req.get("accept"))) return await sendCopy(req, res, page, "accept");
      res.append("Link", `<${siteUrl}${markdownAddressOf(page)}>; rel="alternate"; type="text/markdown"`);
      next();
    } catch (error) {
      next(error);
    }
  };

  return { middleware };
}
