import type { Request as ExpressRequest, RequestHandler, Response as ExpressResponse } from "express";
import onHeaders from "on-headers";

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

/** The longest /llms-full.txt works before letting other requests in (a page's render is about 10-50 ms). */
const SLICE_MS = 10;
/** Lets the event loop answer what is waiting (a page's render alone may never reach it). */
const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

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

  /** The file as last made, and the pages it was made from: the same pages give the same file. */
  let made: { entries: Entry[]; pages: number; body: string; etag: string } | undefined;
  let making: Promise<{ body: string; etag: string }> | undefined;

  /**
   * /llms-full.txt, made again only when a page in it was rendered again (a publish, a new post) or the
   * list of pages changed, and by one request at a time. Its pages are read
   * in slices that let other requests in: a site's first file renders hundreds of pages, which would
   * otherwise hold every visitor for seconds.
   */
  function llmsFull(): Promise<{ body: string; etag: string }> {
    if (!making) {
      making = makeLlmsFull().finally(() => (making = undefined));
      // Made behind the answer, it is nobody's to wait for: its failure is the next request's.
      making.catch(() => undefined);
    }
    // Once made, the file is answered at once and made again behind it (while the blog changes, a
    // making renders every post again): one making late at most, as its Cache-Control allows a cache.
    return made ? Promise.resolve({ body: made.body, etag: made.etag }) : making;
  }

  async function makeLlmsFull(): Promise<{ body: string; etag: string }> {
    const paths = await pages.pagesWhere(hasCopy);
    const site = getSiteFacts();
    const intro = `# ${site.name}\n\n> ${site.tagline}\n\nEvery public page of ${siteUrl}, as Markdown: the pages, then the case studies and the blog. Each is also at its own address plus \`.md\`; the index is ${siteUrl}/llms.txt.\n`;
    const parts = [intro];
    const entries: Entry[] = [];
    let bytes = Buffer.byteLength(intro);
    let sliceStarted = performance.now();
    for (const [at, path] of paths.entries()) {
      if (performance.now() - sliceStarted > SLICE_MS) {
        await nextTurn();
        sliceStarted = performance.now();
      }
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
      entries.push(entry);
      parts.push(part);
      bytes += size;
    }
    const same =
      made?.pages === paths.length &&
      made.body.startsWith(intro) &&
      made.entries.length === entries.length &&
      made.entries.every((entry, at) => entry === entries[at]);
    if (!same) {
      const body = parts.join("\n");
      made = { entries, pages: paths.length, body, etag: weakEtag(body) };
    }
    return { body: made!.body, etag: made!.etag };
  }

  const middleware: RequestHandler = async (req, res, next) => {
    if (req.method !== "GET" && req.method !== "HEAD") return next();
    if (requestScope()?.doubledSlashes || isPageData(req.path)) return next();
    try {
      if (req.path === "/llms-full.txt") {
        const { body, etag } = await llmsFull();
        res.setHeader("Cache-Control", PUBLIC_CACHE);
        sendText(req, res, "text/plain", etag, () => body);
        return;
      }
      const copied = pageOfMarkdownAddress(req.path);
      const page = copied ?? req.path;
      if (!hasCopy(await pages.handleAt(page))) return next();
      if (copied !== null) return await sendCopy(req, res, page, "suffix");
      res.vary("Accept");
      if (acceptsMarkdownFirst(req.get("accept"))) return await sendCopy(req, res, page, "accept");
      // Named only on the page itself: a redirect or a 404 at that address has no copy.
      onHeaders(res, () => {
        if (res.statusCode === 200 || res.statusCode === 304)
          res.append("Link", `<${siteUrl}${markdownAddressOf(page)}>; rel="alternate"; type="text/markdown"`);
      });
      next();
    } catch (error) {
      next(error);
    }
  };

  return { middleware };
}
