import { index, layout, prefix, route, type RouteConfig } from "@react-router/dev/routes";

import { LANGUAGE_CODES } from "./platform/i18n/languages";

/**
 * The pages whose words translate, at each language's prefix ("/ga/about"). The default language's
 * pages keep their addresses above; its own prefix answers 301 to them, a language the site is not in
 * 404 (platform/i18n/request-language.server.ts). Route ids are "<lang>/<page>".
 */
const inEachLanguage = LANGUAGE_CODES.flatMap((lang) =>
  prefix(lang, [
    index("features/pages/routes/home.tsx", { id: `${lang}/home` }),
    route("services/:slug", "features/pages/routes/service.tsx", { id: `${lang}/service` }),
    route("about", "features/pages/routes/about.tsx", { id: `${lang}/about` }),
    route("contact", "features/enquiries/routes/contact.tsx", { id: `${lang}/contact` }),
    // The newsletter's links for a reader who signed up in this language: its words in it.
    route("newsletter/confirm", "features/newsletter/routes/confirm.tsx", {
      id: `${lang}/newsletter-confirm`,
    }),
    route("newsletter/unsubscribe", "features/newsletter/routes/unsubscribe.tsx", {
      id: `${lang}/newsletter-unsubscribe`,
    }),
    // The blog in this language: only the posts translated into it, each at its translation's own slug.
    route("blog", "features/posts/routes/blog.tsx", { id: `${lang}/blog` }),
    route("blog/:slug", "features/posts/routes/post.tsx", { id: `${lang}/post` }),
    route("rss.xml", "features/posts/routes/rss.ts", { id: `${lang}/rss` }),
    // The legal pages ("/ga/privacy"): any other address there is the 404 the page's loader throws.
    route(":slug", "features/pages/routes/legal.tsx", { id: `${lang}/legal` }),
  ]),
);

