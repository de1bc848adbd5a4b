import type { ReactNode } from "react";

/**
 * A short visual label for an icon control, shown on hover and keyboard focus. The control keeps its
 * own accessible name. Markup only: the page script (app/platform/pages/page-behaviours.ts) opens the tip after
 * 700 ms (at once within 300 ms of the last), lets it be hovered and closes it on Escape (WCAG 1.4.13).
 */
export function Tooltip({ content, children }: { content: string; children: ReactNode }) {
  return (
    <span className="relative inline-flex" data-tooltip={content}>
      {children}
    </span>
  );
}
