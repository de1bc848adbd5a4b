import { escapeXml } from "~/platform/text/xml";

import { mission, values } from "../content/about";
import { contactDetails, contactFaq, contactMessage, contactStats } from "../content/contact";
import { clientsHeading, homeHero } from "../content/home";
import { legalPages } from "../content/legal";
import { serviceHeroActions, serviceQuoteLabel, services, serviceWork } from "../content/services";
import type {
  AboutCopy,
  BlogCopy,
  ContactCopy,
  HomeCopy,
  LegalCopy,
  NotFoundCopy,
  ServiceCopy,
  WorkCopy,
} from "./page-schemas";

/**
 * The words every page launched with: what a new site's pages start with, and what an existing site's
 * pages are given once when their copy moved into the database (the same words the code showed).
 * Written into `page_copy` only where a page has no row (seedPageCopy): never over the owner's edits.
 */

const home: HomeCopy = {
  meta: {
    title: "{name} | Dublin Digital Marketing, SEO & PPC Agency",
    description:
      "Dublin digital marketing agency for sustainable year-over-year growth: SEO, paid ads, websites, creative and automation. {clients} clients served.",
  },
  hero: {
    ...homeHero,
    actions: [
      { label: "Explore Our Services", to: "#services" },
      { label: "View Our Work", to: "/work" },
    ],
  },
  services: {
    eyebrow: "What we do",
    heading: "Our Services",
    intro: "Everything you need to grow online, from one senior team.",
  },
  packages: {
    heading: "Packages",
    intro: "Simple monthly pricing with no long lock-in. Pick a package or ask for a custom plan.",
    customPrompt: "Need something different?",
    customLink: { label: "Ask for a custom plan", to: "/contact" },
  },
  clients: clientsHeading,
  testimonials: { heading: "What Our Clients Say" },
  closing: {
    heading: "Ready to grow, year over year?",
    text: "Tell us where you want the business to be in a year. We reply within one working day with a plan, not a sales pitch.",
    actions: [
      { label: "Start a Project", to: "/contact" },
      { label: "See Our Work", to: "/work" },
    ],
  },
};

const about: AboutCopy = {
  meta: {
    title: "About Us: The Team Behind {name}",
    description:
      "Meet {name}, a Dublin marketing agency founded in {founded}: our mission, values, team and story. {clients} clients served.",
  },
  hero: {
    eyebrow: "About Us",
    headline: "Senior Marketers Who Treat Your Budget",
    highlight: "Like Their Own",
    intro:
      "{name} is a full-stack digital marketing agency in Dublin. Since {founded} we have helped ambitious businesses grow with strategy, search, paid media, creative and technology under one roof.",
  },
  mission,
  values: { heading: "Our Values", items: values },
  teams: { heading: "Our Teams", intro: "Specialist teams, each led by a named manager you can call." },
  clients: clientsHeading,
  story: { heading: "Our Story" },
  people: { heading: "The People You Will Work With" },
  closing: {
    heading: "Let's Grow Together",
    text: "Tell us where you want your business to be next year. We will show you how to get there.",
    actions: [
      { label: "Contact Us", to: "/contact" },
      { label: "See Our Work", to: "/work" },
    ],
  },
};

const contact: ContactCopy = {
  meta: {
    title: "Contact Us: Get a Free Marketing Consultation",
    description:
      "Contact Northwall Digital in Dublin. Tell us about your goals and we will reply within 24 hours. E-mail, phone or visit us on North Wall Quay.",
  },
  eyebrow: "Contact",
  heading: "Ready to Grow?",
  intro:
    "Tell us about your business and your goals. A senior strategist will get back to you within 24 hours.",
  nextSteps: {
    heading: "What happens next",
    steps: [
      {
        title: "A senior strategist reads your message",
        text: "Someone who works on accounts like yours, not a sales team.",
      },
      {
        title: "We reply within 24 hours",
        text: "With first thoughts and a few questions about your goals.",
      },
      { title: "A short call, if it helps", text: "Where we talk through how we would approach it." },
    ],
  },
  details: contactDetails,
  stats: contactStats,
  message: contactMessage,
  faq: contactFaq,
};

const work: WorkCopy = {
  meta: {
    title: "Our Work: Digital Marketing Case Studies",
    description:
      "Case studies from {name}: SEO, paid ads, e-commerce, healthcare and lead generation results for Irish and European businesses.",
  },
  eyebrow: "Portfolio",
  heading: "Our Work",
  intro: "Campaigns, websites and growth programmes for ambitious businesses in Ireland and across Europe.",
  closing: {
    heading: "Your Business Could Be Next",
    text: "Tell us where you want to grow and we will show you how we would get you there.",
    actions: [
      { label: "Start Your Project", to: "/contact" },
      { label: "Meet the Team", to: "/about" },
    ],
  },
  studyClosing: {
    heading: "Want Results Like These?",
    text: "Tell us about your goals and we will show you how we would approach them.",
    actions: [
      { label: "Start Your Project", to: "/contact" },
      { label: "View More Work", to: "/work" },
    ],
  },
};

const blog: BlogCopy = {
  meta: {
    title: "Marketing Blog: SEO, PPC & Growth Insights",
    description:
      "Practical advice on SEO, Google Ads, paid social, websites and marketing automation from the {name} team in Dublin.",
    topicTitle: "{topic} Articles | Marketing Blog",
  },
  eyebrow: "Blog",
  heading: "Insights & Articles",
  intro: "Practical advice on search, ads, websites and growth from the people running the campaigns.",
};

const notFound: NotFoundCopy = {
  heading: "404 Page Not Found",
  text: "Sorry, there is no page at this address. It may have moved, or the link may have a typo.",
  featuredHeading: "While you are here: a project we are proud of",
};

const legal = (page: (typeof legalPages)[number]): LegalCopy => ({
  meta: { title: page.searchTitle, description: page.description },
  title: page.title,
  updated: page.updated,
  sections: page.sections.map((section) => ({
    heading: section.heading,
    body: section.paragraphs.map((paragraph) => `<p>${escapeXml(paragraph)}</p>`).join(""),
  })),
});

const service = ({ slug: _slug, ...copy }: (typeof services)[number]): ServiceCopy => ({
  ...copy,
  hero: { ...copy.hero, actions: serviceHeroActions },
  work: serviceWork,
  benefits: { ...copy.benefits, quoteLabel: serviceQuoteLabel },
});

export type StartingPage = { key: string; copy: Record<string, unknown>; position: number };

/** Every page's starting copy, in the order the admin lists them (services in the home grid's order). */
export const startingCopy: StartingPage[] = [
  { key: "home", copy: home, position: 0 },
  ...services.map((s, index) => ({ key: `services/${s.slug}`, copy: service(s), position: index })),
  { key: "about", copy: about, position: 0 },
  { key: "contact", copy: contact, position: 0 },
  { key: "work", copy: work, position: 0 },
  { key: "blog", copy: blog, position: 0 },
  ...legalPages.map((page, index) => ({ key: `legal/${page.slug}`, copy: legal(page), position: index })),
  { key: "not-found", copy: notFound, position: 0 },
];
