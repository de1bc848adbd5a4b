import type { Metric } from "#db/schema";

import { hashNumber } from "./palettes";

/** What a case study's cover shows, chosen from what the study is about. */
export const COMPOSITIONS = ["browser", "phone", "ads", "map", "search", "dashboard"] as const;
export type Composition = (typeof COMPOSITIONS)[number];

/** The fields of a case study its artwork is drawn from. */
export type StudyFacts = {
  title: string;
  clientName: string;
  category: string;
  tags: string[];
  credits: string[];
  metrics: Metric[];
};

/**
 * Words that say which picture fits, with their weight. A tag or the category counts in full (they
 * say what this study was about), a credited service a quarter (most studies credit three or four
 * of the same six), the title half.
 */
const SIGNALS: Record<Composition, [RegExp, number][]> = {
  phone: [
    [/\bapps?\b|\baso\b|app store|mobile/, 3],
    [/booking|appointment|reservation/, 3],
    [/subscription/, 2],
    [/tiktok|instagram|reels|creator/, 1],
    [/fintech/, 2],
  ],
  ads: [
    [/meta ads|facebook|paid social|youtube|display|programmatic/, 2],
    [/\bppc\b|lead gen|google ads|paid search|performance max|shopping|creative/, 1],
    [/paid ads/, 1],
  ],
  browser: [
    [/shopify|woocommerce|web ?design|web ?development|website/, 3],
    [/e-?commerce|online store|landing page|locali[sz]ation|\bux\b|\bcro\b/, 2],
    [/international/, 1],
  ],
  map: [
    [/local seo|google business|\bmaps?\b|near me|multi-?location|practices|branches/, 3],
    [/\blocal\b/, 1],
  ],
  search: [
    [/technical seo|seo strategy|digital pr|schema|link ?building|organic/, 3],
    [/^seo$|search engine|content/, 2],
  ],
  dashboard: [
    [/\bcrm\b|analytics|reporting|dashboard|attribution|\broi\b/, 3],
    [/automation|pipeline|b2b|transformation|strategy|linkedin/, 2],
  ],
};

function score(text: string, weight: number, totals: Record<Composition, number>) {
  const t = text.toLowerCase();
  for (const kind of COMPOSITIONS) {
    for (const [pattern, points] of SIGNALS[kind]) if (pattern.test(t)) totals[kind] += points * weight;
  }
}

/** Every composition, the ones a study's words point to most first (ties keep COMPOSITIONS' order). */
function rankCompositions(study: StudyFacts): { kind: Composition; total: number }[] {
  const totals = Object.fromEntries(COMPOSITIONS.map((kind) => [kind, 0])) as Record<Composition, number>;
  for (const tag of study.tags) score(tag, 1, totals);
  score(study.category, 1, totals);
  score(study.title, 0.5, totals);
  for (const credit of study.credits) score(credit, 0.25, totals);
  return COMPOSITIONS.map((kind) => ({ kind, total: totals[kind] })).sort((a, b) => b.total - a.total);
}

/**
 * The composition for a study: the kind its tags, category, title and services point to most (ties
 * go to the earlier kind in COMPOSITIONS). A study that says nothing recognisable shows its results
 * as a dashboard when it has any, else its website.
 */
export function chooseComposition(study: StudyFacts): Composition {
  const [best] = rankCompositions(study);
  if (best && best.total > 0) return best.kind;
  return study.metrics.length ? "dashboard" : "browser";
}

/** The other views of the same work for a gallery: the next `count` kinds the study points to, never its cover's. */
export function galleryCompositions(study: StudyFacts, count = 3): Composition[] {
  const cover = chooseComposition(study);
  return rankCompositions(study)
    .map(({ kind }) => kind)
    .filter((kind) => kind !== cover)
    .slice(0, count);
}

