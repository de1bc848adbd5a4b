import { Link } from "react-router";

import { CoverImage } from "~/features/media";

/**
 * The way on from a case study: the next one in the agency's order, shown by its cover beside its
 * title (a reader finishing one story is shown the next, not a line of text), the whole card a link.
 * Without a cover (a translation's list reads only addresses) the words alone.
 */
export function NextProject({
  label,
  to,
  title,
  category,
  coverImage,
}: {
  label: string;
  to: string;
  title: string;
  category: string;
  coverImage?: string | null;
}) {
  return (
    <nav aria-label={label} className="mx-auto mt-16 max-w-7xl px-4 sm:px-6">
      <Link
        to={to}
        className={`group grid overflow-hidden rounded-3xl border border-border bg-card transition-[border-color] hover:border-primary ${coverImage ? "sm:grid-cols-[minmax(0,1fr)_minmax(0,1.2fr)] sm:items-center" : ""}`}
      >
        <span className="flex items-end justify-between gap-4 p-8">
          <span className="min-w-0">
            <span className="block text-sm font-semibold tracking-widest text-muted uppercase">{label}</span>
            <span className="mt-2 block text-2xl font-bold tracking-tight text-balance group-hover:text-primary sm:text-3xl">
              {title}
            </span>
            <span className="mt-1 block text-sm text-muted">{category}</span>
          </span>
          <span
            aria-hidden="true"
            className="text-3xl text-primary transition-transform group-hover:translate-x-1 motion-reduce:transition-none"
          >
            →
          </span>
        </span>
        {coverImage && (
          <span className="block overflow-hidden max-sm:order-first">
            <CoverImage
              src={coverImage}
              alt=""
              sizes="(min-width: 1280px) 680px, (min-width: 640px) 55vw, 100vw"
              className="transition-transform duration-500 group-hover:scale-[1.02] motion-reduce:transition-none"
            />
          </span>
        )}
      </Link>
    </nav>
  );
}
