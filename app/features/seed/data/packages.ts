/** The packages a new site starts with. Both packages' buttons ('Get Started') lead to /contact. */
export const seedPackages = [
  {
    name: "Standard",
    description: "The essentials to grow steadily across two ad platforms with a strong search foundation.",
    pricePerMonth: 1250,
    features: [
      { name: "Multi-platform ads management", detail: "Campaigns run and optimised on 2 platforms" },
      {
        name: "Tracking implementation and optimisation",
        detail: "Conversions measured properly from day one",
      },
      { name: "Foundational SEO", detail: "Citations, backlinks, schema and meta advice" },
      { name: "Bi-monthly consultations", detail: "A strategy session every 2 months" },
      { name: "Up to 2 landing pages", detail: "Built to convert your campaign traffic" },
      { name: "General creative advice", detail: "Feedback on your ads and content" },
    ],
  },
  {
    name: "Premium",
    description:
      "Everything in Standard, plus the full team: unlimited platforms, complete SEO and a dedicated developer.",
    pricePerMonth: 2500,
    popular: true,
    features: [
      { name: "Everything in Standard", detail: "All Standard features included" },
      { name: "Unlimited platforms", detail: "Ads on every channel that fits your market" },
      { name: "Complete SEO management", detail: "Including 250 directory listings" },
      { name: "Fortnightly consultations", detail: "A strategy session every 2 weeks" },
      { name: "Up to 10 custom landing pages", detail: "Designed and tested for each campaign" },
      { name: "Expert creative direction", detail: "Concepts, scripts and testing for your ads" },
      { name: "Dedicated web developer", detail: "Including CRM API integrations" },
      { name: "SEO-optimised blogs", detail: "Written to rank and to convert" },
      { name: "Meta title and description implementation", detail: "Every page set up to earn the click" },
      { name: "Schema review", detail: "Structured data checked and improved" },
    ],
  },
];
