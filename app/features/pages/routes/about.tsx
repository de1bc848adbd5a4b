import { Hero } from "~/features/pages/components/hero";
import { SectionHeading } from "~/features/pages/components/section-heading";
import { mission, values } from "~/features/pages/content/about";
import { ClientStrip } from "~/features/site-content";
import { PersonCard, TeamCard } from "~/features/site-content";
import { publicClients, publicMilestones, publicTeam } from "~/features/site-content/index.server";
import type { RouteHandle } from "~/platform/pages/route-handle";
import { pageMeta } from "~/platform/pages/seo";
import { siteFactsFrom, useSiteFacts } from "~/platform/site/use-site-facts";
import { AnimatedDivider } from "~/ui/brand/animated-divider";
import { ClosingCta } from "~/ui/layout/closing-cta";
import { EvenGrid } from "~/ui/layout/even-grid";

import type { Route } from "./+types/about";

/** Served without React (docs/decisions/011); the people are "site" content, kept until they change. */
export const handle: RouteHandle = { cache: "static", sitemap: true };

export const meta: Route.MetaFunction = ({ matches }) => {
  const site = siteFactsFrom(matches);
  return pageMeta(
    {
      title: `About Us: The Team Behind ${site.name}`,
      description: `Meet ${site.name}, a Dublin marketing agency founded in ${site.foundedYear}: our mission, values, team and story. ${site.clientsServed} clients served.`,
      path: "/about",
      breadcrumbs: [
        { name: "Home", path: "/" },
        { name: "About", path: "/about" },
      ],
    },
    matches,
  );
};

export function loader() {
  const story = publicMilestones().map(({ id, year, name, text, founding }) => ({
    id,
    year,
    name,
    text,
    founding,
  }));
  return { team: publicTeam(), clients: publicClients(), story };
}

export default function About({ loaderData: { team, clients, story } }: Route.ComponentProps) {
  const site = useSiteFacts();
  const leads = team.filter((person) => person.team);
  return (
    <>
      <Hero
        eyebrow="About Us"
        headline="Senior Marketers Who Treat Your Budget"
        highlight="Like Their Own"
        intro={`${site.name} is a full-stack digital marketing agency in Dublin. Since ${site.foundedYear} we have helped ambitious businesses grow with strategy, search, paid media, creative and technology under one roof.`}
      />

      {/* The figures are the home page's (each shown once on the site); here the mission is read alone. */}
      <section aria-labelledby="mission-heading" className="mx-auto max-w-3xl px-4 py-16 text-center sm:px-6">
        <h2 id="mission-heading" className="text-3xl font-bold tracking-tight">
          {mission.heading}
        </h2>
        <p className="mt-4 text-xl text-pretty text-muted">{mission.text}</p>
      </section>

      <AnimatedDivider />

      <section aria-labelledby="values-heading" className="mx-auto max-w-7xl px-4 py-16 sm:px-6">
        <SectionHeading id="values-heading" title="Our Values" />
        {/* Set as an open row under rules, not a fourth grid of boxes on the page. */}
        <ul className="mt-10 grid gap-x-8 sm:grid-cols-2 lg:grid-cols-4">
          {values.map((value, index) => (
            <li key={value.name} className="border-t-2 border-primary/60 pt-5 pb-8">
              <span aria-hidden="true" className="font-display text-3xl font-extrabold text-secondary">
                {String(index + 1).padStart(2, "0")}
              </span>
              <h3 className="mt-2 text-xl font-bold">{value.name}</h3>
              <p className="mt-2 text-muted">{value.description}</p>
            </li>
          ))}
        </ul>
      </section>

      {leads.length > 0 && (
        <section aria-labelledby="teams-heading" className="mx-auto max-w-7xl px-4 py-16 sm:px-6">
          <SectionHeading id="teams-heading" title="Our Teams">
            Specialist teams, each led by a named manager you can call.
          </SectionHeading>
          <EvenGrid columns={4} className="mt-10">
            {leads.map((person) => (
              <TeamCard key={person.id} person={person} />
            ))}
          </EvenGrid>
        </section>
      )}

      <AnimatedDivider />

      {story.length > 0 && (
        <section aria-labelledby="timeline-heading" className="mx-auto max-w-4xl px-4 py-16 sm:px-6">
          <SectionHeading id="timeline-heading" title="Our Story" />
          <ol className="mt-10 border-l border-border">
            {story.map((entry) => (
              <li key={entry.id} className="relative pb-10 pl-8 last:pb-0">
                <span
                  aria-hidden="true"
                  className="absolute top-1 -left-2 size-4 rounded-full border-2 border-bg bg-primary"
                />
                {/* The founding follows the settings' year founded, so the story and the figures agree. */}
                <p className="text-sm font-bold text-secondary">
                  {entry.founding ? site.foundedYear : entry.year}
                </p>
                <h3 className="mt-1 text-lg font-semibold">{entry.name}</h3>
                {entry.text && <p className="mt-1 text-muted">{entry.text}</p>}
              </li>
            ))}
          </ol>
        </section>
      )}

      {team.length > 0 && (
        <section aria-labelledby="people-heading" className="mx-auto max-w-7xl px-4 py-16 sm:px-6">
          <SectionHeading id="people-heading" title="The People You Will Work With" />
          <EvenGrid columns={3} className="mt-10">
            {team.map((person) => (
              <PersonCard key={person.id} person={person} />
            ))}
          </EvenGrid>
        </section>
      )}

      <ClientStrip clients={clients} />

      <ClosingCta
        heading="Let's Grow Together"
        text="Tell us where you want your business to be next year. We will show you how to get there."
        actions={[
          { label: "Contact Us", to: "/contact" },
          { label: "See Our Work", to: "/work" },
        ]}
      />
    </>
  );
}
