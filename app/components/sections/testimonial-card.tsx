import type { Testimonial } from "~/content/testimonials";

export function TestimonialCard({ testimonial }: { testimonial: Testimonial }) {
  return (
    <figure className="flex h-full flex-col rounded-2xl border border-border bg-card p-6">
      <blockquote className="flex-1 text-pretty">
        <p>“{testimonial.quote}”</p>
      </blockquote>
      <figcaption className="mt-6 flex items-center gap-3">
        <span
          aria-hidden="true"
          className="flex size-10 items-center justify-center rounded-full bg-primary/20 font-semibold text-primary"
        >
          {testimonial.name.charAt(0)}
        </span>
        <span>
          <span className="block font-semibold">{testimonial.name}</span>
          <span className="block text-sm text-muted">
            {testimonial.role}, {testimonial.company}
          </span>
        </span>
      </figcaption>
    </figure>
  );
}
