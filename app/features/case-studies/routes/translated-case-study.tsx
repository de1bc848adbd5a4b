import { data, redirect } from "react-router";

import { testimonials } from "#db/schema";
import { getCaseStudyBySlug } from "~/features/case-studies/case-studies.server";
import { CaseStudyArticle } from "~/features/case-studies/components/case-study-article";
import { NextProject } from "~/features/case-studies/components/next-project";
import { shownTranslation } from "~/features/case-studies/studies-shown.server";
import {
  caseStudyTranslationAt,
  liveCaseStudyTranslationAddresses,
  movedCaseStudyTranslationSlug,
} from "~/features/case-studies/translations/case-study-translations.server";
import { altTextOf, bodyWithAltText } from "~/features/media/index.server";
import { clientColours, socialCardFor, studyCardSubject } from "~/features/social-cards/index.server";
import { getSessionUser } from "~/features/staff/index.server";
import { LANGUAGES, pathIn } from "~/platform/i18n/languages";
import { languageOf } from "~/platform/i18n/request-language.server";
import { siteLanguages } from "~/platform/i18n/site-languages.server";
import { pageLanguageFrom, useWords, wordsOf } from "~/platform/i18n/use-words";
import { getItem } from "~/platform/ordered-lists.server";
import { pageNotFound } from "~/platform/pages/not-found.server";
import { workWordsIfAny } from "~/platform/pages/page-copy.server";
import type { RouteHandle } from "~/platform/pages/route-handle";
import { pageMeta } from "~/platform/pages/seo";
import { withFacts } from "~/platform/site/site-settings";
import { useSiteFacts } from "~/platform/site/use-site-facts";
import { notFoundBoundary } from "~/ui/feedback/not-found";
import { ClosingCta } from "~/ui/layout/closing-cta";

import type { Route } from "./+types/translated-case-study";

/** Served without React, kept until a case study or the site's content changes. */
export const handle: RouteHandle = { cache: "content", content: ["case-studies"], sitemap: true };

export const meta: Route.MetaFunction = ({ loaderData, matches }) => {
  if (!loaderData)
    return pageMeta({ title: wordsOf(pageLanguageFrom(matches)).t("study.notFound.title"), noindex: true });
  const { caseStudy, seo } = loaderData;
  const words = pageLanguageFrom(matches).words;
  return pageMeta(
    {
      title: seo.title ?? caseStudy.title,
      description: seo.description ?? caseStudy.excerpt,
      keywords: [...caseStudy.tags, caseStudy.category].join(", "),
      path: `/work/${caseStudy.slug}`,
      ...(loaderData.card && {
        image: loaderData.card.url,
        imageAlt: loaderData.card.alt,
        imageSize: loaderData.card,
      }),
      breadcrumbs: [
        { name: words["nav.home"], path: "/" },
        { name: words["nav.work"], path: "/work" },
        { name: caseStudy.title, path: `/work/${caseStudy.slug}` },
      ],
    },
    matches,
  );
};

export const headers: Route.HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

/**
 * /ga/work/<slug>: a case study in another language, at its translation's own address. A former
 * address of a live translation answers 301; an untranslated study is a 404 offering its default
 * language's page (the address may be the default's own slug). Staff may open a draft translation.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const lang = languageOf(context);
  const site = siteLanguages();
  const staff = Boolean(await getSessionUser(request));
  const found = caseStudyTranslationAt(lang, params.slug, { includeDrafts: staff });
  if (!found) {
    const moved = movedCaseStudyTranslationSlug(lang, params.slug);
    if (moved) throw redirect(pathIn(lang, `/work/${moved}`, site), 301);
    const original = getCaseStudyBySlug(params.slug);
    pageNotFound(request, original ? { path: `/work/${original.slug}`, title: original.title } : undefined);
  }
  const { source, translation } = found;
  const shown = shownTranslation(source, translation);
  const { legacyMarkdown: _old, body, testimonialId, ...fields } = shown;
  const quote = testimonialId ? getItem(testimonials, testimonialId) : undefined;
  // The next project in this language, after the last the first.
  const all = liveCaseStudyTranslationAddresses(lang);
  const at = all.findIndex((row) => row.id === translation.id);
  const next = all.length > 1 ? all[(at + 1) % all.length] : undefined;
  return data(
    {
      caseStudy: {
        ...fields,
        status: translation.status === "published" ? source.status : "draft",
        coverAlt: altTextOf(fields.coverImage, fields.coverAlt),
        html: bodyWithAltText(body),
      },
      seo: { title: translation.seoTitle, description: translation.seoDescription },
      // A live translation's own social card: its words on the study's cover and figures.
      card:
        translation.status === "published" && source.status === "published"
          ? socialCardFor(studyCardSubject({ ...shown, id: translation.id }, lang))
          : null,
      sourceTag: LANGUAGES[site.default].tag,
      quote: quote?.status === "published" ? quote : null,
      // The client's colours are the study's, in every language.
      colours: clientColours(source.clientName || source.title),
      closing: workWordsIfAny()?.studyClosing ?? null,
      next: next && {
        path: pathIn(lang, `/work/${next.slug}`, site),
        title: next.title,
        category: next.category,
      },
    },
    { headers: staff ? { "Cache-Control": "private, no-store" } : {} },
  );
}

export default function TranslatedCaseStudyPage({
  loaderData: { caseStudy, quote, next, closing, sourceTag, colours },
}: Route.ComponentProps) {
  const site = useSiteFacts();
  const { t } = useWords();
  return (
    <>
      <CaseStudyArticle caseStudy={caseStudy} quote={quote} sourceTag={sourceTag} colours={colours} />
      {next && (
        <NextProject label={t("study.next")} to={next.path} title={next.title} category={next.category} />
      )}
      {closing && <ClosingCta {...withFacts(closing, site)} />}
    </>
  );
}

/** "Project Not Found" in the page's language, back to the portfolio in it (else the default's). */
export function ErrorBoundary() {
  const { t, localPath } = useWords();
  return notFoundBoundary({
    title: t("study.notFound.title"),
    message: t("study.notFound.message"),
    actions: [{ label: t("study.notFound.back"), to: localPath("/work") }],
  })();
}
