export const homeHero = {
  eyebrow: "Dublin's Full-Stack Digital Marketing Agency",
  headline: "Helping Businesses Grow,",
  highlight: "Year Over Year",
  intro:
    "Sustainable growth built on integrity, expertise and transparency. SEO, pay-per-click ads and digital strategy from one senior team in Dublin.",
};

// The headline figures are the site's settings (siteFacts().headlineStats): one place for them.

/** The heading over the client logos, on home and About alike. */
export const clientsHeading = { heading: "Trusted by businesses like" };
