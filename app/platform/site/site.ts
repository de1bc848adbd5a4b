// The agency's own details (name, contact, address, figures) are settings: app/features/site-content/site-settings.ts.

import type { MessageId } from "../i18n/catalogs/en";

/** A link of the site's navigation: `word` is its label in the interface's catalogs (`label` is the English). */
export type NavItem = { label: string; to: string; end?: boolean; word: MessageId };

/** The navigation bar, left to right; Contact is shown as a button after these. */
export const mainNav: NavItem[] = [
  { label: "Home", to: "/", end: true, word: "nav.home" },
  { label: "Services", to: "/#services", word: "nav.services" },
  { label: "Work", to: "/work", word: "nav.work" },
  { label: "About", to: "/about", word: "nav.about" },
  { label: "Blog", to: "/blog", word: "nav.blog" },
];

export const footerQuickLinks: NavItem[] = [
  { label: "Home", to: "/", word: "nav.home" },
  { label: "Portfolio", to: "/work", word: "nav.portfolio" },
  { label: "About", to: "/about", word: "nav.about" },
  { label: "Blog", to: "/blog", word: "nav.blog" },
  { label: "Contact", to: "/contact", word: "nav.contact" },
];

export const legalLinks: NavItem[] = [
  { label: "Privacy Policy", to: "/privacy", word: "legal.privacy" },
  { label: "Terms of Service", to: "/terms", word: "legal.terms" },
  { label: "Cookie Policy", to: "/cookies", word: "legal.cookies" },
];
