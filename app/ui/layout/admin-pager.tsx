import { Link } from "react-router";

const step = "rounded-full border border-border px-4 py-2 hover:border-primary";

/** Previous / "Page n of m" / Next as links (they work without JavaScript); nothing on a single page. */
export function AdminPager({
  page,
  pageCount,
  linkTo,
}: {
  page: number;
  pageCount: number;
  /** The address of page `n`. */
  linkTo: (n: number) => string;
}) {
  if (pageCount <= 1) return null;
  return (
    <nav aria-label="Pages" className="mt-8 flex items-center justify-center gap-3 text-sm">
      {page > 1 ? (
        <Link to={linkTo(page - 1)} className={step}>
          Previous
        </Link>
      ) : null}
      <span className="text-muted">
        Page {page} of {pageCount}
      </span>
      {page < pageCount ? (
        <Link to={linkTo(page + 1)} className={step}>
          Next
        </Link>
      ) : null}
    </nav>
  );
}
