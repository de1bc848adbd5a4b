// The agency's own details (name, contact, address, figures) are settings: app/features/site-content/site-settings.ts.

export type NavItem = { label: string; to: string; end?: boolean };

/** The navigation bar, left to right; Contact is shown as a button after these. */
export const mainNav: NavItem[] = [
  { label: "Home", to: "/", end: true },
  { label: "Services", to: "/#services" },
  { label: "Work", to: "/work" },
  { label: "About", to: "/about" },
  { label: "Blog", to: "/blog" },
];

export const footerQuickLinks: NavItem[] = [
  { label: "Home", to: "/" },
  { label: "Portfolio", to: "/work" },
  { label: "About", to: "/about" },
  { label: "Blog", to: "/blog" },
  { label: "Contact", to: "/contact" },
];

export const legalLinks: NavItem[] = [
  { label: "Privacy Policy", to: "/privacy" },
  { label: "Terms of Service", to: "/terms" },
  { label: "Cookie Policy", to: "/cookies" },
];
