/** One choice of a list's filter: "All" first, then each value, most used first. */
export type Filter = { value: string; label: string; href: string; active: boolean };

/**
 * A list's filters as a row of links (the blog's topics, the portfolio's categories): each a plain
 * address that works without JavaScript and can be shared; with it the list swaps in place
 * (page-forms), focus staying on the pill that was chosen (`data-key`). "All" and the first `shown`
 * values show as pills (and the chosen one wherever it is, so its state can be seen); the rest fold under `more`,
 * so the list itself comes first. On a phone one row that scrolls sideways and holds them all (a second
 * control under a row that already scrolls read as clutter); from the tablet up they wrap, centred.
 */
export function FilterPills({
  filters,
  shown,
  more: moreLabel,
}: {
  filters: Filter[];
  shown: number;
  more: (count: number) => string;
}) {
  const top = filters.slice(0, 1 + shown);
  const chosen = filters.find((filter) => filter.active);
  if (chosen && !top.includes(chosen)) top.push(chosen);
  const more = filters.filter((filter) => !top.includes(filter));
  return (
    <>
      {/* The row's right edge fades on a phone: a pill cut there reads as more to scroll to. */}
      <ul className="-mx-4 flex snap-x scroll-px-4 gap-2 overflow-x-auto px-4 pb-2 max-sm:[mask-image:linear-gradient(to_right,#000_calc(100%-2.5rem),transparent)] sm:mx-0 sm:flex-wrap sm:justify-center sm:overflow-visible sm:px-0 sm:pb-0">
        {top.map((filter, index) => (
          <FilterPill key={filter.value} {...filter} lead={index === 0} />
        ))}
        {more.map((filter) => (
          <FilterPill key={filter.value} {...filter} phoneOnly />
        ))}
      </ul>
      {more.length > 0 && (
        <details className="group mt-3 text-center max-sm:hidden">
          <summary className="inline-flex min-h-11 cursor-pointer items-center gap-1 rounded-full px-4 text-sm font-semibold text-primary underline-offset-4 hover:underline">
            {moreLabel(more.length)}
          </summary>
          <ul aria-label={moreLabel(more.length)} className="mt-2 flex flex-wrap justify-center gap-2">
            {more.map((filter) => (
              <FilterPill key={filter.value} {...filter} />
            ))}
          </ul>
        </details>
      )}
    </>
  );
}

/**
 * On a phone the chosen pill moves up beside "All" (`lead`), so a shared address or a choice shows
 * its state on the first screen, not somewhere off the row's right edge.
 */
function FilterPill({
  value,
  label,
  href,
  active,
  lead = false,
  phoneOnly = false,
}: Filter & { lead?: boolean; phoneOnly?: boolean }) {
  const order = lead ? "max-sm:order-[-2]" : active ? "max-sm:order-[-1]" : "";
  return (
    <li className={`shrink-0 snap-start ${order} ${phoneOnly ? "sm:hidden" : ""}`}>
      <a
        href={href}
        data-enhance=""
        data-key={value}
        aria-current={active ? "true" : undefined}
        className={`inline-flex min-h-11 items-center rounded-full border px-4 text-sm font-medium whitespace-nowrap transition-colors ${
          active
            ? "border-primary bg-primary text-primary-fg"
            : "border-border text-muted hover:border-primary hover:text-fg"
        }`}
      >
        {label}
      </a>
    </li>
  );
}
