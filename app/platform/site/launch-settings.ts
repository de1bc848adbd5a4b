import type { SiteSettings } from "./site-settings";

/** The agency's facts as first published: the settings screen edits them from here on. */
export const seedSiteSettings: SiteSettings = {
  name: "Northwall Digital",
  legalName: "Northwall Digital Ltd",
  tagline: "Full-stack digital marketing agency in Dublin",
  email: "hello@northwalldigital.ie",
  phone: "+353 1 555 0142",
  companyNumber: "712345",
  street: "12 North Wall Quay",
  locality: "Dublin 1",
  region: "Dublin",
  postalCode: "D01 K8F3",
  country: "Ireland",
  countryCode: "IE",
  latitude: 53.3478,
  longitude: -6.2397,
  linkedin: "https://www.linkedin.com/company/northwall-digital",
  instagram: "https://www.instagram.com/northwalldigital",
  facebook: null,
  x: null,
  clientsServed: "250+",
  successRate: "95%",
  support: "24/7",
  figuresSource:
    "From our client records: clients served since we opened; success rate is the share of clients who renewed after their first year; support is our on-call line for live campaigns and sites.",
  foundedYear: 2019,
  autoReplySubject: "We have your message: {name}",
  autoReplyBody: `Hi {firstName},

Thank you for getting in touch. Your message has reached the team, and one of us will reply within 24 hours (Monday to Friday).

If it is urgent, call us on {phone}.

The {name} team`,
};