export default [
  index("features/pages/routes/home.tsx"),
  route("services/:slug", "features/pages/routes/service.tsx"),
  route("work", "features/case-studies/routes/work.tsx"),
  route("work/:slug", "features/case-studies/routes/case-study.tsx"),
  route("about", "features/pages/routes/about.tsx"),
  route("contact", "features/enquiries/routes/contact.tsx"),
  route("privacy", "features/pages/routes/legal.tsx", { id: "privacy" }),
  route("terms", "features/pages/routes/legal.tsx", { id: "terms" }),
  route("cookies", "features/pages/routes/legal.tsx", { id: "cookies" }),
  route("blog", "features/posts/routes/blog.tsx"),
  route("blog/:slug", "features/posts/routes/post.tsx"),
  ...inEachLanguage,
  // Case studies in each language ("/ga/work", "/ga/work/<its own address>"): only translated ones.
  ...LANGUAGE_CODES.flatMap((lang) =>
    prefix(lang, [
      route("work", "features/case-studies/routes/translated-work.tsx", { id: `${lang}/work` }),
      route("work/:slug", "features/case-studies/routes/translated-case-study.tsx", {
        id: `${lang}/case-study`,
      }),
    ]),
  ),
  route("newsletter/confirm", "features/newsletter/routes/confirm.tsx"),
  route("newsletter/unsubscribe", "features/newsletter/routes/unsubscribe.tsx"),
  route("api/auth/:op", "features/staff/routes/api-auth.ts"),
  route("api/contact", "features/enquiries/routes/api-contact.ts"),
  route("api/newsletter", "features/newsletter/routes/api-newsletter.ts"),
  route("api/blog", "features/posts/routes/api-blog.ts"),
  route("api/blog/:ref", "features/posts/routes/api-blog-post.ts"),
  route("api/work", "features/case-studies/routes/api-work.ts"),
  route("api/work/:id", "features/case-studies/routes/api-work-item.ts"),
  route("api/team", "features/site-content/routes/api-team.ts"),
  route("api/team/:id", "features/site-content/routes/api-team-member.ts"),
  route("api/testimonials", "features/site-content/routes/api-testimonials.ts"),
  route("api/testimonials/:id", "features/site-content/routes/api-testimonial.ts"),
  // A team member's or testimonial's words in another language (packages have no API).
  ...(["team", "testimonials"] as const).map((list) =>
    route(`api/${list}/:id/translations/:lang`, "features/site-content/routes/api-item-translation.ts", {
      id: `api-${list}-translation`,
    }),
  ),
  route("api/settings", "features/site-content/routes/api-settings.ts"),
  route("api/languages", "features/pages/routes/api-languages.ts"),
  // A page's key may hold a slash ("services/seo"): the rest of the address is the key.
  route("api/pages/*", "features/pages/routes/api-page.ts"),
  // Staff-only APIs: the group's middleware answers 401/403 JSON before the route runs.
  layout("features/staff/routes/staff-api.ts", [
    route("api/contacts", "features/enquiries/routes/api-contacts.ts"),
    route("api/redirects", "features/redirects/routes/api-redirects.ts"),
    route("api/redirects/:id", "features/redirects/routes/api-redirect.ts"),
    route("api/not-found", "features/redirects/routes/api-not-found.ts"),
    route("api/import", "features/imports/routes/api-import.ts"),
    route("api/import/:id", "features/imports/routes/api-import-item.ts"),
    route("api/import/:id/retry", "features/imports/routes/api-import-retry.ts"),
    route("api/export", "features/imports/routes/api-export.ts"),
    route("api/analytics", "features/analytics/routes/api-analytics.ts"),
    route("api/privacy/export", "features/privacy/routes/api-privacy-export.ts"),
    route("api/privacy/erase", "features/privacy/routes/api-privacy-erase.ts"),
    route("api/images", "features/media/routes/api-images.ts"),
    route("api/images/upload", "features/media/routes/api-images-upload.ts"),
    route("api/images/put/:token", "features/media/routes/api-images-put.ts"),
    route("api/videos/upload", "features/media/routes/api-videos-upload.ts"),
    route("api/media", "features/media/routes/api-media.ts"),
    route("api/media/:id", "features/media/routes/api-media-item.ts"),
    route("api/media/:id/captions", "features/media/routes/api-media-captions.ts"),
    route("api/blog/autosave", "features/editor/routes/api-autosave.ts", { id: "api-blog-autosave" }),
    route("api/work/autosave", "features/editor/routes/api-autosave.ts", { id: "api-work-autosave" }),
    // Before api/pages/* (a page's key is never "autosave"): the page form's unsaved work.
    route("api/pages/autosave", "features/editor/routes/api-autosave.ts", { id: "api-pages-autosave" }),
    // A translation's unsaved work, written beside its source.
    route("api/blog/translations/autosave", "features/editor/routes/api-autosave.ts", {
      id: "api-blog-translations-autosave",
    }),
    route("api/work/translations/autosave", "features/editor/routes/api-autosave.ts", {
      id: "api-work-translations-autosave",
    }),
    route("api/blog/:ref/revisions", "features/posts/routes/api-blog-revisions.ts"),
    route("api/blog/:ref/checks", "features/posts/routes/api-blog-checks.ts"),
    // Case studies' checks while writing.
    route("api/work/:id/checks", "features/case-studies/routes/api-work-checks.ts"),
    route("api/blog/:ref/revisions/:revisionId", "features/posts/routes/api-blog-revision.ts"),
    route(
      "api/blog/:ref/revisions/:revisionId/restore",
      "features/posts/routes/api-blog-revision-restore.ts",
    ),
    route("api/links", "features/pages/routes/api-links.ts"),
    route("api/pages", "features/pages/routes/api-pages.ts"),
    route("api/experiments", "features/experiments/routes/api-experiments.ts"),
    route("api/experiments/:id", "features/experiments/routes/api-experiment.ts"),
    route("api/experiments/:id/stop", "features/experiments/routes/api-experiment-stop.ts"),
    route("admin/account/passkey", "features/staff/routes/admin-account-passkey.ts"),
    // Preview links to a post's or case study's draft: made, listed and revoked (features/preview-links).
    ...(["blog", "work"] as const).flatMap((kind) => [
      route(`api/${kind}/:ref/preview-links`, "features/preview-links/routes/api-preview-links.ts", {
        id: `api-${kind}-preview-links`,
      }),
      route(`api/${kind}/:ref/preview-links/:linkId`, "features/preview-links/routes/api-preview-link.ts", {
        id: `api-${kind}-preview-link`,
      }),
    ]),
  ]),
  route("rss.xml", "features/posts/routes/rss.ts"),
  route("sitemap.xml", "features/pages/routes/sitemap.ts"),
  route("robots.txt", "features/pages/routes/robots.ts"),
  route("llms.txt", "features/pages/routes/llms.ts"),
  // A shared preview link: sends its holder to the draft, or says it expired or was revoked.
  route("preview/:token", "features/preview-links/routes/preview.tsx"),
  ...prefix("admin", [
    // Open to anyone: signing in and joining.
    route("login", "features/staff/routes/admin-login.tsx"),
    route("login/verify", "features/staff/routes/admin-login-verify.tsx"),
    route("login/passkey", "features/staff/routes/admin-passkey-sign-in.ts"),
    route("join", "features/staff/routes/admin-join.tsx"),
    route("logout", "features/staff/routes/admin-logout.ts"),
    // The admin's earlier addresses, for bookmarks: a permanent redirect to today's, for anyone.
    route("blog/*", "features/admin/routes/admin-moved.ts", { id: "admin-moved-blog" }),
    route("work/*", "features/admin/routes/admin-moved.ts", { id: "admin-moved-work" }),
    // Staff-only files and actions without a page of their own (downloads, previews).
    layout("features/staff/routes/staff-files.ts", [
      route("newsletter.csv", "features/newsletter/routes/admin-subscribers-csv.ts"),
      route("posts/:id/newsletter/preview", "features/newsletter/routes/admin-preview.ts"),
      route("posts/:id/social-card", "features/posts/routes/admin-social-card.ts"),
      route("enquiries.csv", "features/enquiries/routes/admin-enquiries-csv.ts"),
      route("auto-reply-preview", "features/enquiries/routes/admin-auto-reply-preview.ts"),
      route("outbox/:id", "features/outbox/routes/admin-outbox-email.ts"),
      // A page's draft as the real page: sends the form's "Preview" to the page's address with ?preview.
      route("pages/preview/*", "features/pages/routes/admin-page-preview.ts"),
      // The editors' "Share a preview": a draft's links, made and revoked.
      route("preview-links", "features/preview-links/routes/admin-preview-links.ts"),
    ]),
    // The admin's pages, in its frame, whose middleware lets staff in; the group inside it opens each
    // page to the roles its `handle.access` names (editors where it says so, else the owner alone).
    layout("features/admin/layout.tsx", [
      layout("features/admin/by-role.ts", [
        index("features/admin/routes/admin-home.tsx"),
        route("posts", "features/posts/routes/admin-posts.tsx"),
        route("posts/:id/revisions", "features/posts/routes/admin-revisions.tsx"),
        route("posts/:id/newsletter", "features/newsletter/routes/admin-send.tsx"),
        // A post's translation written beside its source: /admin/posts/<id>/translate/ga.
        route("posts/:id/translate/:lang", "features/posts/routes/admin-post-translate.tsx"),
        route("subscribers", "features/newsletter/routes/admin-subscribers.tsx"),
        route("redirects", "features/redirects/routes/admin-redirects.tsx"),
        route("pages/services", "features/pages/routes/admin-services.tsx"),
        route("import", "features/imports/routes/admin-import.tsx"),
        route("enquiries", "features/enquiries/routes/admin-enquiries.tsx"),
        route("privacy", "features/privacy/routes/admin-privacy.tsx"),
        route("outbox", "features/outbox/routes/admin-outbox.tsx"),
        route("deliveries", "features/outbox/routes/admin-deliveries.ts"),
        route("analytics", "features/analytics/routes/admin-analytics.tsx"),
        route("experiments", "features/experiments/routes/admin-experiments.tsx"),
        route("experiments/:id", "features/experiments/routes/admin-experiment.tsx"),
        route("sessions", "features/staff/routes/admin-sessions.tsx"),
        route("account", "features/staff/routes/admin-account.tsx"),
        route("staff", "features/staff/routes/admin-staff.tsx"),
        route("audit", "features/audit/routes/admin-audit.tsx"),
        route("media", "features/media/routes/admin-media.tsx"),
        route("case-studies", "features/case-studies/routes/admin-case-studies.tsx"),
        route("case-studies/:id/revisions", "features/case-studies/routes/admin-revisions.tsx"),
        // A case study's translation beside its source: /admin/case-studies/<id>/translate/ga.
        route(
          "case-studies/:id/translate/:lang",
          "features/case-studies/routes/admin-case-study-translate.tsx",
        ),
        route("team", "features/site-content/routes/admin-team.tsx"),
        route("testimonials", "features/site-content/routes/admin-testimonials.tsx"),
        route("clients", "features/site-content/routes/admin-clients.tsx"),
        route("packages", "features/site-content/routes/admin-packages.tsx"),
        route("story", "features/site-content/routes/admin-story.tsx"),
        // A team member's, testimonial's or package's words in another language, beside its own.
        ...(["team", "testimonials", "packages"] as const).map((list) =>
          route(`${list}/translate/:lang/:id`, "features/site-content/routes/admin-item-translation.tsx", {
            id: `admin-${list}-translation`,
          }),
        ),
        route("settings", "features/site-content/routes/admin-settings.tsx"),
        route("settings/languages", "features/pages/routes/admin-languages.tsx"),
        // The tagline and the enquiry auto-reply in one of the site's other languages.
        route("settings/words/:lang", "features/site-content/routes/admin-settings-words.tsx"),
        route("pages", "features/pages/routes/admin-pages.tsx"),
        // A page's key may hold a slash ("services/seo"): the rest of the address is the key.
        route("pages/edit/*", "features/pages/routes/admin-pages-edit.tsx"),
        route("pages/revisions/*", "features/pages/routes/admin-page-revisions.tsx"),
        // A page's translation beside its source: /admin/pages/translate/ga/services/seo.
        route("pages/translate/:lang/*", "features/pages/routes/admin-page-translate.tsx"),
      ]),
    ]),
  ]),
  route("*", "features/pages/routes/not-found.tsx"),
] satisfies RouteConfig;
