import type { ReactNode } from "react";
import { Form, Link, NavLink } from "react-router";

import { type Role, ROLE_LABELS } from "~/platform/http/access";
import { Wordmark } from "~/ui/brand/wordmark";
import { ThemeSwitch } from "~/ui/layout/theme-switch";
import { StrokeIcon } from "~/ui/stroke-icon";

/** Icon paths (24×24, stroked): one per section of the admin. */
const icons = {
  home: "M3 11l9-7 9 7M5 10v10h5v-6h4v6h5V10",
  posts: "M14 3H6a2 2 0 0 0-2 2v14a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2V9zM14 3v6h6M8 13h8M8 17h5",
  media: "M4 5h16v14H4zM4 15l4-4 5 5M14 14l2-2 4 4M15.5 8.5h.01",
  enquiries: "M3 13h5l1.5 3h5L16 13h5M5 5h14l2 8v6H3v-6z",
  analytics: "M4 20V10M10 20V4M16 20v-7M22 20H2",
  experiments: "M9 3h6M10 3v6l-5 9a2 2 0 0 0 1.7 3h10.6a2 2 0 0 0 1.7-3l-5-9V3M7 15h10",
  subscribers: "M3 6h18v12H3zM3 7l9 6 9-6",
  outbox: "M22 2L11 13M22 2l-7 20-4-9-9-4z",
  redirects: "M4 7h12l-3-3M16 7l-3 3M20 17H8l3-3M8 17l3 3",
  import: "M12 3v12M7 10l5 5 5-5M4 17v3h16v-3",
  devices: "M3 5h14v10H3zM7 19h6M10 15v4M19 9h2v10h-4",
  account: "M12 12a4 4 0 1 0 0-8 4 4 0 0 0 0 8zM4 21a8 8 0 0 1 16 0",
  staff: "M8 11a3 3 0 1 0 0-6 3 3 0 0 0 0 6zM2 20a6 6 0 0 1 12 0M17 8v6M14 11h6",
  audit: "M9 4h6l1 2h3v15H5V6h3zM9 11h6M9 15h4",
  site: "M14 4h6v6M20 4l-9 9M18 14v5a1 1 0 0 1-1 1H5a1 1 0 0 1-1-1V7a1 1 0 0 1 1-1h5",
  work: "M4 7h16v12H4zM9 7V5h6v2M4 12h16",
  pages: "M4 4h16v16H4zM4 9h16M9 9v11",
  team: "M9 11a3 3 0 1 0 0-6 3 3 0 0 0 0 6zM3 20a6 6 0 0 1 12 0M16 5a3 3 0 0 1 0 6M18 14a5 5 0 0 1 3 6",
  testimonials: "M4 5h16v11H9l-5 4zM8 9h8M8 12h5",
  clients: "M4 20V8l8-4 8 4v12M9 20v-5h6v5M8 11h.01M12 11h.01M16 11h.01",
  story: "M12 8v4l3 2M21 12a9 9 0 1 1-18 0 9 9 0 0 1 18 0z",
  packages: "M4 8l8-4 8 4-8 4zM4 8v8l8 4 8-4V8M12 12v8",
  settings:
    "M12 15a3 3 0 1 0 0-6 3 3 0 0 0 0 6zM19 12a7 7 0 0 0-.1-1.2l2-1.6-2-3.4-2.4 1a7 7 0 0 0-2-1.2L14 3h-4l-.5 2.6a7 7 0 0 0-2 1.2l-2.4-1-2 3.4 2 1.6a7 7 0 0 0 0 2.4l-2 1.6 2 3.4 2.4-1a7 7 0 0 0 2 1.2L10 21h4l.5-2.6a7 7 0 0 0 2-1.2l2.4 1 2-3.4-2-1.6c.1-.4.1-.8.1-1.2z",
} as const;

function Icon({ path, className = "size-5" }: { path: string; className?: string }) {
  return <StrokeIcon d={path} className={`shrink-0 ${className}`} strokeWidth={1.8} />;
}

export const ADMIN_SECTIONS = [
  { to: "/admin", label: "Home", icon: icons.home },
  { to: "/admin/posts", label: "Posts", icon: icons.posts },
  { to: "/admin/case-studies", label: "Case studies", icon: icons.work },
  { to: "/admin/pages", label: "Pages", icon: icons.pages },
  { to: "/admin/media", label: "Media", icon: icons.media },
  { to: "/admin/enquiries", label: "Enquiries", icon: icons.enquiries },
  { to: "/admin/outbox", label: "Outbox", icon: icons.outbox },
  { to: "/admin/analytics", label: "Analytics", icon: icons.analytics },
  { to: "/admin/experiments", label: "Experiments", icon: icons.experiments },
  { to: "/admin/subscribers", label: "Subscribers", icon: icons.subscribers },
  { to: "/admin/team", label: "Team", icon: icons.team },
  { to: "/admin/testimonials", label: "Testimonials", icon: icons.testimonials },
  { to: "/admin/clients", label: "Clients", icon: icons.clients },
  { to: "/admin/packages", label: "Packages", icon: icons.packages },
  { to: "/admin/story", label: "Our story", icon: icons.story },
  { to: "/admin/redirects", label: "Redirects", icon: icons.redirects },
  { to: "/admin/import", label: "Import and export", icon: icons.import },
  { to: "/admin/settings", label: "Site settings", icon: icons.settings },
  { to: "/admin/staff", label: "Staff", icon: icons.staff },
  { to: "/admin/audit", label: "Audit log", icon: icons.audit },
  { to: "/admin/account", label: "Your account", icon: icons.account },
  { to: "/admin/sessions", label: "Devices", icon: icons.devices },
] as const;

