/**
 * The contact page's words beyond its intro, as the page launched with them (starting copy, and what
 * a contact page stored before these were its copy is given: copy/added-fields.ts).
 */

export const contactDetails = { heading: "Get in Touch" };

/** What a person writing in wants to know: how soon they hear back, how soon work starts (the FAQ's). */
export const contactStats = [
  { value: "24hrs", label: "Response Time" },
  { value: "1-2 wks", label: "To Get Started" },
];

export const contactMessage = { heading: "Send Us a Message", emailPrompt: "Prefer e-mail? Write to" };

export const faqs = [
  {
    question: "How quickly can we get started?",
    answer:
      "Most projects start within 1-2 weeks of our first call. We begin with onboarding and an audit, so work is under way while contracts are still being signed.",
  },
  {
    question: "Which industries do you work with?",
    answer:
      "We work with businesses of every size across healthcare, beauty and wellness, fitness, e-commerce, professional services, logistics, fintech and more. If your customers search or scroll, we can help.",
  },
  {
    question: "Do you provide ongoing support?",
    answer:
      "Yes. Every client has a dedicated account manager, and our team provides 24/7 support for anything urgent, such as a campaign or website issue.",
  },
  {
    question: "How do you measure success?",
    answer:
      "We agree KPIs with you before we start, such as leads, sales, cost per acquisition and return on ad spend, and report on them every month in plain language.",
  },
];

export const contactFaq = { heading: "Frequently Asked Questions", items: faqs };
