/**
 * The portfolio as first published. Each write-up is the simple markdown the site used before the
 * case-study editor ("## The challenge", "## What we did", "## The result"): the seed and the upgrade
 * of older databases split it into the study's fields the same way (app/features/case-studies/legacy-case-study.ts).
 * Metrics read "value label…": the first word is the figure, the rest its label.
 */
export type SeedCaseStudy = {
  title: string;
  slug: string;
  clientName: string;
  category: string;
  excerpt: string;
  content: string;
  metrics: string[];
  tags: string[];
  credits: string[];
  featured: boolean;
  createdAt: Date;
};

export const seedCaseStudies: SeedCaseStudy[] = [
  {
    title: "Glow Aesthetics Clinic: Fully Booked in Six Months",
    slug: "glow-aesthetics-clinic",
    clientName: "Glow Aesthetics Clinic",
    category: "Beauty & Wellness",
    excerpt:
      "A Dublin skin clinic went from an empty diary on weekdays to a six-week waiting list with local SEO, Instagram creative and a booking funnel built for phones.",
    content: `## The challenge
Glow Aesthetics had a loyal client base but relied on word of mouth. Weekday appointments sat empty and the website sent visitors to a phone number that rang out after 6pm.

## What we did
We rebuilt the booking journey so that a visitor can pick a treatment and a time in under a minute on a phone. We optimised the Google Business Profile for each treatment, added review prompts after every visit and produced a monthly set of Instagram Reels showing real results (with consent).
Paid social ran only for high-margin treatments, with audiences built from the clinic's own booking data.

## The result
Online bookings became the clinic's largest channel within four months, and weekday utilisation went from 48% to 93%.`,
    metrics: ["312% Online Bookings", "4.9★ Google Rating", "93% Weekday Utilisation"],
    tags: ["Local SEO", "Instagram", "Booking Funnel", "Paid Social"],
    credits: [
      "Search Engine Optimisation",
      "Creative Direction",
      "Paid Ads Management",
      "Website Development",
    ],
    featured: true,
    createdAt: new Date("2024-03-12T10:00:00Z"),
  },
  {
    title: "Peak Performance Gym: Memberships That Stick",
    slug: "peak-performance-gym",
    clientName: "Peak Performance Gym",
    category: "Fitness & Performance",
    excerpt:
      "Lead generation for a strength and conditioning gym that filled two new class timetables and cut the cost per trial member by more than half.",
    content: `## The challenge
Peak Performance opened a second location in Sandyford and needed 300 members before the lease break clause.

## What we did
We launched a seven-day trial offer on Meta and YouTube with coaches, not models, in every ad. Trial sign-ups flowed into an automated SMS and e-mail sequence that booked an induction within 24 hours.
A simple landing page per location, each with its own timetable and map, replaced the generic home page.

## The result
The new location passed 300 members in eleven weeks, and trial-to-member conversion rose from 22% to 41%.`,
    metrics: ["58% Lower Cost Per Trial", "41% Trial Conversion", "11 Weeks To 300 Members"],
    tags: ["Meta Ads", "YouTube", "Automation", "Landing Pages"],
    credits: [
      "Paid Ads Management",
      "Creative Direction",
      "Automation, AI & App Development",
      "Website Development",
    ],
    featured: false,
    createdAt: new Date("2024-05-20T10:00:00Z"),
  },
  {
    title: "Emerald Threads: Scaling an Irish Fashion Label Online",
    slug: "emerald-threads",
    clientName: "Emerald Threads",
    category: "E-commerce",
    excerpt:
      "A Shopify rebuild, product feed clean-up and Performance Max strategy that tripled online revenue for a sustainable Irish clothing brand.",
    content: `## The challenge
Emerald Threads sold beautifully made knitwear but its store was slow, its product feed was full of errors and paid search spent most of the budget on its own brand name.

## What we did
We rebuilt the store on a lean Shopify theme that loads in under two seconds, rewrote 400 product titles for search, and split Performance Max campaigns by margin so that best-sellers and new lines were bid on differently.
Abandoned-basket and post-purchase flows recovered revenue the brand had been losing every week.

## The result
Online revenue tripled year over year while return on ad spend rose from 2.1x to 4.6x.`,
    metrics: ["3x Online Revenue", "4.6x Return On Ad Spend", "1.8s Page Load"],
    tags: ["Shopify", "Google Shopping", "Performance Max", "Email Flows"],
    credits: [
      "Website Development",
      "Paid Ads Management",
      "Search Engine Optimisation",
      "Automation, AI & App Development",
    ],
    featured: true,
    createdAt: new Date("2024-07-02T10:00:00Z"),
  },
  {
    title: "Liffey Dental Group: New Patients Across Four Practices",
    slug: "liffey-dental-group",
    clientName: "Liffey Dental Group",
    category: "Healthcare",
    excerpt:
      "A compliant, patient-first digital strategy for a group of four dental practices: local search, Google Ads and a website patients actually trust.",
    content: `## The challenge
Four practices, four outdated websites and no way to know which marketing brought new patients through the door.

## What we did
We merged the sites into one fast, accessible website with a page per practice and per treatment, written with the clinical team and reviewed for advertising rules. Call tracking and online booking tied every enquiry to its source.
Google Ads focused on high-value treatments such as implants and orthodontics, with strict negative keywords to avoid job seekers and students.

## The result
New patient enquiries rose 164% in the first year, and the group now knows the cost of acquiring a patient at each practice.`,
    metrics: ["164% New Patient Enquiries", "€38 Cost Per Enquiry", "4 Practices Unified"],
    tags: ["Healthcare", "Google Ads", "Local SEO", "Web Development"],
    credits: ["Paid Ads Management", "Search Engine Optimisation", "Website Development"],
    featured: false,
    createdAt: new Date("2024-09-16T10:00:00Z"),
  },
  {
    title: "Harbour Logistics: From Paper to Pipeline",
    slug: "harbour-logistics",
    clientName: "Harbour Logistics",
    category: "Business Transformation",
    excerpt:
      "A family-owned freight company replaced spreadsheets with a CRM, automated its quoting and built a sales pipeline that won its largest contract to date.",
    content: `## The challenge
Quotes were written by hand, enquiries lived in three inboxes and nobody could say how many deals were open.

## What we did
We mapped the sales process with the team, then set up a CRM with an online quote form that prices standard routes automatically. LinkedIn content and a targeted account-based campaign put the company in front of procurement managers at 120 named firms.

## The result
Quote turnaround fell from two days to two hours, and the pipeline delivered a three-year contract with a national retailer.`,
    metrics: ["92% Faster Quotes", "2.7x Qualified Pipeline", "120 Target Accounts"],
    tags: ["CRM", "Automation", "LinkedIn", "B2B"],
    credits: ["Automation, AI & App Development", "Digital Marketing Strategy", "Paid Ads Management"],
    featured: true,
    createdAt: new Date("2025-01-27T10:00:00Z"),
  },
  {
    title: "Atlantic Solar: Lead Generation That Sales Can Close",
    slug: "atlantic-solar",
    clientName: "Atlantic Solar",
    category: "PPC & Lead Generation",
    excerpt:
      "Search and social campaigns for a solar panel installer that doubled qualified surveys while cutting out the tyre-kickers.",
    content: `## The challenge
Atlantic Solar was buying leads from comparison sites that were shared with five competitors. Their sales team spent most of the week calling people who never answered.

## What we did
We built a qualifying calculator that estimates savings from a home's roof and bill, and only sends a lead to sales once a homeowner has answered the questions that matter. Google Search and Meta campaigns were optimised on booked surveys, fed back from the CRM, rather than on form fills.

## The result
Qualified site surveys doubled, and the close rate on our leads was three times that of bought leads.`,
    metrics: ["2x Qualified Surveys", "3x Close Rate", "47% Lower Cost Per Sale"],
    tags: ["Google Ads", "Meta Ads", "Lead Qualification", "Sustainability"],
    credits: ["Paid Ads Management", "Digital Marketing Strategy", "Automation, AI & App Development"],
    featured: false,
    createdAt: new Date("2025-04-08T10:00:00Z"),
  },
  {
    title: "Dublin Legal Partners: Owning Page One",
    slug: "dublin-legal-partners",
    clientName: "Dublin Legal Partners",
    category: "SEO Strategy",
    excerpt:
      "Technical SEO, expert content and digital PR that took a mid-sized law firm to the first page for its most valuable practice areas.",
    content: `## The challenge
Larger firms dominated search results for employment and property law in Dublin, and the firm's own site had hundreds of thin, duplicate pages.

## What we did
We consolidated the site into clear practice-area hubs, fixed crawl and indexing problems, and marked up every solicitor profile with structured data. The partners wrote one plain-English guide a month with our editors, and digital PR earned links from national newspapers.

## The result
Organic enquiries grew by 240% and the firm ranks on page one for 38 of its 50 target searches.`,
    metrics: ["240% Organic Enquiries", "38 Page-One Rankings", "96 Earned Links"],
    tags: ["Technical SEO", "Content", "Digital PR", "Schema"],
    credits: ["Search Engine Optimisation", "Digital Marketing Strategy"],
    featured: false,
    createdAt: new Date("2025-06-30T10:00:00Z"),
  },
  {
    title: "Claddagh Coffee Roasters: Subscriptions on Repeat",
    slug: "claddagh-coffee-roasters",
    clientName: "Claddagh Coffee Roasters",
    category: "E-commerce",
    excerpt:
      "A Galway roastery turned one-off orders into a subscription business with lifecycle e-mail, creator content and a smarter checkout.",
    content: `## The challenge
Customers loved the coffee but bought once at Christmas and rarely came back.

## What we did
We made the subscription the default choice on every product page, wrote a lifecycle e-mail programme around brewing tips rather than discounts, and partnered with twelve home-barista creators on TikTok and YouTube.

## The result
Subscribers grew from 180 to 2,400 in a year, and repeat customers now make up 64% of revenue.`,
    metrics: ["13x Subscribers", "64% Repeat Revenue", "€0.42 Cost Per Engagement"],
    tags: ["Subscriptions", "Email Marketing", "TikTok", "Creators"],
    credits: ["Creative Direction", "Automation, AI & App Development", "Website Development"],
    featured: false,
    createdAt: new Date("2025-09-09T10:00:00Z"),
  },
  {
    title: "PayNest: Launching a FinTech App With Trust",
    slug: "paynest",
    clientName: "PayNest",
    category: "FinTech Growth",
    excerpt:
      "App store optimisation, performance marketing and a regulated-content workflow that brought a savings app to 50,000 users.",
    content: `## The challenge
A new savings app had to win users in a market where people are cautious about who holds their money, and every claim needed compliance approval.

## What we did
We set up a review workflow that cut approval time for ads from a week to a day, ran app install campaigns on Google, Meta and TikTok optimised on verified accounts, and rewrote store listings around security and real customer stories.

## The result
PayNest reached 50,000 verified users in nine months, at a cost per verified account 35% below plan.`,
    metrics: ["50k Verified Users", "35% Below Target Cost", "4.7★ App Store Rating"],
    tags: ["App Marketing", "TikTok", "Compliance", "ASO"],
    credits: ["Digital Marketing Strategy", "Paid Ads Management", "Creative Direction"],
    featured: false,
    createdAt: new Date("2026-01-19T10:00:00Z"),
  },
  {
    title: "Wildway Outdoor: From Ireland to Europe",
    slug: "wildway-outdoor",
    clientName: "Wildway Outdoor",
    category: "International Expansion",
    excerpt:
      "Localised stores, multilingual search campaigns and a launch plan that took an Irish outdoor gear brand into Germany, France and the Netherlands.",
    content: `## The challenge
Wildway had outgrown Ireland and the UK, but a single English-language store was converting poorly on the continent.

## What we did
We launched local storefronts with native-speaker copy, local payment methods and prices in euro, set up hreflang and country-specific product feeds, and ran search campaigns built from local keyword research rather than translation.

## The result
International sales reached 45% of revenue within a year, with Germany the brand's second-largest market.`,
    metrics: ["45% International Revenue", "3 New Markets", "2.4x Conversion Rate"],
    tags: ["International SEO", "Localisation", "Google Ads", "E-commerce"],
    credits: ["Search Engine Optimisation", "Paid Ads Management", "Digital Marketing Strategy"],
    featured: false,
    createdAt: new Date("2026-04-14T10:00:00Z"),
  },
];
