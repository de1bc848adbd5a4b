import { data, redirect } from "react-router";

import { testimonials } from "#db/schema";
import {
  caseStudySlugRedirect,
  getCaseStudyBySlug,
  nextCaseStudy,
} from "~/features/case-studies/case-studies.server";
import { endedCaseStudyAt } from "~/features/case-studies/case-study-end.server";
import { CaseStudyArticle } from "~/features/case-studies/components/case-study-article";
import { NextProject } from "~/features/case-studies/components/next-project";
import { altTextOf, bodyWithAltText } from "~/features/media/index.server";
import { clientColours, socialCardFor, studyCardSubject } from "~/features/social-cards/index.server";
import { getSessionUser } from "~/features/staff/index.server";
import { redirectToSlugSpelling } from "~/platform/http/slug-spelling.server";
import { getItem } from "~/platform/ordered-lists.server";
import { pageGone, pageNotFound } from "~/platform/pages/not-found.server";
import { workWords } from "~/platform/pages/page-copy.server";
import type { RouteHandle } from "~/platform/pages/route-handle";
import { pageMeta } from "~/platform/pages/seo";
import { sharedPreviewTarget } from "~/platform/pages/shared-preview.server";
import { withFacts } from "~/platform/site/site-settings";
import { useSiteFacts } from "~/platform/site/use-site-facts";
import { notFoundBoundary } from "~/ui/feedback/not-found";
import { ClosingCta } from "~/ui/layout/closing-cta";

import type { Route } from "./+types/case-study";

/** Served without React (docs/decisions/011), kept until a case study or the site's content changes. */
export const handle: RouteHandle = { cache: "content", content: ["case-studies"], sitemap: true };

export const meta: Route.MetaFunction = ({ loaderData, matches }) =>
  loaderData
    ? pageMeta(
        {
          title: `${loaderData.caseStudy.title} | Case Study`,
          description: loaderData.caseStudy.excerpt,
          keywords: [
            ...loaderData.caseStudy.tags,
            loaderData.caseStudy.category,
            "case study",
            "Dublin digital marketing",
          ].join(", "),
          path: `/work/${loaderData.caseStudy.slug}`,
          image: loaderData.card?.url,
          imageAlt: loaderData.card?.alt,
          imageSize: loaderData.card ?? undefined,
          breadcrumbs: [
            { name: "Home", path: "/" },
            { name: "Work", path: "/work" },
            { name: loaderData.caseStudy.title, path: `/work/${loaderData.caseStudy.slug}` },
          ],
        },
        matches,
      )
    : pageMeta({ title: "Project Not Found", noindex: true });

export const headers: Route.HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

export async function loader({ request, params }: Route.LoaderArgs) {
  // The signed-in admin may open a draft (its preview); so may a live preview link, this one's alone.
  const staff = Boolean(await getSessionUser(request));
  const shared = sharedPreviewTarget("case-study");
  const includeDrafts = staff || shared !== undefined;
  const found = getCaseStudyBySlug(params.slug, { includeDrafts });
  const caseStudy = staff || found?.status === "published" || found?.id === shared ? found : undefined;
  if (!caseStudy) {
    // A case study that reached its end: gone on purpose, or sent where the owner chose.
    const ended = endedCaseStudyAt(params.slug);
    if (ended?.endRedirect) throw redirect(ended.endRedirect, 301);
    if (ended) pageGone(request);
    const moved = caseStudySlugRedirect(params.slug);
    if (moved) throw redirect(`/work/${moved}`, 301);
    redirectToSlugSpelling(request, "work/:slug", params.slug);
    pageNotFound(request);
  }
  const { legacyMarkdown: _old, body, testimonialId, ...fields } = caseStudy;
  const next = nextCaseStudy(caseStudy);
  const quote = testimonialId ? getItem(testimonials, testimonialId) : undefined;
  return data(
    {
      caseStudy: {
        ...fields,
        coverAlt: altTextOf(fields.coverImage, fields.coverAlt),
        html: bodyWithAltText(body),
      },
      quote: quote?.status === "published" ? quote : null,
      colours: clientColours(caseStudy.clientName || caseStudy.title),
      shared: shared !== undefined,
      // The closing is the portfolio's words (page copy "work"), the same under every study.
      closing: workWords().studyClosing,
      // Its social card (drawn when it was saved): named here, never drawn on a visitor's request.
      card: caseStudy.status === "published" ? socialCardFor(studyCardSubject(caseStudy)) : null,
      next: next && {
        slug: next.slug,
        title: next.title,
        clientName: next.clientName,
        category: next.category,
        coverImage: next.coverImage,
      },
    },
    { headers: includeDrafts ? { "Cache-Control": "private, no-store" } : {} },
  );
}

export default function CaseStudyPage({
  loaderData: { caseStudy, quote, next, closing, shared, colours },
}: Route.ComponentProps) {
  const site = useSiteFacts();
  return (
    <>
      <CaseStudyArticle caseStudy={caseStudy} quote={quote} shared={shared} colours={colours} />

      {next && (
        <NextProject
          label="Next project"
          to={`/work/${next.slug}`}
          title={next.title}
          category={next.category}
          coverImage={next.coverImage}
        />
      )}

      <ClosingCta {...withFacts(closing, site)} />
    </>
  );
}

export const ErrorBoundary = notFoundBoundary({
  title: "Project Not Found",
  message: "The project you're looking for doesn't exist.",
  actions: [{ label: "Back to Portfolio", to: "/work" }],
});
