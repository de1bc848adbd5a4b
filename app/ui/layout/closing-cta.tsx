import type { LinkAction } from "~/platform/pages/types";
import { ButtonLink } from "~/ui/button-link";

/**
 * The call to action that closes a page: the first action is the primary button. `open`: set on the
 * page itself under a rule, the words on the left and the buttons on the right, for a page that should
 * not end on the same boxed band as the others.
 */
export function ClosingCta({
  heading,
  text,
  actions,
  open = false,
}: {
  heading: string;
  text: string;
  actions: LinkAction[];
  open?: boolean;
}) {
  if (open) {
    return (
      <section aria-labelledby="closing-heading" className="mx-auto max-w-7xl px-4 pt-6 pb-20 sm:px-6">
        <div className="grid gap-8 border-t-2 border-primary/60 pt-10 lg:grid-cols-[minmax(0,3fr)_auto] lg:items-end lg:gap-16">
          <div>
            <h2 id="closing-heading" className="text-4xl font-bold tracking-tight text-balance sm:text-6xl">
              {heading}
            </h2>
            <p className="mt-4 max-w-2xl text-lg text-muted">{text}</p>
          </div>
          <Actions actions={actions} />
        </div>
      </section>
    );
  }
  return (
    <section aria-labelledby="closing-heading" className="mx-auto max-w-7xl px-4 py-12 sm:px-6 sm:py-20">
      <div className="relative isolate overflow-hidden rounded-3xl border border-border bg-card px-6 py-16 text-center sm:px-16">
        <div
          aria-hidden="true"
          className="absolute inset-0 -z-10 bg-linear-to-br/oklch from-[#ede9fe] via-transparent to-[#ecfeff] dark:from-primary/15 dark:to-secondary/15"
        />
        <h2 id="closing-heading" className="text-3xl font-bold tracking-tight text-balance sm:text-4xl">
          {heading}
        </h2>
        <p className="mx-auto mt-4 max-w-2xl text-lg text-muted">{text}</p>
        <Actions actions={actions} className="mt-8 justify-center" />
      </div>
    </section>
  );
}

/** The first action the primary button; on a phone stacked at one width, not two pills of their words' widths. */
function Actions({ actions, className = "" }: { actions: LinkAction[]; className?: string }) {
  return (
    <div className={`flex flex-wrap gap-4 max-sm:flex-col max-sm:gap-3 ${className}`}>
      {actions.map((action, index) => (
        <ButtonLink key={action.to} to={action.to} variant={index === 0 ? "primary" : "outline"}>
          {action.label}
        </ButtonLink>
      ))}
    </div>
  );
}
