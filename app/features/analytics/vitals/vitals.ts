/**
 * Core Web Vitals as real visitors' browsers measure them (decision 048): the three Google ranks on
 * (LCP, INP, CLS) and the two timings beside them (FCP, TTFB), named as the web-vitals library names
 * them. Shared by the server, which stores and judges them, and the admin screen, which shows them.
 */
export const VITALS = ["LCP", "INP", "CLS", "FCP", "TTFB"] as const;
export type Vital = (typeof VITALS)[number];
/** The three Google's page experience ranks on, shown first. */
export const CORE_VITALS = ["LCP", "INP", "CLS"] as const satisfies readonly Vital[];

/**
 * Google's thresholds (web.dev/articles/vitals, the same as web-vitals' own `LCPThresholds`…): a
 * page's p75 at or below `good` is good, above `poor` poor, and needs improvement between.
 */
export const THRESHOLDS: Record<Vital, { good: number; poor: number }> = {
  LCP: { good: 2500, poor: 4000 },
  INP: { good: 200, poor: 500 },
  CLS: { good: 0.1, poor: 0.25 },
  FCP: { good: 1800, poor: 3000 },
  TTFB: { good: 800, poor: 1800 },
};

/**
 * The largest value taken as a measurement: beyond it the page sat in a background tab, or the number
 * was made up. Times in milliseconds, CLS unitless.
 */
export const LARGEST: Record<Vital, number> = {
  LCP: 120_000,
  INP: 60_000,
  CLS: 10,
  FCP: 120_000,
  TTFB: 120_000,
};

export const VITAL_NAMES: Record<Vital, { short: string; long: string }> = {
  LCP: { short: "Loading", long: "Largest Contentful Paint" },
  INP: { short: "Responsiveness", long: "Interaction to Next Paint" },
  CLS: { short: "Visual stability", long: "Cumulative Layout Shift" },
  FCP: { short: "First paint", long: "First Contentful Paint" },
  TTFB: { short: "Server answer", long: "Time to First Byte" },
};

export type Verdict = "good" | "needs-improvement" | "poor";

export const verdictOf = (vital: Vital, p75: number): Verdict =>
  p75 <= THRESHOLDS[vital].good ? "good" : p75 <= THRESHOLDS[vital].poor ? "needs-improvement" : "poor";

export const VERDICT_LABELS: Record<Verdict, string> = {
  good: "Good",
  "needs-improvement": "Needs improvement",
  poor: "Poor",
};

/**
 * Fewer measurements than this give "not enough data" rather than a p75: the 75th percentile of five
 * is the fourth slowest, the least that says more than one unlucky visit. A small agency's page sees
 * few visits per device in a week, so the floor is low and the count is always shown beside the figure.
 */
export const ENOUGH_MEASUREMENTS = 5;

/** "1.8 s", "180 ms", "0.05": a value as the owner reads it. */
export function vitalText(vital: Vital, value: number): string {
  if (vital === "CLS") return value.toFixed(2);
  if (value >= 1000) return `${(value / 1000).toFixed(1)} s`;
  return `${Math.round(value)} ms`;
}

/** The two kinds of device the figures are told apart by, as Google's field data tells them. */
export const DEVICE_CLASSES = ["phone", "desktop"] as const;
export type DeviceClass = (typeof DEVICE_CLASSES)[number];
