import type { Stat } from "./types";

export const mission = {
  heading: "Our Mission",
  text: "To help ambitious businesses grow year over year through marketing that is honest, measurable and built to last. We treat every client's budget as if it were our own, and we only celebrate results that show up in your revenue.",
};

export const aboutStats: Stat[] = [
  { value: "500+", label: "Projects Completed", tone: "primary" },
  { value: "250+", label: "Clients Served", tone: "secondary" },
  { value: "5+", label: "Years Leading", tone: "accent" },
];

export const values = [
  {
    name: "Integrity",
    description:
      "We tell you what is working and what is not, and we never lock you into our tools or contracts.",
  },
  {
    name: "Expertise",
    description: "Senior specialists in search, paid media, creative and development, learning every day.",
  },
  {
    name: "Innovation",
    description: "We test new platforms, formats and AI tools early, so you benefit before your competitors.",
  },
  {
    name: "Results",
    description: "Everything we do is measured against the growth targets we agree with you.",
  },
];

export type TeamCard = { team: string; manager: string; role: string; description: string };

export const teams: TeamCard[] = [
  {
    team: "Strategy Team",
    manager: "Róisín Daly",
    role: "Head of Strategy",
    description: "Research, planning and the KPI frameworks that keep every campaign honest.",
  },
  {
    team: "Creative Team",
    manager: "Eoin Gallagher",
    role: "Creative Lead",
    description: "Concepts, video, design and copy for paid and organic channels.",
  },
  {
    team: "Analytics Team",
    manager: "Priya Nair",
    role: "Analytics Lead",
    description: "Tracking, attribution, dashboards and forecasting.",
  },
  {
    team: "Web Development Team",
    manager: "Lukas Novak",
    role: "Lead Developer",
    description: "Websites, integrations, automation and apps.",
  },
];

export const timeline = [
  {
    year: "2019",
    title: "Founded in Dublin",
    text: "Started as a two-person SEO and PPC consultancy working from a shared office on the quays.",
  },
  {
    year: "2020",
    title: "Going Fully Digital",
    text: "Helped local businesses move online during lockdowns; our first e-commerce builds went live.",
  },
  {
    year: "2021",
    title: "Creative Studio",
    text: "Opened an in-house creative team for video and social, and passed 100 clients.",
  },
  {
    year: "2022",
    title: "Development & Automation",
    text: "Added web development, CRM integrations and marketing automation.",
  },
  {
    year: "2023",
    title: "Across Europe",
    text: "Launched campaigns for clients in Germany, France and the Netherlands.",
  },
  {
    year: "2024",
    title: "AI & 250+ Clients",
    text: "Introduced AI-assisted analytics and app development, serving more than 250 clients.",
  },
];

export type Profile = { name: string; title: string; bio: string; highlights: string[] };

export const leadership: Profile[] = [
  {
    name: "Conor Brennan",
    title: "Founder & Managing Director",
    bio: "Conor spent eleven years in search and paid media, in-house and agency side, before founding Northwall Digital to offer the senior, transparent service he wished he could have bought.",
    highlights: [
      "11+ years in digital marketing",
      "Google Ads and Analytics certified",
      "Guest lecturer in digital marketing",
    ],
  },
  {
    name: "Eoin Gallagher",
    title: "Creative Director",
    bio: "Eoin leads concepts, video and design. A former broadcast editor, he builds creative that feels native to each platform and tests it relentlessly.",
    highlights: [
      "200+ campaigns directed",
      "Paid and organic social specialist",
      "Award-winning short-form video",
    ],
  },
  {
    name: "Priya Nair",
    title: "Analytics Lead",
    bio: "Priya turns messy data into decisions. She designs tracking, attribution and forecasting for every client, so budgets follow evidence.",
    highlights: [
      "MSc in Data Analytics",
      "Server-side tracking and attribution",
      "Predictive modelling for marketing",
    ],
  },
];
