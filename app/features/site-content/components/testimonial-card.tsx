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
      <figcaption className="mt-6 flex items-center gap-3">
        <Avatar name={testimonial.name} src={testimonial.image} size={44} />
        <span>
          <span className="block font-semibold">{testimonial.name}</span>
          <span className="block text-sm text-muted">{attribution(testimonial)}</span>
        </span>
      </figcaption>
    </figure>
  );
}
