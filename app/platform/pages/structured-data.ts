import type { SiteFacts } from "../site/site-settings";

export type Crumb = { name: string; path: string };

/** The agency as a LocalBusiness: contact details, Dublin address, 100 km radius, areas and services. */
export function localBusiness(origin: string, site: SiteFacts) {
  return {
    "@context": "https://schema.org",
    "@type": "LocalBusiness",
    "@id": `${origin}/#business`,
    name: site.name,
    legalName: site.legalName,
    url: `${origin}/`,
    logo: `${origin}/favicon.ico`,
    image: `${origin}/og-default.png`,
    email: site.email,
    telephone: site.phone,
    address: {
      "@type": "PostalAddress",
      streetAddress: site.street,
      addressLocality: site.region,
      addressRegion: site.region,
      postalCode: site.postalCode,
      addressCountry: site.countryCode,
    },
    geo: { "@type": "GeoCoordinates", latitude: site.latitude, longitude: site.longitude },
    areaServed: [
      { "@type": "City", name: "Dublin" },
      { "@type": "Country", name: "Ireland" },
      { "@type": "Place", name: "Europe" },
      {
        "@type": "GeoCircle",
        geoMidpoint: {
          "@type": "GeoCoordinates",
          latitude: site.latitude,
          longitude: site.longitude,
        },
        geoRadius: 100_000,
      },
    ],
    ...(site.socials.length ? { sameAs: site.socials.map((social) => social.url) } : {}),
    hasOfferCatalog: {
      "@type": "OfferCatalog",
      name: "Digital marketing services",
      itemListElement: ["SEO Services", "PPC Management", "Digital Marketing Strategy"].map((name) => ({
        "@type": "Offer",
        itemOffered: { "@type": "Service", name },
      })),
    },
  };
}

export function breadcrumbList(origin: string, crumbs: Crumb[]) {
  return {
    "@context": "https://schema.org",
    "@type": "BreadcrumbList",
    itemListElement: crumbs.map((crumb, index) => ({
      "@type": "ListItem",
      position: index + 1,
      name: crumb.name,
      item: `${origin}${crumb.path}`,
    })),
  };
}

export function webPage(
  origin: string,
  site: SiteFacts,
  {
    title,
    description,
    path,
    inLanguage = "en-IE",
  }: { title: string; description: string; path: string; inLanguage?: string },
) {
  return {
    "@context": "https://schema.org",
    "@type": "WebPage",
    name: title,
    description,
    url: `${origin}${path}`,
    inLanguage,
    isPartOf: { "@type": "WebSite", name: site.name, url: `${origin}/` },
  };
}
