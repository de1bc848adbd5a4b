import type { ReactNode } from "react";
import { Link } from "react-router";

import { Wordmark } from "~/ui/brand/wordmark";

/**
 * The frame of the pages before the admin: signing in, its second step, joining the staff. The
 * wordmark back to the site, one card, and where to go instead (`back`) beneath it.
 */
export function SignInCard({
  children,
  back,
}: {
  children: ReactNode;
  back?: { to: string; label: string };
}) {
  return (
    <main
      id="main"
      tabIndex={-1}
      className="mx-auto flex min-h-dvh max-w-md flex-col justify-center px-4 py-16 outline-none"
    >
      <Link to="/" className="mb-6 self-center text-xl font-bold tracking-tight">
        <Wordmark />
      </Link>
      <div className="rounded-3xl border border-border bg-card p-8 shadow-sm">{children}</div>
      {back && (
        <Link to={back.to} className="mt-6 self-center text-sm text-muted hover:text-fg">
          {back.label}
        </Link>
      )}
    </main>
  );
}
