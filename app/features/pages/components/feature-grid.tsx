import { Link } from "react-router";

import type { FeatureCard, FeatureSection } from "~/platform/pages/types";
import { SectionHeading } from "~/ui/layout/section-heading";

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

// On a phone a box is a ruled row: a column of eight boxes was a page of frames.
const cardClass =
  "block h-full rounded-2xl border border-border bg-card p-6 max-sm:rounded-none max-sm:border-x-0 max-sm:border-b-0 max-sm:bg-transparent max-sm:px-0 max-sm:pt-5 max-sm:pb-2";
const ruledClass = "block h-full border-t border-border pt-6 pb-8";

function boxColumns(count: number): string {
  if (count <= 3) return ["", "", "sm:grid-cols-2", "sm:grid-cols-3"][count]!;
  if (count % 3 === 0) return "sm:grid-cols-2 lg:grid-cols-3";
  return "sm:grid-cols-2 lg:grid-cols-4";
}

/** An open list's columns: as many as come out even, up to three (the full width, no empty column). */
function ruledColumns(count: number): string {
  if (count % 3 === 0) return "sm:grid-cols-2 lg:grid-cols-3";
  if (count % 2 === 0) return "sm:grid-cols-2";
  return "";
}

/**
 * A heading and its cards. "cards": a grid of boxes (ruled rows on a phone) under the heading; "split":
 * an open list divided by rules that uses the page's whole width, further from its heading, so a page
 * of several sections does not repeat one rhythm.
 * Numbered sections read as steps; linked cards are whole links.
 */
export function FeatureGrid({
  section,
  layout = "cards",
  part = false,
}: {
  section: FeatureSection;
  layout?: "cards" | "split";
  /** A part of the section before it (a page's later sections): its heading a size down. */
  part?: boolean;
}) {
  const headingId = `${section.id}-heading`;
  const List = section.numbered ? "ol" : "ul";
  const split = layout === "split";
  const count = section.cards.length;
  // Rows that come out even: no card alone in a row with an empty cell beside it.
  const columns = split
    ? `gap-x-10 ${ruledColumns(count)}`
    : `mt-8 gap-x-6 gap-y-2 sm:mt-10 sm:gap-y-6 ${boxColumns(count)}`;
  const boxClass = split ? ruledClass : cardClass;
  const list = (
    <List className={`grid ${columns}`}>
      {section.cards.map((card, index) => (
        <li key={card.title}>
          {card.to ? (
            <Link to={card.to} className={`${boxClass} group transition-colors hover:border-primary`}>
              <CardBody card={card} />
            </Link>
          ) : (
            <div className={boxClass}>
              <CardBody card={card} step={section.numbered ? index + 1 : undefined} />
            </div>
          )}
        </li>
      ))}
    </List>
  );
  return (
    <section
      aria-labelledby={headingId}
      className={`mx-auto max-w-7xl px-4 sm:px-6 ${part ? "pt-2 pb-10 sm:pt-4 sm:pb-16" : "py-10 sm:py-16"} ${split ? "lg:py-24" : ""}`}
    >
      <SectionHeading
        id={headingId}
        title={section.heading}
        size={part ? "part" : "section"}
        className={split ? "mb-10 lg:mb-14" : ""}
      >
        {section.intro}
      </SectionHeading>
      {list}
    </section>
  );
}
