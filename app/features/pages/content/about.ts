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

// The people and the story are edited in the admin: app/features/seed/data/ has the first ones.
