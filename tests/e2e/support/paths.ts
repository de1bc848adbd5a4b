/** The six service pages, in the order of the home page grid. */
export const SERVICE_PATHS = [
  "/services/digital-marketing-strategy",
  "/services/paid-ads-management",
  "/services/website-development",
  "/services/creative-direction",
  "/services/seo",
  "/services/automation-ai-app-development",
];
