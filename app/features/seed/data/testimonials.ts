/** The client quotes as first published; `featured` ones are on the home page. */
export const seedTestimonials = [
  {
    quote:
      "Within six months our weekday diary went from half empty to fully booked. They explained every step and never hid behind jargon.",
    name: "Sinéad Byrne",
    role: "Founder",
    company: "Glow Aesthetics Clinic",
  },
  {
    quote:
      "Our online revenue tripled and, for the first time, I understand exactly what our ad budget is doing. The monthly report is the best hour of my month.",
    name: "Ciarán Walsh",
    role: "Managing Director",
    company: "Emerald Threads",
  },
  {
    quote:
      "They rebuilt our sales process, not just our marketing. Quotes that took two days now go out in two hours, and we won our biggest contract ever.",
    name: "Niamh O'Connor",
    role: "Commercial Director",
    company: "Harbour Logistics",
  },
  {
    quote:
      "The leads they send actually pick up the phone. Our close rate on their enquiries is three times what we got from lead sellers.",
    name: "Darragh Kelly",
    role: "Head of Sales",
    company: "Atlantic Solar",
  },
  {
    quote:
      "Page one for the searches that matter to our practice. Their content team made complex legal topics genuinely readable.",
    name: "Aoife Murphy",
    role: "Partner",
    company: "Dublin Legal Partners",
  },
  {
    quote:
      "Launching in three new countries felt daunting. They localised everything properly and Germany is now our second-biggest market.",
    name: "Tom Fitzgerald",
    role: "CEO",
    company: "Wildway Outdoor",
  },
].map((testimonial) => ({ ...testimonial, featured: true }));
