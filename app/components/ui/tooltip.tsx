import { type ReactNode, useEffect, useId, useRef, useState } from "react";

/** Spec §4: tooltips open after 700 ms; within 300 ms of one closing, the next opens at once. */
export const TOOLTIP_DELAY_MS = 700;
export const TOOLTIP_SKIP_DELAY_MS = 300;

export const TOOLTIP_CLASS =
  "absolute top-full left-1/2 z-50 mt-2 -translate-x-1/2 rounded-md border border-border bg-card px-2 py-1 text-xs whitespace-nowrap text-fg shadow-lg";

let lastClosedAt = 0;

/**
 * A short visual label for an icon control, shown on hover and keyboard focus. The control keeps its
 * own accessible name; the tip can be hovered, and Escape dismisses it (WCAG 1.4.13).
 */
export function Tooltip({ content, children }: { content: string; children: ReactNode }) {
  const id = useId();
  const [open, setOpenState] = useState(false);
  const isOpen = useRef(false);
  const setOpen = (value: boolean) => {
    isOpen.current = value;
    setOpenState(value);
  };
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);

  useEffect(() => () => clearTimeout(timer.current), []);

  // Escape dismisses an open tip wherever focus is, including when it opened on hover.
  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => event.key === "Escape" && hide();
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  });

  const show = () => {
    clearTimeout(timer.current);
    if (Date.now() - lastClosedAt < TOOLTIP_SKIP_DELAY_MS) setOpen(true);
    else timer.current = setTimeout(() => setOpen(true), TOOLTIP_DELAY_MS);
  };
  const hide = () => {
    clearTimeout(timer.current);
    // Recorded now, not in a state update: the next tooltip's pointerenter comes right after.
    if (isOpen.current) lastClosedAt = Date.now();
    setOpen(false);
  };

  return (
    <span
      className="relative inline-flex"
      data-tooltip={content}
      onPointerEnter={show}
      onPointerLeave={hide}
      onFocus={show}
      onBlur={hide}
    >
      {children}
      {open && (
        <span role="tooltip" id={id} className={TOOLTIP_CLASS}>
          {content}
        </span>
      )}
    </span>
  );
}
