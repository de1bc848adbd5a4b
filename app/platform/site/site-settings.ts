import { z } from "zod";

import type { Stat } from "~/platform/pages/types";
import { oneLine, plainText, steadyDirection } from "~/platform/text/schemas";

import { AI_CRAWLER_NAMES } from "./ai-crawlers";

const line = (label: string, max = 200) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} must be ${max} characters or fewer`)
    .refine(...oneLine(label));

const socialLink = (label: string) =>
  z
    .string()
    .trim()
    .max(500, `${label} must be 500 characters or fewer`)
    .refine((v) => v === "" || /^https:\/\/[^\s/]+\.[^\s]+$/.test(v), {
      message: `${label} must be a full web address starting with https://`,
    })
    .nullish()
    .transform((v) => v || null);

const coordinate = (label: string, limit: number) =>
  z.coerce
    .number({ error: `${label} must be a number` })
    .min(-limit, `${label} must be between -${limit} and ${limit}`)
    .max(limit, `${label} must be between -${limit} and ${limit}`);

/**
 * The agency's facts: the one place every page reads its name, contact details, address, social
 * links and headline figures from (settings screen, GET/PUT /api/settings).
 */
export const SiteSettingsSchema = z.object({
  name: line("Agency name", 100),
  legalName: line("Registered name", 150),
  tagline: line("Tagline", 200),
  email: z
    .string({ error: "E-mail is required" })
    .trim()
    .toLowerCase()
    .pipe(z.email("E-mail must be a valid e-mail address")),
  phone: line("Phone", 40).refine((v) => /^\+?[0-9 ()-]{6,}$/.test(v), {
    message: "Phone must be a phone number, e.g. +353 1 555 0142",
  }),
  companyNumber: line("Company number", 40),
  street: line("Street", 150),
  locality: line("Town or district", 100),
  region: line("County or region", 100),
  postalCode: line("Eircode", 20),
  country: line("Country", 60),
  countryCode: z
    .string({ error: "Country code is required" })
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{2}$/, "Country code must be two letters, e.g. IE"),
  latitude: coordinate("Latitude", 90),
  longitude: coordinate("Longitude", 180),
  linkedin: socialLink("LinkedIn"),
  instagram: socialLink("Instagram"),
  facebook: socialLink("Facebook"),
  x: socialLink("X"),
  clientsServed: line("Clients served", 12),
  successRate: line("Success rate", 12),
  support: line("Support", 12),
  /** Under the home page's figures: how they are counted, so none stands without its source. */
  figuresSource: z
    .string()
    .trim()
    .max(240, "Where the figures come from must be 240 characters or fewer")
    .default(""),
  foundedYear: z.coerce
    .number({ error: "Year founded must be a year" })
    .int("Year founded must be a year")
    .min(1900, "Year founded must be 1900 or later")
    .refine((year) => year <= new Date().getFullYear(), "Year founded cannot be in the future"),
  /** The e-mail every enquirer gets at once (enquiry-mail.server.tsx); {firstName} and the facts' tokens. */
  autoReplySubject: line("Subject", 150),
  autoReplyBody: z
    .string({ error: "Message is required" })
    .trim()
    .min(20, "Message must be at least 20 characters")
    .max(2000, "Message must be 2000 characters or fewer")
    .refine(...plainText("Message"))
    .refine(...steadyDirection("Message")),
  /**
   * The AI crawlers robots.txt refuses, by name (ai-crawlers.ts); every other is allowed. Absent from a
   * save: unchanged (an API client that does not know the field keeps the owner's choice).
   */
  aiCrawlersRefused: z
    .array(z.enum(AI_CRAWLER_NAMES, { error: `An AI crawler is one of ${AI_CRAWLER_NAMES.join(", ")}` }))
    .max(AI_CRAWLER_NAMES.length)
    .transform((names) => [...new Set(names)])
    .optional(),
});

export type SiteSettings = z.infer<typeof SiteSettingsSchema>;

export const SOCIAL_NETWORKS = [
  ["linkedin", "LinkedIn"],
  ["instagram", "Instagram"],
  ["facebook", "Facebook"],
  ["x", "X"],
] as const;

/** What pages show, derived from the settings so that no two places can disagree. */
export function siteFacts(settings: SiteSettings, now = new Date()) {
  const years = Math.max(1, now.getFullYear() - settings.foundedYear);
  return {
    ...settings,
    phoneHref: `tel:${settings.phone.replace(/[^+0-9]/g, "")}`,
    formattedAddress: [settings.street, settings.locality, settings.postalCode, settings.country].join(", "),
    yearsInBusiness: years,
    socials: SOCIAL_NETWORKS.flatMap(([key, label]) => {
      const url = settings[key];
      return url ? [{ label, url }] : [];
    }),
    figuresSource: settings.figuresSource,
    /** The home page's four figures. */
    headlineStats: [
      { value: settings.clientsServed, label: "Clients Served", tone: "primary" },
      { value: settings.successRate, label: "Success Rate", tone: "secondary" },
      { value: String(years), label: years === 1 ? "Year in Business" : "Years in Business", tone: "accent" },
      { value: settings.support, label: "Support", tone: "primary" },
    ] satisfies Stat[],
  };
}

export type SiteFacts = ReturnType<typeof siteFacts>;

/**
 * Page copy names the agency's facts as `{tokens}`, filled in from the settings when the page is
 * rendered, so a changed figure or address is changed there too. Only the facts' own names are tokens:
 * `{constructor}` typed by the owner stays as typed.
 */
export function withFacts<T>(copy: T, site: SiteFacts, more: Record<string, string> = {}): T {
  const tokens: Record<string, string> = {
    ...more,
    name: site.name,
    legalName: site.legalName,
    companyNumber: site.companyNumber,
    address: site.formattedAddress,
    email: site.email,
    phone: site.phone,
    clients: site.clientsServed,
    successRate: site.successRate,
    founded: String(site.foundedYear),
    years: String(site.yearsInBusiness),
  };
  const fill = (value: unknown): unknown => {
    if (typeof value === "string")
      return value.replace(/\{(\w+)\}/g, (token, name: string) =>
        Object.hasOwn(tokens, name) ? tokens[name]! : token,
      );
    if (Array.isArray(value)) return value.map(fill);
    if (value && typeof value === "object")
      return Object.fromEntries(Object.entries(value).map(([key, v]) => [key, fill(v)]));
    return value;
  };
  return fill(copy) as T;
}
