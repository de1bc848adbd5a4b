import type { ReactNode } from "react";

import { Hero } from "~/features/pages/components/hero";
import { storyArtUrl, storyMotif } from "~/features/pages/content/story-art";
import { copyForRequest } from "~/features/pages/copy/page-preview.server";
import { ClientStrip } from "~/features/site-content";
import { PersonCard, TeamAtWork, TeamCard } from "~/features/site-content";
import { publicClients, publicMilestones, publicTeam } from "~/features/site-content/index.server";
import { requestLanguage } from "~/platform/i18n/request-language.server";
import { useWords } from "~/platform/i18n/use-words";
import { parseUploadedImage, srcSet } from "~/platform/images";
import { pageNotFound } from "~/platform/pages/not-found.server";
import type { RouteHandle } from "~/platform/pages/route-handle";
import { pageMeta } from "~/platform/pages/seo";
import { withFacts } from "~/platform/site/site-settings";
import { siteFactsFrom, useSiteFacts } from "~/platform/site/use-site-facts";
import { AnimatedDivider } from "~/ui/brand/animated-divider";
import { ClosingCta } from "~/ui/layout/closing-cta";
import { EvenGrid } from "~/ui/layout/even-grid";
import { PageSection } from "~/ui/layout/page-section";
import { SectionHeading } from "~/ui/layout/section-heading";

import type { Route } from "./+types/about";

/** Served without React (docs/decisions/011); the people are "site" content, kept until they change. */
export const handle: RouteHandle = { cache: "static", sitemap: true };

export const meta: Route.MetaFunction = ({ loaderData, matches }) => {
  if (!loaderData) return [];
  return pageMeta(
    {
      ...withFacts(loaderData.copy.meta, siteFactsFrom(matches)),
      path: "/about",
      breadcrumbs: [
        { name: "Home", path: "/" },
        { name: "About", path: "/about" },
      ],
    },
    matches,
  );
};

export function loader({ request }: Route.LoaderArgs) {
  // Under a language's prefix only once the page is translated into it.
  const copy = copyForRequest("about", "about") ?? pageNotFound(request);
  const story = publicMilestones().map(({ id, year, name, text, founding }, index) => ({
    id,
    year,
    name,
    text,
    founding,
    picture: storyArtUrl(storyMotif({ name, text }, index)),
  }));
  // Under a language's prefix only the people translated into it, in its words.
  return { copy, team: publicTeam(requestLanguage()), clients: publicClients(), story };
}

