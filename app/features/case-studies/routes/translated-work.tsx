import { WorkQuerySchema } from "~/features/case-studies/case-study-schema";
import { toCaseStudySummary } from "~/features/case-studies/components/case-study-card";
import { CaseStudyCard } from "~/features/case-studies/components/case-study-card";
import { shownTranslation } from "~/features/case-studies/studies-shown.server";
import { liveCaseStudyTranslationCardsPage } from "~/features/case-studies/translations/case-study-translations.server";
import { WORK_PAGE_SIZE } from "~/features/case-studies/work-paging";
import { pathIn } from "~/platform/i18n/languages";
import { languageOf } from "~/platform/i18n/request-language.server";
import { siteLanguages } from "~/platform/i18n/site-languages.server";
import { pageLanguageFrom, useWords } from "~/platform/i18n/use-words";
import { pageNotFound } from "~/platform/pages/not-found.server";
import { workWordsIfAny } from "~/platform/pages/page-copy.server";
import type { RouteHandle } from "~/platform/pages/route-handle";
import { pageMeta } from "~/platform/pages/seo";
import { withFacts } from "~/platform/site/site-settings";
import { siteFactsFrom, useSiteFacts } from "~/platform/site/use-site-facts";
import { buttonClass } from "~/ui/button-link";
import { leadCard } from "~/ui/layout/card-span";
import { ClosingCta } from "~/ui/layout/closing-cta";

import type { Route } from "./+types/translated-work";

/** Served without React, kept until a case study or the site's content (its words) changes. */
export const handle: RouteHandle = {
  cache: "content",
  content: ["case-studies"],
  query: ["show"],
  sitemap: true,
};

export const meta: Route.MetaFunction = ({ loaderData, matches }) => {
  if (!loaderData) return [];
  const { t } = wordsFor(matches);
  return pageMeta(
    {
      ...withFacts(loaderData.copy.meta, siteFactsFrom(matches)),
      path: "/work",
      breadcrumbs: [
        { name: t("nav.home"), path: "/" },
        { name: t("nav.work"), path: "/work" },
      ],
    },
    matches,
  );
};

const wordsFor = (matches: Parameters<typeof pageLanguageFrom>[0]) => {
  const language = pageLanguageFrom(matches);
  return { t: (id: "nav.home" | "nav.work") => language.words[id] };
};

/**
 * /ga/work: the portfolio in another language, only its translated, published case studies in the
 * agency's order, a screenful at first and more as /work shows them (`?show=`). Absent (404) until the
 * portfolio's own words are translated into it, as any page of copy; with none translated yet it says so.
 */
export function loader({ request, context }: Route.LoaderArgs) {
  const lang = languageOf(context);
  const copy = workWordsIfAny() ?? pageNotFound(request);
  const site = siteLanguages();
  const { rows, total } = liveCaseStudyTranslationCardsPage(lang, {
    limit: WorkQuerySchema.parse(Object.fromEntries(new URL(request.url).searchParams)).show,
  });
  const caseStudies = rows.map(({ source, translation }) => ({
    ...toCaseStudySummary(shownTranslation(source, translation)),
    href: pathIn(lang, `/work/${translation.slug}`, site),
  }));
  const more = pathIn(lang, `/work?show=${caseStudies.length + WORK_PAGE_SIZE}`, site);
  return { copy, caseStudies, total, more };
}

export default function TranslatedWork({
  loaderData: { copy: words, caseStudies, total, more },
}: Route.ComponentProps) {
  const copy = withFacts(words, useSiteFacts());
  const { t } = useWords();
  return (
    <>
      <section className="mx-auto max-w-4xl px-4 pt-20 pb-10 text-center sm:px-6">
        <p className="text-sm font-semibold tracking-widest text-secondary uppercase">{copy.eyebrow}</p>
        <h1 className="mt-4 text-4xl font-bold tracking-tight sm:text-6xl">{copy.heading}</h1>
        <p className="mx-auto mt-6 max-w-2xl text-lg text-muted">{copy.intro}</p>
        <p className="mt-6 text-sm text-muted">{t("work.count", { count: total })}</p>
      </section>
      {caseStudies.length > 0 ? (
        <div id="work-results" data-swap="">
          <ul className="mx-auto mt-2 grid max-w-7xl gap-3 px-4 pb-4 sm:grid-cols-2 sm:gap-6 sm:px-6 lg:grid-cols-6">
            {caseStudies.map((caseStudy, index) => {
              const { span, wide } = leadCard(index, caseStudies.length);
              return (
                <li key={caseStudy.slug} data-item={index} className={`@container ${span}`}>
                  <CaseStudyCard
                    caseStudy={caseStudy}
                    href={caseStudy.href}
                    wide={wide}
                    compact={index > 0}
                  />
                </li>
              );
            })}
          </ul>
          {caseStudies.length < total && (
            <p className="mx-auto mt-6 max-w-7xl px-4 text-center sm:px-6">
              {/* A plain link to a longer list; with JavaScript the list grows in place (page-forms). */}
              <a
                href={more}
                data-enhance=""
                data-grow={`[data-item="${caseStudies.length}"] a[href]`}
                className={buttonClass("outline")}
              >
                {t("work.showMore")}
                <span className="sr-only">{` ${t("work.shownOf", { shown: caseStudies.length, total })}`}</span>
              </a>
            </p>
          )}
        </div>
      ) : (
        <div className="mx-auto max-w-xl px-4 py-16 text-center">
          <p className="text-lg text-muted">{t("work.none")}</p>
          <a href="/work" hrefLang="en" className={`mt-8 ${buttonClass("outline")}`}>
            {t("work.readInDefault")}
          </a>
        </div>
      )}
      <ClosingCta {...copy.closing} />
    </>
  );
}
