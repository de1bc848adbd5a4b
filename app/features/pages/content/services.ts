import type { FeatureSection, LinkAction } from "~/platform/pages/types";

export type ServicePage = {
  slug: string;
  /** Card title on home and the page's navigation label. */
  title: string;
  /** One line for the home services grid. */
  summary: string;
  meta: { title: string; description: string; keywords: string };
  hero: { eyebrow: string; headline: string; highlight: string; intro: string };
  sections: FeatureSection[];
  benefits: { heading: string; items: string[] };
  closing: { heading: string; text: string; actions: LinkAction[] };
};

/** The words every service page launched with around its own: the hero's buttons, the proof's heading, the quote's label. */
export const serviceHeroActions: LinkAction[] = [
  { label: "Get Started", to: "/contact" },
  { label: "View Our Work", to: "/work" },
];
/** `{service}` is the service's title. */
export const serviceWork = {
  heading: "Results We Delivered",
  intro: "Case studies that included {service}.",
};
export const serviceQuoteLabel = "In a client’s words";

const contactAndWork: LinkAction[] = [
  { label: "Book a Free Consultation", to: "/contact" },
  { label: "See Our Results", to: "/work" },
];

/** The six services, in the order of the home page grid. Each has a page at /services/{slug}. */
export const services: ServicePage[] = [
  {
    slug: "digital-marketing-strategy",
    title: "Digital Marketing Strategy",
    summary: "A clear, measurable plan that connects every channel to revenue.",
    meta: {
      title: "Digital Marketing Strategy Development in Dublin",
      description:
        "Digital marketing strategy from a Dublin agency trusted by {clients} businesses: research, a channel plan with targets and a 90-day roadmap for your whole team.",
      keywords:
        "digital marketing strategy Dublin, marketing strategy agency Ireland, growth strategy, marketing plan, 90-day marketing sprint",
    },
    hero: {
      eyebrow: "Digital Marketing Strategy",
      headline: "A Strategy That Turns Marketing Into",
      highlight: "Predictable Growth",
      intro:
        "We audit where you are, decide where you should play and build a channel plan with targets your whole team understands. No jargon, no vanity metrics: a roadmap that connects every euro to revenue.",
    },
    sections: [
      {
        id: "what-we-do",
        heading: "What Your Strategy Includes",
        intro: "Everything you need to stop guessing and start compounding results.",
        cards: [
          {
            title: "Market & Competitor Research",
            description:
              "Who your buyers are, what they search for and where your competitors are winning or leaving gaps.",
          },
          {
            title: "Digital Audit",
            description:
              "A frank review of your website, tracking, campaigns and content, with the quick wins ranked by impact.",
          },
          {
            title: "Channel Plan",
            description:
              "The right mix of search, social, e-mail and partnerships for your market, budget and sales cycle.",
          },
          {
            title: "Customer Journey Mapping",
            description:
              "Every step from first visit to repeat purchase, with the message and offer that fits each one.",
          },
          {
            title: "KPI Framework",
            description:
              "A short list of numbers that matter, with targets, owners and a one-page monthly report.",
          },
          {
            title: "90-Day Roadmap",
            description:
              "Prioritised actions in two-week sprints, so progress is visible from the first month.",
          },
        ],
      },
      {
        id: "process",
        heading: "How We Work",
        numbered: true,
        cards: [
          {
            title: "Discover",
            description: "Workshops with your team, data access and customer interviews.",
          },
          { title: "Diagnose", description: "Audit, benchmarks and the three biggest opportunities." },
          { title: "Design", description: "Positioning, channel plan, budget split and targets." },
          {
            title: "Deliver",
            description: "A 90-day sprint with fortnightly check-ins and clear reporting.",
          },
        ],
      },
    ],
    benefits: {
      heading: "Why Businesses Choose Our Strategy Team",
      items: [
        "Senior strategists on every account, not juniors learning on your budget",
        "Plans built on your real data, not templates",
        "Clear targets agreed before any spend",
        "Transparent monthly reporting you can share with your board",
        "Flexible engagement: strategy only, or strategy plus execution",
      ],
    },
    closing: {
      heading: "Ready for a Plan That Actually Gets Used?",
      text: "Book a free strategy call. We will share three opportunities we can see for your business, whether you work with us or not.",
      actions: contactAndWork,
    },
  },
  {
    slug: "paid-ads-management",
    title: "Paid Ads Management",
    summary:
      "Google, Meta, Instagram, LinkedIn, TikTok, YouTube, Twitter and Pinterest campaigns that pay for themselves.",
    meta: {
      title: "Paid Ads & PPC Management Agency in Dublin",
      description:
        "Google Ads, Meta, LinkedIn, TikTok and YouTube campaigns by a Dublin PPC agency: every euro tracked to a lead or a sale, in a report you read in five minutes.",
      keywords:
        "PPC agency Dublin, Google Ads management Ireland, Meta ads agency, LinkedIn ads, TikTok ads, paid social agency Dublin",
    },
    hero: {
      eyebrow: "Paid Ads Management",
      headline: "Ads That Pay For Themselves,",
      highlight: "On Every Platform",
      intro:
        "From Google Search to TikTok, we plan, build and optimise campaigns against the only number that matters: profitable growth. You see every euro, every test and every result.",
    },
    sections: [
      {
        id: "platforms",
        heading: "Platforms We Manage",
        intro: "One team, one strategy, every channel your customers use.",
        cards: [
          {
            title: "Google Ads",
            description:
              "Search, Shopping, Performance Max and Display campaigns built around profitable keywords.",
          },
          {
            title: "Meta (Facebook)",
            description: "Prospecting and retargeting with creative tested at scale.",
          },
          {
            title: "Instagram",
            description: "Reels, Stories and feed ads that feel native and drive action.",
          },
          {
            title: "LinkedIn",
            description: "B2B lead generation aimed at job titles, industries and named accounts.",
          },
          {
            title: "TikTok",
            description: "Creator-led ads that reach new audiences at a low cost per view.",
          },
          {
            title: "YouTube",
            description: "Video campaigns from awareness to action, measured on real outcomes.",
          },
          {
            title: "Twitter (X)",
            description: "Conversation-led campaigns for launches, events and thought leadership.",
          },
          { title: "Pinterest", description: "Discovery ads for home, fashion, food and lifestyle brands." },
        ],
      },
      {
        id: "management",
        heading: "What Management Includes",
        cards: [
          {
            title: "Tracking Done Right",
            description:
              "Conversion tracking, offline conversions and server-side tagging so platforms optimise on sales, not clicks.",
          },
          {
            title: "Audience Strategy",
            description:
              "First-party data, lookalikes and exclusions that stop you paying twice for the same customer.",
          },
          {
            title: "Creative Testing",
            description: "A steady pipeline of new ads, with winners scaled and losers paused quickly.",
          },
          {
            title: "Budget Optimisation",
            description: "Spend moved weekly to the campaigns returning the most profit.",
          },
        ],
      },
    ],
    benefits: {
      heading: "What You Can Expect",
      items: [
        "A dedicated specialist who knows your account inside out",
        "Weekly optimisation and a clear monthly report",
        "No long lock-in contracts: we earn your business every month",
        "You own your ad accounts and all their data",
        "Landing page advice so clicks turn into customers",
      ],
    },
    closing: {
      heading: "Stop Guessing With Your Ad Budget",
      text: "Get a free audit of your current campaigns with the changes we would make first.",
      actions: contactAndWork,
    },
  },
  {
    slug: "website-development",
    title: "Website Development",
    summary: "Fast lead-generation, e-commerce and local business websites built to convert.",
    meta: {
      title: "Website Development & Design Agency in Dublin",
      description:
        "Fast, conversion-focused websites from a Dublin web development agency: lead generation, e-commerce and local business sites that load in under 2 seconds.",
      keywords:
        "website development Dublin, web design agency Ireland, e-commerce website, lead generation website, local business website, fast websites",
    },
    hero: {
      eyebrow: "Website Development",
      headline: "Websites Built to",
      highlight: "Convert Visitors Into Customers",
      intro:
        "A beautiful website that nobody finds, or that takes five seconds to load, is an expensive brochure. We build fast, accessible, search-ready sites designed around the action you want visitors to take.",
    },
    sections: [
      {
        id: "types",
        heading: "Websites We Build",
        cards: [
          {
            title: "Lead Generation Websites",
            description: "For service businesses that live on enquiries.",
            items: [
              "Clear offers and calls to action",
              "Forms connected to your CRM",
              "Call tracking and analytics",
            ],
          },
          {
            title: "E-commerce Websites",
            description: "Online stores that make buying effortless.",
            items: [
              "Shopify and headless builds",
              "Fast product and checkout pages",
              "Product feeds for Google Shopping",
            ],
          },
          {
            title: "Local Business Websites",
            description: "For clinics, trades, restaurants and shops that serve an area.",
            items: ["Location and service pages", "Online booking", "Local SEO foundations"],
          },
        ],
      },
      {
        id: "included",
        heading: "Included in Every Build",
        cards: [
          {
            title: "Mobile-First Design",
            description: "Designed for the phone first, where most of your visitors are.",
          },
          {
            title: "Speed",
            description: "Optimised images, lean code and caching: under two seconds to load.",
          },
          { title: "SEO-Ready", description: "Clean structure, metadata and schema markup from day one." },
          { title: "Accessibility", description: "Built to WCAG standards so everyone can use your site." },
          {
            title: "Analytics & Tracking",
            description: "Every form, call and purchase measured from launch.",
          },
          {
            title: "Easy Editing",
            description: "Update text, images and posts yourself, without a developer.",
          },
        ],
      },
    ],
    benefits: {
      heading: "Why Our Websites Perform",
      items: [
        "Conversion-focused design based on how your customers buy",
        "Built and tested on real phones and slow connections",
        "Secure hosting, backups and updates handled for you",
        "Training for your team at handover",
        "Ongoing support and improvements after launch",
      ],
    },
    closing: {
      heading: "Let's Build a Website That Works as Hard as You Do",
      text: "Tell us about your business and we will recommend the right kind of site, with a fixed quote.",
      actions: contactAndWork,
    },
  },
  {
    slug: "creative-direction",
    title: "Creative Direction",
    summary: "Paid and organic creative that stops the scroll and tells your story.",
    meta: {
      title: "Creative Direction for Paid & Organic Social in Dublin",
      description:
        "Creative direction for paid and organic campaigns: 40% higher engagement, 2-3x the industry average, and 10+ creative variations tested in every campaign.",
      keywords:
        "creative direction Dublin, ad creative agency, social media content Ireland, video ads, UGC ads, organic social content",
    },
    hero: {
      eyebrow: "Creative Direction",
      headline: "Creative That Stops the Scroll",
      highlight: "and Starts Conversations",
      intro:
        "On today's platforms the creative is the targeting. We plan, produce and test paid and organic creative that feels native to the feed, tells your story and moves people to act.",
    },
    sections: [
      {
        id: "paid-organic",
        heading: "Paid and Organic, Directed Together",
        cards: [
          {
            title: "Paid Creative",
            description: "Ads built to perform, then proven by testing.",
            items: [
              "Video and static ad concepts",
              "UGC and creator ads",
              "Hooks, angles and offers tested at scale",
            ],
          },
          {
            title: "Organic Creative",
            description: "Content your audience wants to follow.",
            items: ["Monthly content calendars", "Reels, TikToks and carousels", "Community-led campaigns"],
          },
          {
            title: "Brand Consistency",
            description: "One voice and look across every channel.",
            items: ["Visual guidelines", "Tone of voice", "Templates your team can use"],
          },
        ],
      },
      {
        id: "process",
        heading: "Our Creative Process",
        numbered: true,
        cards: [
          {
            title: "Research",
            description: "Audience insights, competitor creative and what already works for you.",
          },
          { title: "Concept", description: "Angles, hooks and scripts, agreed with you before production." },
          { title: "Produce", description: "Shoots, edits and designs in every format each platform needs." },
          {
            title: "Test & Iterate",
            description: "10+ variations per campaign, with winners scaled and learnings fed back.",
          },
        ],
      },
    ],
    benefits: {
      heading: "What Great Creative Direction Gives You",
      items: [
        "A steady pipeline of fresh ads before fatigue sets in",
        "Lower costs, because platforms reward engaging creative",
        "Content that works for both paid and organic",
        "Clear learnings about what your customers respond to",
      ],
    },
    closing: {
      heading: "Let's Make Something People Remember",
      text: "Share your brand and goals, and we will come back with creative ideas for your next campaign.",
      actions: contactAndWork,
    },
  },
  {
    slug: "seo",
    title: "Search Engine Optimisation",
    summary: "Technical, local, e-commerce and content SEO with link building that lasts.",
    meta: {
      title: "SEO Agency in Dublin: Technical, Local & E-commerce SEO",
      description:
        "SEO services from a Dublin agency: technical, local, e-commerce and content SEO plus link building, with first-page results in 90 days for target searches.",
      keywords:
        "SEO agency Dublin, SEO services Ireland, local SEO Dublin, technical SEO, e-commerce SEO, link building, content SEO",
    },
    hero: {
      eyebrow: "Search Engine Optimisation",
      headline: "Get Found by the Customers",
      highlight: "Already Searching for You",
      intro:
        "Search is where buying decisions start. We fix the technical foundations, create content that answers real questions and earn the links that build authority, so you rank and keep ranking.",
    },
    sections: [
      {
        id: "areas",
        heading: "Our SEO Services",
        intro: "Six areas, one joined-up plan.",
        cards: [
          {
            title: "Technical SEO",
            description: "Site speed, crawlability, indexing, structured data and Core Web Vitals.",
          },
          {
            title: "Local SEO",
            description: "Google Business Profile, citations, reviews and location pages for the map pack.",
          },
          {
            title: "E-commerce SEO",
            description: "Category and product optimisation, faceted navigation and product schema.",
          },
          {
            title: "Content SEO",
            description: "Keyword research and expert content that answers what your customers ask.",
          },
          {
            title: "Link Building",
            description: "Digital PR and outreach that earn links from relevant, trusted sites.",
          },
          {
            title: "SEO Audits & Reporting",
            description: "A full audit to start, then monthly reports on rankings, traffic and leads.",
          },
        ],
      },
      {
        id: "specialised",
        heading: "Specialised SEO Solutions",
        intro: "Deep experience in markets where search makes or breaks the business.",
        cards: [
          {
            title: "SEO for Healthcare",
            description: "Compliant, trustworthy content and local visibility for clinics and practices.",
            to: "/contact",
          },
          {
            title: "SEO for Online Stores",
            description: "Turn category and product pages into your most profitable channel.",
            to: "/contact",
          },
          {
            title: "SEO for Professional Services",
            description: "Win high-value searches for legal, financial and B2B firms.",
            to: "/contact",
          },
        ],
      },
    ],
    benefits: {
      heading: "Why Our SEO Lasts",
      items: [
        "White-hat methods only: no shortcuts that risk penalties",
        "Priorities ranked by revenue impact, not by checklist",
        "Content written by specialists and reviewed by your experts",
        "Clear monthly reporting on rankings, traffic and enquiries",
      ],
    },
    closing: {
      heading: "Find Out Where You Could Rank",
      text: "Get a free SEO audit showing your biggest opportunities and what it would take to reach page one.",
      actions: contactAndWork,
    },
  },
  {
    slug: "automation-ai-app-development",
    title: "Automation, AI & App Development",
    summary: "Workflows, AI tools and iOS, Android and web apps that save hours every week.",
    meta: {
      title: "Marketing Automation, AI & App Development in Dublin",
      description:
        "Marketing automation, AI and iOS, Android and web apps built in Dublin: 20+ hours saved each week, 35% more conversions and 90%+ predictive accuracy.",
      keywords:
        "marketing automation Dublin, AI solutions Ireland, app development Dublin, iOS app development, Android app development, web application development, CRM automation",
    },
    hero: {
      eyebrow: "Automation, AI & App Development",
      headline: "Automate the Busywork,",
      highlight: "Grow What Matters",
      intro:
        "We connect your tools, automate repetitive work and build AI features and apps that make your team faster and your customers happier.",
    },
    sections: [
      {
        id: "services",
        heading: "What We Build",
        cards: [
          {
            title: "Marketing Automation",
            description: "E-mail and SMS journeys, lead scoring and follow-ups that run themselves.",
          },
          {
            title: "AI Solutions",
            description: "Chat assistants, content tools and predictive models trained on your data.",
          },
          {
            title: "CRM & Integrations",
            description: "Your website, ads, CRM and finance tools connected, with no more copy-paste.",
          },
          {
            title: "App Development",
            description: "Native and cross-platform apps, from first prototype to the app stores.",
          },
        ],
      },
      {
        id: "mobile",
        heading: "iOS & Android Apps",
        cards: [
          { title: "Native iOS Apps", description: "Swift apps that feel at home on iPhone and iPad." },
          { title: "Native Android Apps", description: "Kotlin apps for the full range of Android devices." },
          {
            title: "Cross-Platform Apps",
            description: "One codebase for both stores with React Native or Flutter.",
          },
          {
            title: "App Store Optimisation",
            description: "Listings, screenshots and reviews that win downloads.",
          },
        ],
      },
      {
        id: "web-apps",
        heading: "Web Applications",
        cards: [
          {
            title: "Customer Portals",
            description: "Secure self-service for bookings, orders and accounts.",
          },
          {
            title: "Internal Dashboards",
            description: "Live reporting that pulls every channel into one view.",
          },
          {
            title: "Booking & Quoting Tools",
            description: "Instant prices and appointments without phone tag.",
          },
          {
            title: "Progressive Web Apps",
            description: "App-like speed and offline use, straight from the browser.",
          },
        ],
      },
    ],
    benefits: {
      heading: "The Difference Automation Makes",
      items: [
        "Leads answered in minutes, day or night",
        "Fewer errors from manual data entry",
        "Decisions based on forecasts, not hunches",
        "Systems documented and handed over, with no lock-in",
      ],
    },
    closing: {
      heading: "What Could Your Team Do With 20 More Hours a Week?",
      text: "Tell us about the tasks that eat your week, and we will show you what can be automated.",
      actions: contactAndWork,
    },
  },
];

export function findService(slug: string | undefined): ServicePage | undefined {
  return services.find((service) => service.slug === slug);
}