const sectionClass = ({ isActive }: { isActive: boolean }) =>
  `flex min-h-11 shrink-0 lg:min-h-9 items-center gap-3 rounded-xl px-3 text-sm font-semibold whitespace-nowrap transition-colors ${
    isActive ? "bg-primary text-primary-fg" : "text-muted hover:bg-bg hover:text-fg"
  }`;

/**
 * The admin's own frame: its sections (those the signed-in role may open), the site behind it, the theme and the signed-in admin. On a
 * wide screen a sidebar that stays put; on a phone a bar on top with the sections in one scrolling row.
 * No marketing navigation or footer: this is a tool, not a page of the site.
 */
export function AdminShell({
  username,
  role,
  openSections,
  newEnquiries,
  children,
}: {
  /** Their display name, else their username. */
  username: string;
  role: Role;
  /** The sections the signed-in member of staff may open (their routes' access). */
  openSections: readonly string[];
  newEnquiries: number;
  children: ReactNode;
}) {
  return (
    <div className="min-h-dvh lg:grid lg:grid-cols-[16rem_minmax(0,1fr)]">
      <aside className="flex flex-wrap items-center border-b border-border bg-card lg:sticky lg:top-0 lg:h-dvh lg:flex-col lg:flex-nowrap lg:items-stretch lg:border-r lg:border-b-0">
        <Link to="/admin" className="px-4 py-3 text-lg font-bold tracking-tight lg:px-5 lg:pt-6 lg:pb-0">
          <Wordmark />
          <span className="ml-2 hidden rounded-md bg-bg px-1.5 py-0.5 align-middle text-xs font-semibold tracking-widest text-muted uppercase sm:inline">
            Admin
          </span>
        </Link>
        {/* On a short screen the sections scroll, so the theme, the site and Logout stay in view. */}
        <nav
          aria-label="Admin"
          className="order-last w-full px-2 pb-2 lg:order-none lg:mt-6 lg:min-h-0 lg:flex-1 lg:overflow-y-auto lg:px-3 lg:scroll-shadows"
        >
          <ul className="flex gap-1 overflow-x-auto lg:flex-col lg:gap-0.5 lg:overflow-visible">
            {ADMIN_SECTIONS.filter((section) => openSections.includes(section.to)).map((section) => (
              <li key={section.to}>
                <NavLink to={section.to} end={section.to === "/admin"} className={sectionClass}>
                  <Icon path={section.icon} />
                  {section.label}
                  {section.to === "/admin/enquiries" && newEnquiries > 0 && (
                    <span className="ml-auto rounded-full bg-accent px-2 py-0.5 text-xs text-bg">
                      {newEnquiries} new
                    </span>
                  )}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <div className="ml-auto flex items-center gap-3 pr-4 lg:mt-auto lg:ml-0 lg:grid lg:justify-items-start lg:gap-4 lg:border-t lg:border-border lg:px-5 lg:py-5">
          <ThemeSwitch />
          <Link
            to="/"
            className="flex min-h-10 items-center gap-2 text-sm font-semibold text-muted hover:text-fg"
          >
            <Icon path={icons.site} className="size-5 lg:size-4" />
            <span className="sr-only lg:not-sr-only">View site</span>
          </Link>
          <div className="flex items-center gap-3 lg:w-full lg:justify-between">
            {/* A long name is cut short (whole in its tooltip); Logout always keeps its room. */}
            <Link
              to="/admin/account"
              title={username}
              className="group hidden min-w-0 text-sm leading-tight lg:grid"
            >
              <span className="truncate font-semibold group-hover:underline">{username}</span>
              <span className="text-xs text-muted">{ROLE_LABELS[role]}</span>
            </Link>
            <Form method="post" action="/admin/logout" className="shrink-0">
              <button
                type="submit"
                className="min-h-10 rounded-full border border-border px-4 text-sm font-semibold hover:border-primary"
              >
                Logout
              </button>
            </Form>
          </div>
        </div>
      </aside>
      <main id="main" tabIndex={-1} className="min-w-0 px-4 py-6 outline-none sm:px-8 lg:px-10 lg:py-10">
        <div className="mx-auto max-w-6xl">{children}</div>
      </main>
    </div>
  );
}