/** Which screen the phone shows. */
export function phoneScreen(study: StudyFacts): "booking" | "wallet" | "social" {
  const text = [...study.tags, study.category, study.title].join(" ").toLowerCase();
  if (/booking|appointment|clinic|salon|reservation/.test(text)) return "booking";
  if (/fintech|bank|saving|pay|finance|wallet|\bapps?\b/.test(text)) return "wallet";
  return "social";
}

/** The button on the client's site, ad or app: what a visitor of that business would do. */
export function callToAction(study: StudyFacts): string {
  const text = [...study.tags, study.category, study.title].join(" ").toLowerCase();
  if (/booking|clinic|dental|health|appointment|salon/.test(text)) return "Book now";
  if (/gym|fitness|trial/.test(text)) return "Start free trial";
  if (/subscription|coffee/.test(text)) return "Subscribe";
  if (/e-?commerce|shop|store|fashion/.test(text)) return "Shop now";
  if (/\bapps?\b|fintech/.test(text)) return "Get the app";
  if (/solar|energy|quote|lead/.test(text)) return "Get a quote";
  return "Learn more";
}

/** "Glow Aesthetics Clinic: Fully Booked in Six Months" → "Fully Booked in Six Months". */
export function headline(study: StudyFacts): string {
  const colon = study.title.indexOf(":");
  const after = colon >= 0 ? study.title.slice(colon + 1).trim() : "";
  return after || study.title;
}

/** A domain for the client's mock-up: "Glow Aesthetics Clinic" → "glowaesthetics.ie". */
export function domainFor(clientName: string): string {
  const words = clientName
    .toLowerCase()
    .normalize("NFD")
    .replace(/[^a-z0-9 ]/g, "")
    .split(/\s+/)
    .filter(Boolean);
  return `${words.slice(0, 2).join("") || "client"}.ie`;
}

/** How many pins the map shows: a count the study states ("4 Practices Unified"), else three. */
export function pinCount(study: StudyFacts): number {
  for (const text of [study.title, ...study.metrics.map((m) => `${m.value} ${m.label}`)]) {
    const found =
      /\b(\d|two|three|four|five|six)\s+(?:practices|locations|branches|clinics|stores|shops|sites|offices)/i.exec(
        text,
      );
    if (found) {
      const words: Record<string, number> = { two: 2, three: 3, four: 4, five: 5, six: 6 };
      const n = Number(found[1]) || words[found[1]!.toLowerCase()] || 3;
      return Math.min(Math.max(n, 2), 6);
    }
  }
  return 3;
}

/**
 * A results line drawn from a metric: its figure sets where the line ends against where it began
 * ("312%" up to 4.1 times, "3x" to three times; "58% Lower Cost" falls by 58%, which is the good
 * news), with a wobble from the client's name so no two look alike. Values are 0..1, `points` long.
 */
export function chartSeries(metric: Metric | undefined, seed: string, points = 8): number[] {
  const label = metric?.label.toLowerCase() ?? "";
  const value = metric?.value ?? "";
  const number = Number.parseFloat(value.replace(/[^0-9.]/g, "")) || 0;
  const falls = /lower|less|faster|below|cut|reduc|fewer|cheaper/.test(label);
  let ratio = 2.2;
  if (/x$/i.test(value) && number > 0) ratio = number;
  else if (value.endsWith("%") && number > 0)
    ratio = falls ? 1 / Math.max(1 - number / 100, 0.15) : 1 + number / 100;
  const growth = Math.min(Math.max(ratio, 1.4), 5);
  const start = 1 / growth;
  const series = Array.from({ length: points }, (_, i) => {
    const t = i / (points - 1);
    const eased = t * t * (3 - 2 * t) * 0.35 + t * 0.65;
    const wobble = i === 0 || i === points - 1 ? 0 : ((hashNumber(seed, `w${i}`) % 100) / 100 - 0.5) * 0.12;
    return Math.min(Math.max(start + (1 - start) * eased + wobble, 0.04), 1);
  });
  return falls ? [...series].reverse() : series;
}
