// The page's Web Vitals, measured by Google's web-vitals library and sent with the page beacon
// (decision 048). The page script loads this file once the page has loaded and painted; it is bundled
// on its own (scripts/vite/vitals-script.ts), so it imports only web-vitals and plain modules.
import { type Metric, onCLS, onFCP, onINP, onLCP, onTTFB } from "web-vitals";

import { LARGEST, type Vital } from "./vitals";

const endpoint = (document.currentScript as HTMLScriptElement | null)?.dataset.endpoint ?? "/api/event";
const page = location.pathname + location.search;
const measured = new Map<Vital, [Vital, number, string?]>();
let unsent = false;

const words = (text: string | null | undefined, most = 40) => {
  // Control and bidirectional characters are refused by the server: a name is sent without them.
  const flat = (text ?? "").replace(/[\p{Cc}\u202A-\u202E\u2066-\u2069\s]+/gu, " ").trim();
  return flat.length > most ? `${flat.slice(0, most - 1)}…` : flat;
};

/**
 * An element as the owner would find it on the page: its id, an image's description or file, else
 * its first words ("img “Team at work”", "h1 “Digital marketing that…”", "button#menu").
 */
function nameOf(node: Node | null | undefined): string | undefined {
  const element = node instanceof Element ? node : node?.parentElement;
  if (!element) return undefined;
  const tag = element.localName;
  if (element.id) return `${tag}#${element.id}`;
  if (element instanceof HTMLImageElement) {
    const said = words(element.alt) || words(element.currentSrc.split("/").pop());
    return said ? `${tag} “${said}”` : tag;
  }
  const said = words(element.getAttribute("aria-label") ?? element.textContent);
  return said ? `${tag} “${said}”` : tag;
}

/** What caused a value: the LCP element, the element that moved most, the element interacted with. */
function causeOf(metric: Metric): string | undefined {
  if (metric.name === "LCP")
    return nameOf((metric.entries.at(-1) as LargestContentfulPaint | undefined)?.element);
  if (metric.name === "CLS") {
    const shifts = metric.entries as LayoutShift[];
    const largest = shifts.reduce<LayoutShift | undefined>(
      (a, b) => (a && a.value >= b.value ? a : b),
      undefined,
    );
    const source = largest?.sources.find((s) => s.node instanceof Element) ?? largest?.sources[0];
    return nameOf(source?.node);
  }
  if (metric.name === "INP") {
    const event = (metric.entries as PerformanceEventTiming[]).find((entry) => entry.target);
    const target = nameOf(event?.target);
    return event && target ? `${event.name} on ${target}` : undefined;
  }
  return undefined;
}

function keep(metric: Metric) {
  const vital = metric.name as Vital;
  // Past these the page sat in a background tab: not a visitor's experience.
  if (!(metric.value >= 0 && metric.value <= LARGEST[vital])) return;
  const value = vital === "CLS" ? Math.round(metric.value * 10_000) / 10_000 : Math.round(metric.value);
  const cause = causeOf(metric)?.slice(0, 100);
  measured.set(vital, cause ? [vital, value, cause] : [vital, value]);
  unsent = true;
}

/** One beacon with every value measured since the last: when the page is hidden or left. */
function send() {
  if (!unsent) return;
  unsent = false;
  navigator.sendBeacon?.(endpoint, JSON.stringify({ p: page, m: [...measured.values()] }));
}

// Every change is kept, and the latest values go when the page is hidden. Reported only when final,
// a value still waiting for an idle moment when the page is hidden (a slow click, then the visitor
// leaves at once) would be lost: web-vitals handles the hiding before it handles that value.
for (const on of [onLCP, onINP, onCLS, onFCP, onTTFB]) on(keep, { reportAllChanges: true });
// After web-vitals' own listeners (added above), which report the final LCP, CLS and INP on hiding.
document.addEventListener("visibilitychange", () => document.visibilityState === "hidden" && send());
addEventListener("pagehide", send);
// Back from the back/forward cache: a new page view (the page script counts it), measured afresh.
addEventListener("pageshow", (event) => event.persisted && measured.clear());
