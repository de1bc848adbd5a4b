import { useEffect, useRef, useState } from "react";

/** One answer of GET /api/links: a page of the site or a live post (see features/pages/link-targets.server.ts). */
export type LinkTarget = { title: string; path: string; kind: "page" | "service" | "case study" | "post" };

/** What is typed is a full address: nothing on this site to suggest. */
export const isFullAddress = (text: string) => /^(https?:\/\/|mailto:|tel:)/i.test(text.trim());

const SEARCH_DELAY_MS = 200;
const NONE: LinkTarget[] = [];

/**
 * The site's pages and posts matching `query`, asked of /api/links once typing pauses. `null` asks
 * nothing (and forgets the last answer). Each new query aborts the request before it, so a slow,
 * stale answer never replaces a newer one.
 */
export function useLinkTargets(query: string | null): LinkTarget[] {
  const [answer, setAnswer] = useState<{ query: string; targets: LinkTarget[] } | null>(null);
  useEffect(() => {
    if (query === null || isFullAddress(query)) return;
    const controller = new AbortController();
    const timer = setTimeout(async () => {
      try {
        const response = await fetch(`/api/links?q=${encodeURIComponent(query.trim().slice(0, 200))}`, {
          headers: { Accept: "application/json" },
          signal: controller.signal,
        });
        const targets = response.ok ? ((await response.json()) as LinkTarget[]) : [];
        if (!controller.signal.aborted) setAnswer({ query, targets: Array.isArray(targets) ? targets : [] });
      } catch {
        // Aborted (a newer query is on its way) or offline: the address is typed by hand as before.
        if (!controller.signal.aborted) setAnswer({ query, targets: [] });
      }
    }, SEARCH_DELAY_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [query]);
  // The last answer stays shown while the next one is on its way, unless there is nothing to ask.
  return query === null || isFullAddress(query) || !answer ? NONE : answer.targets;
}

/**
 * The highlighted suggestion, remembered by its path: it stays on the same target when a newer answer
 * still holds it, and there is none when it does not.
 */
export function useActiveTarget(targets: LinkTarget[]) {
  const [path, setPath] = useState<string | null>(null);
  const index = path === null ? -1 : targets.findIndex((t) => t.path === path);
  return {
    index,
    /** Moves the highlight by `step` (wrapping round), or clears it with `null`. */
    move(step: 1 | -1 | null) {
      if (step === null || !targets.length) return setPath(null);
      const next =
        index === -1
          ? step === 1
            ? 0
            : targets.length - 1
          : (index + step + targets.length) % targets.length;
      setPath(targets[next]?.path ?? null);
    },
  };
}

/** The listbox under the address field (the WAI-ARIA combobox pattern); focus stays in the field. */
export function LinkSuggestions({
  id,
  targets,
  open,
  activeIndex,
  optionId,
  onChoose,
}: {
  id: string;
  targets: LinkTarget[];
  open: boolean;
  activeIndex: number;
  optionId: (index: number) => string;
  onChoose: (target: LinkTarget) => void;
}) {
  const list = useRef<HTMLUListElement>(null);
  useEffect(() => {
    if (activeIndex < 0) return;
    list.current?.querySelector(`[data-index="${activeIndex}"]`)?.scrollIntoView({ block: "nearest" });
  }, [activeIndex]);
  return (
    <>
      <ul
        ref={list}
        id={id}
        role="listbox"
        aria-label="Pages and posts"
        hidden={!open}
        className="mt-1 max-h-60 overflow-y-auto rounded-lg border border-border bg-card py-1 shadow-lg"
      >
        {targets.map((target, index) => (
          <li
            key={target.path}
            id={optionId(index)}
            data-index={index}
            role="option"
            aria-selected={index === activeIndex}
            // The field keeps the focus (and its caret) while an option is clicked.
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => onChoose(target)}
            className="cursor-pointer px-3 py-2 text-sm font-normal hover:bg-primary/10 aria-selected:bg-primary/15 aria-selected:text-primary forced-colors:aria-selected:outline-2 forced-colors:aria-selected:-outline-offset-2"
          >
            <span className="block font-medium">{target.title}</span>
            <span className="block text-xs text-muted">
              {target.path} · {target.kind}
            </span>
          </li>
        ))}
      </ul>
      <span role="status" className="sr-only">
        {open ? `${targets.length} ${targets.length === 1 ? "suggestion" : "suggestions"}` : ""}
      </span>
    </>
  );
}
