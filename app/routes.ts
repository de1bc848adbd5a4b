import { type RouteConfig, index, layout, prefix, route } from "@react-router/dev/routes";

export default [
  index("routes/home.tsx"),
  route("services/:slug", "routes/service.tsx"),
  route("work", "routes/work.tsx"),
  route("work/:slug", "routes/project.tsx"),
  route("about", "routes/about.tsx"),
  route("contact", "routes/contact.tsx"),
  route("privacy", "routes/legal.tsx", { id: "privacy" }),
  route("terms", "routes/legal.tsx", { id: "terms" }),
  route("cookies", "routes/legal.tsx", { id: "cookies" }),
  route("blog", "routes/blog.tsx"),
  route("blog/:slug", "routes/blog-post.tsx"),
  route("api/auth/:op", "routes/api/auth.ts"),
  route("api/contact", "routes/api/contact.ts"),
  route("api/contacts", "routes/api/contacts.ts"),
  route("api/blog", "routes/api/blog.ts"),
  route("api/blog/:ref", "routes/api/blog-post.ts"),
  route("rss.xml", "routes/feeds/rss.ts"),
  route("sitemap.xml", "routes/feeds/sitemap.ts"),
  route("robots.txt", "routes/feeds/robots.ts"),
  ...prefix("admin", [
    route("login", "routes/admin/login.tsx"),
    route("logout", "routes/admin/logout.ts"),
    route("newsletter.csv", "routes/admin/newsletter-csv.ts"),
    layout("routes/admin/layout.tsx", [
      route("blog", "routes/admin/blog.tsx"),
      route("enquiries", "routes/admin/enquiries.tsx"),
    ]),
  ]),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
