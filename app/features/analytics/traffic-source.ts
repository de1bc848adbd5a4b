import type { Attribution } from "#db/schema";

// Where a visit came from, named as analytics tools do (lower case, so a utm_source=google campaign and
// a Google search are one source told apart by medium): "google / organic", "google / cpc",
// "linkedin / social", "newsletter / email" (UTM tags win), "Direct".

const KNOWN: [RegExp, string, "organic" | "social"][] = [
  [/(^|\.)google\./, "google", "organic"],
  [/(^|\.)bing\.com$/, "bing", "organic"],
  [/(^|\.)duckduckgo\.com$/, "duckduckgo", "organic"],
  [/(^|\.)yahoo\./, "yahoo", "organic"],
  [/(^|\.)ecosia\.org$/, "ecosia", "organic"],
  [/(^|\.)(linkedin\.com|lnkd\.in)$/, "linkedin", "social"],
  [/(^|\.)(facebook\.com|fb\.com|fb\.me)$/, "facebook", "social"],
  [/(^|\.)instagram\.com$/, "instagram", "social"],
  [/(^|\.)(t\.co|twitter\.com|x\.com)$/, "x.com", "social"],
  [/(^|\.)(youtube\.com|youtu\.be)$/, "youtube", "social"],
  [/(^|\.)tiktok\.com$/, "tiktok", "social"],
  [/(^|\.)reddit\.com$/, "reddit", "social"],
];

/** What the contact page knew when it was shown: a page's path and query, and an outside referrer. */
export type CameFrom = { landing: string; referrer: string };

/** An absolute URL, or null for "" and anything that is not one. */
export const urlOrNull = (value: string): URL | null => (URL.canParse(value) ? new URL(value) : null);

const tag = (value: string | null, max = 100) => value?.trim().slice(0, max) || null;

/**
 * The attribution of a visit that begins at `landing` (a path with its query) from `referrer` (a full
 * URL, or "" when there is none or it is this site: `siteHost`).
 */
export function attributionOf(landing: URL, referrer: string, siteHost: string): Attribution {
  const params = landing.searchParams;
  let from = urlOrNull(referrer);
  if (from && (!/^https?:$/.test(from.protocol) || from.host === siteHost)) from = null;
  const host = from?.hostname.replace(/^www\./, "") ?? null;
  const known = host ? KNOWN.find(([pattern]) => pattern.test(host)) : undefined;
  const source = tag(params.get("utm_source"))?.toLowerCase() ?? known?.[1] ?? host ?? "Direct";
  const medium = tag(params.get("utm_medium"))?.toLowerCase() ?? known?.[2] ?? (host ? "referral" : "none");
  return {
    source,
    medium,
    campaign: tag(params.get("utm_campaign")),
    referrer: from ? `${from.origin}${from.pathname}`.slice(0, 300) : null,
    landingPage: landing.pathname.slice(0, 300),
  };
}

/** Whether a visit with this attribution starts afresh (a new campaign or site sent them back). */
export const isNewSource = (a: Attribution) => a.source !== "Direct";

export type Device = "mobile" | "tablet" | "desktop";

export function deviceOf(userAgent: string): Device {
  if (/iPad|Tablet|Android(?!.*Mobile)/i.test(userAgent)) return "tablet";
  if (/Mobi|iPhone|Android/i.test(userAgent)) return "mobile";
  return "desktop";
}

/** An attribution as the inbox and the alert e-mail show it: label and value rows. */
export function attributionRows(a: Attribution | null | undefined): [string, string][] {
  if (!a) return [["Came from", "Unknown (no visit recorded)"]];
  return [
    ["Came from", a.medium === "none" ? a.source : `${a.source} / ${a.medium}`],
    ...(a.campaign ? [["Campaign", a.campaign] as [string, string]] : []),
    ["Landing page", a.landingPage],
    ...(a.referrer ? [["Referrer", a.referrer] as [string, string]] : []),
  ];
}
