/**
 * The people on the about page, in its order. One row per person, so a name and a title are written
 * once: the team cards and the profiles read the same row (Eoin is the Creative Director in both).
 */
export const seedTeam = [
  {
    name: "Conor Brennan",
    role: "Founder & Managing Director",
    bio: "Conor spent eleven years in search and paid media, in-house and agency side, before founding Northwall Digital in 2019 to offer the senior, transparent service he wished he could have bought.",
    highlights: [
      "Eleven years in search and paid media before founding Northwall",
      "Google Ads and Analytics certified",
      "Guest lecturer in digital marketing",
    ],
    team: "",
    teamSummary: "",
  },
  {
    name: "Róisín Daly",
    role: "Head of Strategy",
    bio: "Róisín turns a client's goals into a plan with numbers attached, and checks every campaign against it each month.",
    highlights: ["Growth planning and KPI frameworks", "Market and competitor research"],
    team: "Strategy Team",
    teamSummary: "Research, planning and the KPI frameworks that keep every campaign honest.",
  },
  {
    name: "Eoin Gallagher",
    role: "Creative Director",
    bio: "Eoin leads concepts, video and design. A former broadcast editor, he builds creative that feels native to each platform and tests it relentlessly.",
    highlights: [
      "200+ campaigns directed",
      "Paid and organic social specialist",
      "Award-winning short-form video",
    ],
    team: "Creative Team",
    teamSummary: "Concepts, video, design and copy for paid and organic channels.",
  },
  {
    name: "Priya Nair",
    role: "Analytics Lead",
    bio: "Priya turns messy data into decisions. She designs tracking, attribution and forecasting for every client, so budgets follow evidence.",
    highlights: [
      "MSc in Data Analytics",
      "Server-side tracking and attribution",
      "Predictive modelling for marketing",
    ],
    team: "Analytics Team",
    teamSummary: "Tracking, attribution, dashboards and forecasting.",
  },
  {
    name: "Lukas Novak",
    role: "Lead Developer",
    bio: "Lukas builds the websites, integrations and automations behind our campaigns, and keeps them fast.",
    highlights: ["Shopify, headless and custom builds", "CRM and marketing automation"],
    team: "Web Development Team",
    teamSummary: "Websites, integrations, automation and apps.",
  },
];