export default function About({ loaderData }: Route.ComponentProps) {
  const { team, clients, story } = loaderData;
  const site = useSiteFacts();
  const { t } = useWords();
  const { hero, mission, values, teams, closing, ...headings } = withFacts(loaderData.copy, site);
  const leads = team.filter((person) => person.team);
  const framed = team.every((person) => person.photo);
  return (
    <>
      <Hero {...hero} />

      {/* The figures are the home page's (each shown once on the site); here the mission is read alone. */}
      {/* A statement set large beside its heading, not a second centred paragraph under the hero's. */}
      <PageSection labelledBy="mission-heading" className="grid gap-4 lg:grid-cols-[1fr_2fr] lg:gap-16">
        <h2
          id="mission-heading"
          className="text-sm font-semibold tracking-widest text-secondary uppercase lg:pt-3"
        >
          {mission.heading}
        </h2>
        <p className="text-2xl leading-snug font-semibold tracking-tight text-pretty sm:text-3xl">
          {mission.text}
        </p>
      </PageSection>

      <AnimatedDivider />

      <PageSection labelledBy="values-heading">
        <SectionHeading id="values-heading" title={values.heading} />
        {/* Set as an open row under rules, not a fourth grid of boxes on the page. */}
        {/* Two to a row on a phone too: four short values need not be a page long. */}
        <ul className="mt-10 grid grid-cols-2 gap-x-4 sm:gap-x-8 lg:grid-cols-4">
          {values.items.map((value, index) => (
            <li key={value.name} className="border-t-2 border-primary/60 pt-4 pb-6 sm:pt-5 sm:pb-8">
              <span
                aria-hidden="true"
                className="font-display text-2xl font-extrabold text-secondary sm:text-3xl"
              >
                {String(index + 1).padStart(2, "0")}
              </span>
              <h3 className="mt-2 text-lg font-bold sm:text-xl">{value.name}</h3>
              <p className="mt-2 text-sm text-muted sm:text-base">{value.description}</p>
            </li>
          ))}
        </ul>
      </PageSection>

      {leads.length > 0 && (
        <PageSection labelledBy="teams-heading">
          <SectionHeading id="teams-heading" title={teams.heading}>
            {teams.intro}
          </SectionHeading>
          <SwipeRow label={t("about.everyTeam")} className="mt-10">
            <EvenGrid columns={4}>
              {leads.map((person) => (
                <TeamCard key={person.id} person={person} />
              ))}
            </EvenGrid>
          </SwipeRow>
        </PageSection>
      )}

      <AnimatedDivider />

      {story.length > 0 && (
        <PageSection labelledBy="timeline-heading">
          <SectionHeading id="timeline-heading" title={headings.story.heading} />
          {/* Set like the values above (a rule, a large figure): three to a row, not a column of pictures. */}
          <ol className="mt-10 grid gap-x-8 gap-y-6 sm:grid-cols-2 sm:gap-y-10 lg:grid-cols-3">
            {story.map((entry) => (
              // On a phone the picture sits beside the words (a short row each); wider, beside the year.
              <li
                key={entry.id}
                className="grid grid-cols-[3.5rem_minmax(0,1fr)] content-start gap-x-4 border-t-2 border-primary/60 pt-4 sm:grid-cols-[minmax(0,1fr)_4rem] sm:pt-5"
              >
                <StoryPicture src={entry.picture} />
                {/* The founding follows the settings' year founded, so the story and the figures agree. */}
                <p className="col-start-2 font-display text-xl font-extrabold tracking-tight text-secondary sm:col-start-1 sm:row-start-1 sm:self-center sm:text-4xl">
                  {entry.founding ? site.foundedYear : entry.year}
                </p>
                <h3 className="col-start-2 mt-1 text-lg font-semibold sm:col-span-2 sm:col-start-1 sm:mt-3">
                  {entry.name}
                </h3>
                {entry.text && (
                  <p className="col-start-2 mt-1 text-muted sm:col-span-2 sm:col-start-1">{entry.text}</p>
                )}
              </li>
            ))}
          </ol>
        </PageSection>
      )}

      {team.length > 0 && (
        <PageSection labelledBy="people-heading">
          <SectionHeading id="people-heading" title={headings.people.heading} />
          <SwipeRow label={t("about.everyPerson")} className="mt-10">
            <EvenGrid columns={3} fill>
              {team.map((person) => (
                <PersonCard key={person.id} person={person} framed={framed} />
              ))}
            </EvenGrid>
          </SwipeRow>
          <TeamAtWork team={team} />
        </PageSection>
      )}

      <ClientStrip heading={headings.clients.heading} clients={clients} />

      <ClosingCta {...closing} open />
    </>
  );
}

/**
 * A milestone's drawn picture as a small tile beside its year, in AVIF/WebP/JPEG at its widths; decorative (the text
 * says what happened), lazy (the story is well below the first screen), its size set so nothing moves.
 */
function StoryPicture({ src }: { src: string }) {
  const image = parseUploadedImage(src);
  if (!image) return null;
  const sizes = "64px";
  return (
    <picture className="row-span-3 block size-14 overflow-hidden rounded-xl border border-border sm:col-start-2 sm:row-span-1 sm:row-start-1 sm:size-16">
      <source type="image/avif" srcSet={srcSet(image, "avif")} sizes={sizes} />
      <source type="image/webp" srcSet={srcSet(image, "webp")} sizes={sizes} />
      <img
        src={src}
        srcSet={srcSet(image, image.fallback)}
        sizes={sizes}
        alt=""
        width={image.width}
        height={image.height}
        loading="lazy"
        decoding="async"
        className="block size-full bg-card object-cover"
      />
    </picture>
  );
}

/**
 * On a phone a row of cards that scrolls sideways (each most of the screen wide, the next one peeking
 * in), so a team of six is one screen tall rather than six; from the tablet up the grid as it is.
 */
function SwipeRow({ label, className, children }: { label: string; className: string; children: ReactNode }) {
  return (
    <div
      role="region"
      aria-label={label}
      tabIndex={0}
      className={`-mx-4 overflow-x-auto px-4 pb-3 focus-visible:outline-2 focus-visible:outline-primary max-sm:snap-x max-sm:snap-mandatory max-sm:scroll-px-4 sm:mx-0 sm:overflow-visible sm:px-0 sm:pb-0 max-sm:[&>ul]:flex-nowrap max-sm:[&>ul]:justify-start max-sm:[&>ul]:gap-4 max-sm:[&>ul>li]:w-[82%] max-sm:[&>ul>li]:shrink-0 max-sm:[&>ul>li]:snap-start ${className}`}
    >
      {children}
    </div>
  );
}
