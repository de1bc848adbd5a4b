import { Link } from "react-router";

import type { FeatureCard, FeatureSection } from "~/content/types";

import { SectionHeading } from "./section-heading";

function CardBody({ card, step }: { card: FeatureCard; step?: number }) {
  return (
    <>
      {step !== undefined && (
        <span
          aria-hidden="true"
          className="mb-4 flex size-10 items-center justify-center rounded-full bg-primary font-bold text-primary-fg"
        >
          {step}
        </span>
      )}
      <h3 className="text-lg font-semibold">{card.title}</h3>
      <p className="mt-2 text-sm text-muted">{card.description}</p>
      {card.items && (
        <ul className="mt-4 grid gap-2 text-sm">
          {card.items.map((item) => (
            <li key={item} className="flex gap-2">
              <span aria-hidden="true" className="text-secondary">
                ✓
              </span>
              {item}
            </li>
          ))}
        </ul>
      )}
      {card.to && <span className="mt-4 inline-block text-sm font-semibold text-primary">Talk to us →</span>}
    </>
  );
}

const cardClass = "block h-full rounded-2xl border border-border bg-card p-6";

/** A heading and a grid of cards; numbered sections read as steps, linked cards are whole links. */
export function FeatureGrid({ section }: { section: FeatureSection }) {
  const headingId = `${section.id}-heading`;
  const columns = section.cards.length % 3 === 0 ? "lg:grid-cols-3" : "lg:grid-cols-4";
  const List = section.numbered ? "ol" : "ul";
  return (
    <section aria-labelledby={headingId} className="mx-auto max-w-7xl px-4 py-16 sm:px-6">
      <SectionHeading id={headingId} title={section.heading}>
        {section.intro}
      </SectionHeading>
      <List className={`mt-10 grid gap-6 sm:grid-cols-2 ${columns}`}>
        {section.cards.map((card, index) => (
          <li key={card.title}>
            {card.to ? (
              <Link to={card.to} className={`${cardClass} transition-colors hover:border-primary`}>
                <CardBody card={card} />
              </Link>
            ) : (
              <div className={cardClass}>
                <CardBody card={card} step={section.numbered ? index + 1 : undefined} />
              </div>
            )}
          </li>
        ))}
      </List>
    </section>
  );
}
