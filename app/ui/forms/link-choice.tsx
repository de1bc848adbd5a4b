import { Link } from "react-router";

/**
 * A choice made of links (a list's filter, its view): works without JavaScript, and the one shown is
 * marked as the current page.
 */
export function LinkChoice({
  label,
  options,
  className = "",
}: {
  label: string;
  options: { to: string; current: boolean; text: string }[];
  className?: string;
}) {
  return (
    <nav aria-label={label} className={`flex w-fit rounded-full border border-border bg-bg p-1 ${className}`}>
      {options.map((option) => (
        <Link
          key={option.to}
          to={option.to}
          aria-current={option.current ? "page" : undefined}
          className="inline-flex min-h-10 items-center rounded-full px-4 text-sm font-semibold text-muted hover:text-fg aria-[current=page]:bg-card aria-[current=page]:text-fg aria-[current=page]:shadow-sm"
        >
          {option.text}
        </Link>
      ))}
    </nav>
  );
}
