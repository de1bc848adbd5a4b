/** The agency's own details: the one place the footer, contact page and structured data read them from. */
export const site = {
  name: "Northwall Digital",
  legalName: "Northwall Digital Ltd",
  tagline: "Full-stack digital marketing agency in Dublin",
  email: "hello@northwalldigital.ie",
  phone: "+353 1 555 0142",
  phoneHref: "tel:+35315550142",
  companyNumber: "712345",
  address: {
    street: "12 North Wall Quay",
    locality: "Dublin 1",
    region: "Dublin",
    postalCode: "D01 K8F3",
    country: "Ireland",
    countryCode: "IE",
  },
  geo: { latitude: 53.3478, longitude: -6.2397 },
  clientsServed: "250+",
} as const;

export const formattedAddress = [
  site.address.street,
  site.address.locality,
  site.address.postalCode,
  site.address.country,
].join(", ");

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
