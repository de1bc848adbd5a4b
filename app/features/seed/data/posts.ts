import type { NewPost } from "../../../../db/schema";

/** Six published articles and one draft, so a fresh site reads like a working blog. */
export const seedPosts: NewPost[] = [
  {
    title: "Local SEO in Dublin: A 2026 Checklist for Service Businesses",
    slug: "local-seo-dublin-2026-checklist",
    excerpt:
      "The twelve things we check first when a Dublin business asks why competitors appear in the map pack and they don't.",
    tags: ["SEO", "Local SEO", "Google Business Profile"],
    status: "published",
    createdAt: new Date("2026-02-03T09:00:00Z"),
    content: `<p>When someone in Rathmines searches for "emergency plumber" or "physio near me", Google shows three businesses on a map before any ordinary result. Those three places win most of the calls. The good news: getting there is rarely about budget. It is about doing a dozen unglamorous things properly.</p>
<h2>Start with your Google Business Profile</h2>
<ul>
<li><strong>Pick the right primary category.</strong> It is the strongest single signal you control. "Dentist" and "Cosmetic dentist" lead to very different searches.</li>
<li><strong>Use your real business name.</strong> Adding keywords to the name breaks Google's guidelines and invites a suspension.</li>
<li><strong>Fill in services and opening hours</strong>, including bank holidays. Profiles that look abandoned lose trust quickly.</li>
<li><strong>Post photos every month.</strong> Real photos of your team and premises beat stock every time.</li>
</ul>
<h2>Reviews are a ranking factor and a sales tool</h2>
<p>Ask every happy customer, at the moment they are happiest. A short link sent by text after the job is done works far better than a sign at reception. Reply to every review, good and bad, in a calm and helpful tone: future customers read the replies.</p>
<h2>Make your website agree with your profile</h2>
<p>Your name, address and phone number should be identical everywhere: the website footer, the contact page, Google, Apple Maps, Bing and the main Irish directories. Give each service its own page, and if you serve several areas, write something genuinely useful for each one rather than copying a page and swapping the town name.</p>
<h2>Measure what matters</h2>
<p>Rankings move every day. Calls, direction requests and booked appointments are what pay the bills, so track them. Add UTM tags to the website link on your profile so that visits from the map pack show up separately in analytics.</p>
<blockquote>Local SEO rewards consistency. Businesses that do a little every month overtake the ones that do a big push once a year.</blockquote>
<p>If you would like us to run through the checklist with you, <a href="/contact">get in touch</a> and we will send you a free audit within a week.</p>`,
  },
  {
    title: "Google Ads Budgets: How Much Should a Small Business Spend?",
    slug: "google-ads-budget-small-business",
    excerpt:
      "A practical way to set a starting budget from your own numbers, and the signs that tell you when to spend more or pull back.",
    tags: ["PPC", "Google Ads", "Budgeting"],
    status: "published",
    createdAt: new Date("2026-03-17T09:00:00Z"),
    content: `<p>"How much should we spend?" is the first question almost every client asks us, and the honest answer is: work backwards from what a customer is worth to you.</p>
<h2>Start from the value of a customer</h2>
<p>Take the average profit from a new customer over the first year. If a new client of an accountancy practice is worth €1,800 in profit and one in four enquiries becomes a client, an enquiry is worth about €450 to you. You can afford to pay a fraction of that for a click that might turn into one.</p>
<h2>Estimate clicks, not impressions</h2>
<p>Use Keyword Planner to find the typical cost per click for the searches your customers actually make. Multiply by the number of clicks you need for the enquiries you want, assuming a landing page converts somewhere between 5% and 10% of visitors. That gives you a first monthly figure grounded in reality.</p>
<h2>Give the campaign time to learn</h2>
<p>Smart bidding needs data. We usually recommend at least 30 conversions a month per campaign before judging automated bidding. With a smaller budget, fewer campaigns with tighter keyword lists perform better than many thin ones.</p>
<h2>When to spend more</h2>
<ul>
<li>You are losing impression share because of budget, not rank.</li>
<li>Your cost per acquisition is stable and well below what a customer is worth.</li>
<li>Your team can handle more enquiries without response times slipping.</li>
</ul>
<h2>When to pull back</h2>
<p>If enquiries are not turning into sales, more budget will only buy more disappointment. Look at the search terms report, the landing page and how quickly your team calls people back before spending another euro.</p>`,
  },
  {
    title: "Why Your Website Is Slow (and Why It Costs You Customers)",
    slug: "why-your-website-is-slow",
    excerpt:
      "Every extra second of loading time loses visitors. Here are the usual culprits we find on small-business websites, and how to fix them.",
    tags: ["Web Development", "Performance", "SEO"],
    status: "published",
    createdAt: new Date("2026-05-05T09:00:00Z"),
    content: `<p>Most of your visitors arrive on a phone, often on a patchy mobile connection. If your page takes five seconds to appear, a good share of them will never see it. Speed is also part of how Google judges page experience, so a slow site pays twice.</p>
<h2>The usual culprits</h2>
<h3>Huge images</h3>
<p>A 4,000-pixel photo straight from a camera can weigh more than the rest of the page put together. Resize images to the size they are shown at, serve modern formats like AVIF and WebP, and let the browser load images below the fold only when they are needed.</p>
<h3>Too many plugins and scripts</h3>
<p>Chat widgets, sliders, trackers and three different analytics tools each add code that the phone must download and run. Audit them once a year and remove anything nobody looks at.</p>
<h3>Web fonts loaded from elsewhere</h3>
<p>Fonts fetched from another server delay the first text. Host them yourself, limit the weights you use, or use the system font stack.</p>
<h3>Cheap hosting</h3>
<p>A server that takes a second to answer makes everything else late. Good hosting with caching in front of it is one of the cheapest speed upgrades there is.</p>
<h2>How to measure</h2>
<p>Run Lighthouse in Chrome's developer tools on a mobile setting, and look at the Core Web Vitals report in Search Console, which is based on real visitors. Fix the biggest item first, then measure again.</p>
<blockquote>We build every client site to load in under two seconds on a mid-range phone. It is the single change that lifts every other campaign.</blockquote>`,
  },
  {
    title: "Meta Ads Creative That Converts: Lessons From 200 Campaigns",
    slug: "meta-ads-creative-that-converts",
    excerpt:
      "Targeting matters less than it used to. The creative is now the targeting. What we have learned about ads that stop the scroll and sell.",
    tags: ["Paid Social", "Creative", "Meta Ads"],
    status: "published",
    createdAt: new Date("2026-06-23T09:00:00Z"),
    content: `<p>With broad audiences and automated placements, Meta's system decides who sees your ad largely from the ad itself. That makes creative the biggest lever you have.</p>
<h2>The first three seconds decide everything</h2>
<p>Open with the outcome, the problem or a person speaking straight to camera. Logos and slow brand intros lose people before the message arrives.</p>
<h2>Make it native to the feed</h2>
<p>Vertical video, shot on a phone, with captions burned in. Polished studio footage often performs worse because it looks like an advert, and people scroll past adverts.</p>
<h2>Test concepts, not colours</h2>
<p>Changing a button colour rarely moves results. Testing genuinely different ideas does: a customer testimonial against a founder story against a product demonstration. We aim for at least ten creative variations per campaign, then put budget behind the two or three that win.</p>
<h2>Keep a creative pipeline</h2>
<ul>
<li>Refresh winning ads every four to six weeks before fatigue sets in.</li>
<li>Collect customer videos and reviews continuously; they are the raw material of your best ads.</li>
<li>Write down why each winner won, so the next brief starts smarter.</li>
</ul>
<p>Creative direction is not a one-off shoot. It is a habit, and the brands that build it keep their costs down while competitors' rise.</p>`,
  },
  {
    title: "Marketing Automation for Small Teams: Where to Start",
    slug: "marketing-automation-small-teams",
    excerpt:
      "Five automations that save a small team hours every week, and the one rule that keeps them from annoying your customers.",
    tags: ["Automation", "AI", "Email Marketing"],
    status: "published",
    createdAt: new Date("2026-08-11T09:00:00Z"),
    content: `<p>Automation sounds like something for big companies with big software budgets. In practice, small teams gain the most, because every hour saved is an hour a person can spend with customers.</p>
<h2>Five automations worth setting up first</h2>
<ol>
<li><strong>Instant enquiry replies.</strong> Confirm every form submission by e-mail within a minute, with what happens next and when.</li>
<li><strong>Lead routing.</strong> Send enquiries to the right person based on service, budget or location, and remind them if nobody has replied within a working day.</li>
<li><strong>Review requests.</strong> Ask for a review automatically a day after a job is marked complete.</li>
<li><strong>Welcome series.</strong> Three short e-mails to new customers: what to expect, how to get help, and a useful tip.</li>
<li><strong>Weekly reporting.</strong> One e-mail every Monday with the numbers that matter, instead of logging into five dashboards.</li>
</ol>
<h2>Where AI helps today</h2>
<p>AI tools are good at first drafts of ad variations, summarising call notes and sorting enquiries by intent. They are not a substitute for knowing your customer. Use them to go faster, and keep a person responsible for what goes out.</p>
<h2>The one rule</h2>
<p>Every automated message should be one you would be happy to send by hand. If it would feel spammy from a person, it is spammy from a machine.</p>`,
  },
  {
    title: "Measuring Marketing ROI Without Drowning in Dashboards",
    slug: "measuring-marketing-roi",
    excerpt:
      "A simple measurement plan that connects spend to revenue, so you can make decisions in minutes rather than meetings.",
    tags: ["Analytics", "Strategy", "Reporting"],
    status: "published",
    createdAt: new Date("2026-10-06T09:00:00Z"),
    content: `<p>Most businesses we meet have more data than ever and less confidence in what it says. The fix is not another dashboard. It is deciding in advance which few numbers drive decisions.</p>
<h2>Pick one north-star metric</h2>
<p>For an online shop that might be contribution margin after ad spend. For a service business, qualified enquiries that become booked consultations. Everything else is there to explain movements in that number.</p>
<h2>Connect the dots from click to cash</h2>
<ul>
<li>Track conversions that matter: purchases, calls over 60 seconds, booked meetings. Not page views.</li>
<li>Pass offline outcomes back to the ad platforms, so they optimise on sales rather than form fills.</li>
<li>Use consistent UTM tags so every channel is labelled the same way.</li>
</ul>
<h2>Report monthly, review quarterly</h2>
<p>A one-page monthly report answers three questions: what did we spend, what did it return, what will we change? Each quarter, step back and ask whether the strategy still fits the business.</p>
<blockquote>If a number would not change a decision, it does not belong in the report.</blockquote>
<p>Measured this way, marketing stops being a cost you hope works and becomes an investment you can manage.</p>`,
  },
  {
    title: "TikTok for B2B: Does It Work? (Draft)",
    slug: "tiktok-for-b2b",
    excerpt: "Notes for an upcoming article on whether business-to-business brands should be on TikTok.",
    tags: ["Social Media", "TikTok", "B2B"],
    status: "draft",
    createdAt: new Date("2026-11-10T09:00:00Z"),
    content: `<p>Outline: audience data for Irish decision-makers on TikTok; three B2B brands doing it well; what to post; how to measure; our recommendation.</p>`,
  },
];
