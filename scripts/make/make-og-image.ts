// Draws public/og-default.png (1200×630), the social preview for pages without a card of their own,
// with the same renderer as the posts' and case studies' cards (app/features/social-cards/social-card.server.ts): the
// brand's faces set as paths, so it looks the same wherever it is drawn.
// Run `node_modules/.bin/tsx scripts/make/make-og-image.ts`; the image is committed.
import { writeFileSync } from "node:fs";

import { renderSocialCard } from "../../app/features/social-cards/index.server";
import { seedSiteSettings as site } from "../../app/platform/site/launch-settings";

const png = await renderSocialCard(
  {
    kind: "site",
    title: "Growth, Year Over Year",
    topic: "Dublin digital marketing agency",
    strapline: "SEO · Paid Ads · Websites · Creative · Automation",
    siteName: site.name,
  },
  "png",
);
writeFileSync("public/og-default.png", png);
console.log(`public/og-default.png (${Math.round(png.length / 1024)} KB)`);
