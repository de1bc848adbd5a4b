import type { Testimonial } from "#db/schema";

import { Avatar } from "./avatar";

export type TestimonialSummary = Pick<Testimonial, "quote" | "name" | "role" | "company" | "image">;

/** "Founder, Glow Aesthetics Clinic" (either part may be empty). */
export const attribution = ({ role, company }: Pick<Testimonial, "role" | "company">) =>
  [role, company].filter(Boolean).join(", ");

export function TestimonialCard({ testimonial }: { testimonial: TestimonialSummary }) {
  return (
    // A quote given a wide card (the first of an uneven row) is set large, a pull quote rather than a
    // short line over empty space.
    <figure className="@container flex h-full flex-col rounded-2xl border border-border bg-card p-6">
      <blockquote className="flex-1 text-pretty @2xl:font-display @2xl:text-2xl @2xl:leading-snug @2xl:font-semibold @2xl:tracking-tight">
        <p>“{testimonial.quote}”</p>
      </blockquote>
      <QuoteAuthor quote={testimonial} size={44} className="mt-6 flex" />
    </figure>
  );
}

/**
 * Who said a quote, as its caption: their photo or drawn likeness, name, and role at company.
 * `className` places it (and says `flex` or `inline-flex`); `quiet` tones the attribution down
 * (`opacity-80` on a client's colours, where the theme's muted grey would not read).
 */
export function QuoteAuthor({
  quote,
  size,
  className,
  quiet = "text-muted",
}: {
  quote: Pick<Testimonial, "name" | "image" | "role" | "company">;
  size: number;
  className: string;
  quiet?: string;
}) {
  return (
    <figcaption className={`items-center gap-3 ${className}`}>
      <Avatar name={quote.name} src={quote.image} size={size} />
      <span>
        <span className="block font-semibold">{quote.name}</span>
        <span className={`block text-sm ${quiet}`}>{attribution(quote)}</span>
      </span>
    </figcaption>
  );
}
