import { z } from "zod";

import { POST_STATUSES, searchPublishedPosts } from "~/features/posts/posts.server";
import { staffPostsPage } from "~/features/posts/staff-posts-page.server";
import { getSessionUser, requireApiAdmin } from "~/features/staff/index.server";
import { issuesOf, jsonError } from "~/platform/http/api.server";
import { pageHeaders, pagingFields } from "~/platform/http/api-paging.server";
import { publicResponse } from "~/platform/http/public-response.server";
import { siteLanguages } from "~/platform/i18n/site-languages.server";
import type { RouteHandle } from "~/platform/pages/route-handle";

import { postJson } from "../post-json";
import { writePost } from "../post-write.server";
import { translationsAnswer } from "../translations/api-translations.server";
import type { Route } from "./+types/api-blog";

/** Posts per page unless `limit` says otherwise, and the most `limit` may ask for. */
const API_PAGE_SIZE = 20;
const API_MAX_PAGE_SIZE = 50;

/** The public answer is kept by the page cache until the posts change; the admin's never is. */
export const handle: RouteHandle = {
  cache: "content",
  content: ["posts"],
  query: ["status", "page", "limit", "lang"],
  access: "contributor",
};

const QuerySchema = z.object({
  status: z.enum(POST_STATUSES, { error: "status must be 'draft', 'scheduled' or 'published'" }).optional(),
  ...pagingFields(API_PAGE_SIZE, API_MAX_PAGE_SIZE),
  /** A language other than the default: its translations (absent: the posts themselves, as before). */
  lang: z.string().max(10, "Unknown language").optional(),
});
type Query = z.infer<typeof QuerySchema>;

const blogPageHeaders = ({ status, lang, ...page }: Query, total: number) =>
  pageHeaders("/api/blog", { status, lang }, page, total);

/**
 * GET /api/blog[?status=...][&page=1][&limit=20][&lang=ga]: a page of posts, newest first. The public get
 * published posts only; the admin gets every post (most recently changed first). With another
 * language than the default: that language's translations instead.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const parsed = QuerySchema.safeParse(Object.fromEntries(new URL(request.url).searchParams));
  if (!parsed.success) return jsonError(400, "Invalid query", issuesOf(parsed.error));
  const query = parsed.data;
  const { status, page, limit } = query;
  const admin = await getSessionUser(request);
  if (query.lang !== undefined && query.lang !== siteLanguages().default)
    return translationsAnswer(request, query, Boolean(admin), (total) => blogPageHeaders(query, total));
  if (!admin) {
    if (status && status !== "published") return jsonError(401, "Sign in to see drafts and scheduled posts");
    const { posts, total } = searchPublishedPosts({ page, pageSize: limit });
    return publicResponse(request, JSON.stringify(posts.map(postJson)), {
      "Content-Type": "application/json",
      ...blogPageHeaders(query, total),
    });
  }
  const { rows, total } = staffPostsPage({ status, limit, offset: (page - 1) * limit });
  return Response.json(rows.map(postJson), {
    headers: { "Cache-Control": "private, no-store", ...blogPageHeaders(query, total) },
  });
}

/** POST /api/blog: creates a post (201 with the post, its slug included). */
export async function action({ request }: Route.ActionArgs) {
  if (request.method !== "POST")
    return jsonError(405, "Use POST to create a post", undefined, { Allow: "GET, POST" });
  const admin = await requireApiAdmin(request);
  return writePost(request, undefined, admin);
}
