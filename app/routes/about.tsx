import { ClosingCta } from "~/components/sections/closing-cta";
import { Hero } from "~/components/sections/hero";
import { SectionHeading } from "~/components/sections/section-heading";
import { StatGrid } from "~/components/sections/stat-tile";
import { AnimatedDivider } from "~/components/ui/animated-divider";
import { aboutStats, leadership, mission, teams, timeline, values } from "~/content/about";
import type { RouteHandle } from "~/lib/route-handle";
import { pageMeta } from "~/lib/seo";

import type { Route } from "./+types/about";

/** Marketing copy: served without React (see docs/decisions/011). */
export const handle: RouteHandle = { cache: "static", sitemap: true };

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(
    {
      title: "About Us: The Team Behind Northwall Digital",
      description:
        "Meet Northwall Digital, a Dublin marketing agency founded in 2019: our mission, values, team and story. 500+ projects completed for 250+ clients.",
      path: "/about",
      breadcrumbs: [
        { name: "Home", path: "/" },
        { name: "About", path: "/about" },
      ],
    },
    matches,
  );

const initials = (name: string) =>
  name
    .split(" ")
    .map((part) => part[0])
    .join("");

export default function About() {
  return (
    <>
      <Hero
        eyebrow="About Us"
        headline="Senior Marketers Who Treat Your Budget"
        highlight="Like Their Own"
        intro="Northwall Digital is a full-stack digital marketing agency in Dublin. Since 2019 we have helped ambitious businesses grow with strategy, search, paid media, creative and technology under one roof."
      />

      <section
        aria-labelledby="mission-heading"
        className="mx-auto grid max-w-7xl items-center gap-10 px-4 py-16 sm:px-6 lg:grid-cols-2"
      >
        <div>
          <h2 id="mission-heading" className="text-3xl font-bold tracking-tight">
            {mission.heading}
          </h2>
          <p className="mt-4 text-lg text-muted">{mission.text}</p>
        </div>
        <StatGrid stats={aboutStats} />
      </section>

      <AnimatedDivider />

      <section aria-labelledby="values-heading" className="mx-auto max-w-7xl px-4 py-16 sm:px-6">
        <SectionHeading id="values-heading" title="Our Values" />
        <ul className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {values.map((value) => (
            <li key={value.name} className="rounded-2xl border border-border bg-card p-6">
              <h3 className="text-lg font-semibold text-primary">{value.name}</h3>
              <p className="mt-2 text-sm text-muted">{value.description}</p>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="teams-heading" className="mx-auto max-w-7xl px-4 py-16 sm:px-6">
        <SectionHeading id="teams-heading" title="Our Teams">
          Four specialist teams, each led by a named manager you can call.
        </SectionHeading>
        <ul className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {teams.map((team) => (
            <li key={team.team} className="rounded-2xl border border-border bg-card p-6">
              <h3 className="text-lg font-semibold">{team.team}</h3>
              <p className="mt-1 text-sm">
                <span className="font-medium text-secondary">{team.manager}</span>
                <span className="text-muted">, {team.role}</span>
              </p>
              <p className="mt-3 text-sm text-muted">{team.description}</p>
            </li>
          ))}
        </ul>
      </section>

      <AnimatedDivider />

      <section aria-labelledby="timeline-heading" className="mx-auto max-w-4xl px-4 py-16 sm:px-6">
        <SectionHeading id="timeline-heading" title="Our Story" />
        <ol className="mt-10 border-l border-border">
          {timeline.map((entry) => (
            <li key={entry.year} className="relative pb-10 pl-8 last:pb-0">
              <span
                aria-hidden="true"
                className="absolute top-1 -left-2 size-4 rounded-full border-2 border-bg bg-primary"
              />
              <p className="text-sm font-bold text-secondary">{entry.year}</p>
              <h3 className="mt-1 text-lg font-semibold">{entry.title}</h3>
              <p className="mt-1 text-muted">{entry.text}</p>
            </li>
          ))}
        </ol>
      </section>

      <section aria-labelledby="leadership-heading" className="mx-auto max-w-7xl px-4 py-16 sm:px-6">
        <SectionHeading id="leadership-heading" title="Leadership" />
        <ul className="mt-10 grid gap-6 lg:grid-cols-3">
          {leadership.map((person) => (
            <li key={person.name} className="flex flex-col rounded-2xl border border-border bg-card p-6">
              <span
                aria-hidden="true"
                className="flex size-16 items-center justify-center rounded-full bg-gradient-to-br from-primary to-secondary text-xl font-bold text-primary-fg"
              >
                {initials(person.name)}
              </span>
              <h3 className="mt-4 text-xl font-semibold">{person.name}</h3>
              <p className="text-sm font-medium text-secondary">{person.title}</p>
              <p className="mt-3 flex-1 text-sm text-muted">{person.bio}</p>
              <ul className="mt-4 grid gap-1 text-sm">
                {person.highlights.map((highlight) => (
                  <li key={highlight} className="flex gap-2">
                    <span aria-hidden="true" className="text-secondary">
                      ✓
                    </span>
                    {highlight}
                  </li>
                ))}
              </ul>
            </li>
          ))}
        </ul>
      </section>

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
