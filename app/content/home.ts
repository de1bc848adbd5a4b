import type { Stat } from "./types";

export const homeHero = {
  eyebrow: "Dublin's Full-Stack Digital Marketing Agency",
  headline: "Helping Businesses Grow,",
  highlight: "Year Over Year",
  intro:
    "Sustainable growth built on integrity, expertise and transparency. SEO, pay-per-click ads and digital strategy from one senior team in Dublin.",
};

export const headlineStats: Stat[] = [
  { value: "250+", label: "Clients Served", tone: "primary" },
  { value: "95%", label: "Success Rate", tone: "secondary" },
  { value: "11+", label: "Years Experience", tone: "accent" },
  { value: "24/7", label: "Support", tone: "primary" },
];
