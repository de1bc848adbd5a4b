export type LegalPage = {
  slug: "privacy" | "terms" | "cookies";
  title: string;
  /** The title search results and browser tabs show (the page's own title is short for them). */
  searchTitle: string;
  description: string;
  updated: string;
  sections: { heading: string; paragraphs: string[] }[];
};

/** The footer's legal pages (the older build linked them to nowhere); `{tokens}` are the agency's facts (withFacts). */
export const legalPages: LegalPage[] = [
  {
    slug: "privacy",
    title: "Privacy Policy",
    searchTitle: "Privacy Policy: how {name} uses your data",
    description:
      "How {name} collects, uses and protects your personal data under the GDPR: what we keep, for how long, who we share it with and your rights.",
    updated: "2026-11-23",
    sections: [
      {
        heading: "Who we are",
        paragraphs: [
          "{legalName} (company number {companyNumber}), {address}, is the controller of the personal data described here. Contact us about privacy at {email}.",
        ],
      },
      {
        heading: "What we collect and why",
        paragraphs: [
          "When you send an enquiry we store your name, e-mail address, budget range (if you choose one) and the goals you describe, so that we can reply and prepare a proposal, and send you one e-mail at once to confirm that it arrived. To keep out automated spam we also note how long the form was open and whether the same message was sent before; nothing else about your device. The legal basis is taking steps at your request before entering into a contract, and our legitimate interest in answering enquiries.",
          "Our web server keeps short-lived technical logs (such as the time of a request and the page requested) to keep the site secure and working. We do not use advertising trackers or third-party analytics on this site.",
          "We count visits ourselves, without cookies and without storing anything on your device: each page you open tells our server the page's address and the site that linked to it. To count you once a day, your internet address and browser type are combined with a random value that is deleted at the end of each day, so the result cannot be traced back to you or linked to another day; your address itself is never stored. The page views are kept for an hour and then only as daily totals. If you send an enquiry, we note where that day's visit came from (for example a search engine or one of our campaigns) and the pages it saw, alongside your enquiry, to learn which of our work brings enquiries. The legal basis is our legitimate interest in understanding how our website is used.",
          "If you subscribe to our newsletter we store your e-mail address and a record of your consent: the words you agreed to, when, on which form, and a scrambled form of your internet address that cannot be read back. Nothing is sent until you confirm from the e-mail we send you; an unconfirmed sign-up is deleted after 30 days. The legal basis is your consent, which you can withdraw at any time with the link in every e-mail. When you unsubscribe we delete your address and keep only a one-way code made from it, so that we never e-mail you again.",
        ],
      },
      {
        heading: "How long we keep it",
        paragraphs: [
          "Enquiries, the notes we make on them and the e-mails about them are deleted automatically two years after they arrive, or sooner if you ask. A newsletter subscription is kept until you unsubscribe. Client records are kept for as long as the law requires us to keep business records.",
        ],
      },
      {
        heading: "Who we share it with",
        paragraphs: [
          "Only with the service providers who host this website and our e-mail, under contracts that protect your data. We never sell personal data.",
        ],
      },
      {
        heading: "Your rights",
        paragraphs: [
          "You may ask for a copy of your data (we send it to you as a file), its correction or deletion (we erase your enquiries, the notes on them and any newsletter subscription), or object to its use, by writing to {email}. You also have the right to complain to the Data Protection Commission (dataprotection.ie).",
        ],
      },
    ],
  },
  {
    slug: "terms",
    title: "Terms of Service",
    searchTitle: "Terms of Service for the {name} website",
    description:
      "The terms for using the {name} website: what you may do with it, how to read our results and figures, our intellectual property, liability and law.",
    updated: "2026-11-23",
    sections: [
      {
        heading: "Using this website",
        paragraphs: [
          "This website is operated by {legalName}. By using it you agree to these terms. The content is general information about our services and does not form an offer; every engagement is governed by its own written agreement.",
        ],
      },
      {
        heading: "Results and figures",
        paragraphs: [
          "Case studies and figures describe results achieved for past clients. They are not a promise of the same results for your business, which depend on your market, budget and many other factors.",
        ],
      },
      {
        heading: "Intellectual property",
        paragraphs: [
          "The text, design and artwork on this site belong to us or our clients. You may share links to our pages and quote short passages with attribution.",
        ],
      },
      {
        heading: "Liability and law",
        paragraphs: [
          "We take care to keep this site accurate and available but cannot guarantee that it is free of errors or interruptions. These terms are governed by the laws of Ireland, and the Irish courts have jurisdiction.",
        ],
      },
    ],
  },
  {
    slug: "cookies",
    title: "Cookie Policy",
    searchTitle: "Cookie Policy for the {name} website",
    description:
      "Which cookies and similar technologies the {name} website uses: none that track visitors, so there is nothing to consent to, and what we do store and why.",
    updated: "2026-11-23",
    sections: [
      {
        heading: "The short version",
        paragraphs: [
          "Visitors to this site get no cookies at all: no advertising, tracking or analytics cookies, so there is nothing to consent to. We count visits without cookies or anything stored on your device; our privacy policy explains how.",
        ],
      },
      {
        heading: "What we do store",
        paragraphs: [
          "If you choose a light, dark or system colour theme, your browser remembers the choice in its local storage under the name 'theme'. It never leaves your device and you can clear it at any time in your browser settings.",
          "Our staff who sign in to the website's admin area receive one strictly necessary session cookie, which keeps them signed in and ends when they sign out.",
        ],
      },
    ],
  },
];

export function findLegalPage(slug: string): LegalPage | undefined {
  return legalPages.find((page) => page.slug === slug);
}
