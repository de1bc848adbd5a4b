/** The public pages the audits measure (npm run audit, npm run audit:trace): one of each kind. */
export const AUDITED_PAGES = [
  "/",
  "/services/seo",
  "/work",
  "/work/paynest",
  "/about",
  "/contact",
  "/blog",
  "/blog/local-seo-dublin-2026-checklist",
  "/privacy",
];
