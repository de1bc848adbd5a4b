import type { ReactNode } from "react";
import { Link } from "react-router";

import { buttonClass } from "~/ui/button-link";

export type ErrorPageAction = { label: string; to: string };

/** The panel of every error and not-found page: what happened and, optionally, where to go next. */
export function ErrorPage({
  title,
  message,
  actions = [],
  children,
  quiet = false,
}: {
  title: string;
  message: string;
  actions?: ErrorPageAction[];
  /** Shown between the message and the actions (e.g. the page that was likely meant). */
  children?: ReactNode;
  /** Every action outlined: the children hold the one clear way on. */
  quiet?: boolean;
}) {
  return (
    <section className="mx-auto flex min-h-[60vh] max-w-2xl flex-col items-center justify-center px-4 text-center">
      <h1 className="text-3xl font-bold sm:text-4xl">{title}</h1>
      <p className="mt-4 text-muted">{message}</p>
      {children}
      {actions.length > 0 && (
        <div className="mt-8 flex flex-wrap justify-center gap-3">
          {actions.map((action, index) => (
            <Link
              key={action.to}
              to={action.to}
              className={buttonClass(index === 0 && !quiet ? "primary" : "outline")}
            >
              {action.label}
            </Link>
          ))}
        </div>
      )}
    </section>
  );
}
