export const mission = {
  heading: "Our Mission",
  text: "To help ambitious businesses grow year over year through marketing that is honest, measurable and built to last. We treat every client's budget as if it were our own, and we only celebrate results that show up in your revenue.",
};

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

// The people (team cards and profiles) are edited in the admin: app/features/seed/data/team.ts has the first ones.
