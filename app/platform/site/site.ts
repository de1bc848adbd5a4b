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

/**
 * The six service pages as the phone menu and a case study's credits list them: the same slugs and titles as
 * app/features/pages/content/services.ts (a unit test keeps them equal), kept apart so the menu, which is in every
 * page's bundle, does not carry the services' copy.
 */
export const serviceNav: NavItem[] = [
  { label: "Digital Marketing Strategy", to: "/services/digital-marketing-strategy" },
  { label: "Paid Ads Management", to: "/services/paid-ads-management" },
  { label: "Website Development", to: "/services/website-development" },
  { label: "Creative Direction", to: "/services/creative-direction" },
  { label: "Search Engine Optimisation", to: "/services/seo" },
  { label: "Automation, AI & App Development", to: "/services/automation-ai-app-development" },
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
