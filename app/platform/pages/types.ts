/** Shapes of the static marketing copy in app/content/. */

export type Tone = "primary" | "secondary" | "accent";

/** A figure shown as a tile: "250+" over "Clients Served". */
export type Stat = { value: string; label: string; tone?: Tone };

export type LinkAction = { label: string; to: string };

export type FeatureCard = {
  title: string;
  description: string;
  items?: string[];
  /** When set, the whole card is a link (e.g. the SEO page's specialised solutions → /contact). */
  to?: string;
};

export type FeatureSection = {
  id: string;
  heading: string;
  intro?: string;
  cards: FeatureCard[];
  /** Numbered steps rather than a grid of cards. */
  numbered?: boolean;
};

/** The contact page's words (the pages feature's copy of "contact", which the enquiries feature shows). */
export type ContactWords = {
  meta: { title: string; description: string };
  eyebrow: string;
  heading: string;
  intro: string;
  nextSteps: { heading: string; steps: { title: string; text: string }[] };
  details: { heading: string };
  /** The tiles under the map (their colours follow their order). */
  stats: { value: string; label: string }[];
  message: { heading: string; emailPrompt: string };
  faq: { heading: string; items: { question: string; answer: string }[] };
};

/** The 404 page's words (the pages feature's copy of "not-found", which any page's 404 shows). */
export type NotFoundWords = { heading: string; text: string; featuredHeading: string };

/** The portfolio's words (the pages feature's copy of "work", which the case studies feature shows at /work). */
export type WorkWords = {
  meta: { title: string; description: string };
  eyebrow: string;
  heading: string;
  intro: string;
  closing: { heading: string; text: string; actions: LinkAction[] };
  /** The call to action at the end of every case study (/work/…). */
  studyClosing: { heading: string; text: string; actions: LinkAction[] };
};

/** The blog's words (the pages feature's copy of "blog", which the posts feature shows at /blog). */
export type BlogWords = {
  /** `topicTitle` is the search title of a topic's page: {topic} is the topic's name. */
  meta: { title: string; description: string; topicTitle: string };
  eyebrow: string;
  heading: string;
  intro: string;
};
