/** The six services; each has its own page at /services/{slug}. */
export const services = [
  {
    slug: "digital-marketing-strategy",
    title: "Digital Marketing Strategy",
    summary: "A clear, measurable plan that connects every channel to revenue.",
  },
  {
    slug: "paid-ads-management",
    title: "Paid Ads Management",
    summary: "Google, Meta, Instagram, LinkedIn, TikTok, YouTube, Twitter and Pinterest campaigns that pay for themselves.",
  },
  {
    slug: "website-development",
    title: "Website Development",
    summary: "Fast lead-generation, e-commerce and local business websites built to convert.",
  },
  {
    slug: "creative-direction",
    title: "Creative Direction",
    summary: "Paid and organic creative that stops the scroll and tells your story.",
  },
  {
    slug: "seo",
    title: "Search Engine Optimisation",
    summary: "Technical, local, e-commerce and content SEO with link building that lasts.",
  },
  {
    slug: "automation-ai-app-development",
    title: "Automation, AI & App Development",
    summary: "Workflows, AI tools and iOS, Android and web apps that save hours every week.",
  },
] as const;

export type Service = (typeof services)[number];

export function findService(slug: string | undefined): Service | undefined {
  return services.find((service) => service.slug === slug);
}
