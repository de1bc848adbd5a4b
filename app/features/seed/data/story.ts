import type { Milestone } from "#db/schema";

type SeedMilestone = Pick<Milestone, "year" | "name" | "text" | "founding">;

/** The about page's story as first published; the founding shows the settings' year founded. */
export const seedStory: SeedMilestone[] = [
  {
    year: 0,
    founding: true,
    name: "Founded in Dublin",
    text: "Started as a two-person SEO and PPC consultancy working from a shared office on the quays.",
  },
  {
    year: 2020,
    founding: false,
    name: "Going Fully Digital",
    text: "Helped local businesses move online during lockdowns; our first e-commerce builds went live.",
  },
  {
    year: 2021,
    founding: false,
    name: "Creative Studio",
    text: "Opened an in-house creative team for video and social, and passed 100 clients.",
  },
  {
    year: 2022,
    founding: false,
    name: "Development & Automation",
    text: "Added web development, CRM integrations and marketing automation.",
  },
  {
    year: 2023,
    founding: false,
    name: "Across Europe",
    text: "Launched campaigns for clients in Germany, France and the Netherlands.",
  },
  {
    year: 2024,
    founding: false,
    name: "AI & Analytics",
    text: "Introduced AI-assisted analytics and app development for clients across Ireland and Europe.",
  },
];
