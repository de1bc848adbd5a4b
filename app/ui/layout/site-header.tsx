import { Link, NavLink } from "react-router";

import { useWords } from "~/platform/i18n/use-words";
import { MENU_ID } from "~/platform/pages/page-behaviours";
import { mainNav, type NavItem } from "~/platform/site/site";
import { useSiteFacts } from "~/platform/site/use-site-facts";
import { Wordmark } from "~/ui/brand/wordmark";
import { StrokeIcon } from "~/ui/stroke-icon";

import { MobileMenu } from "./mobile-menu";
import { ThemeSwitch } from "./theme-switch";

const linkClass = (active: boolean) =>
  `rounded-md px-3 py-2 text-sm font-medium transition-colors ${
    active ? "text-primary" : "text-muted hover:text-fg"
  }`;

/** "/#services" is an in-page anchor, never the active entry; the rest are active by path. */
function NavEntry({ item, className }: { item: NavItem; className: (active: boolean) => string }) {
  const { t, localPath } = useWords();
  if (item.to.includes("#")) {
    return (
      <Link to={localPath(item.to)} className={className(false)}>
        {t(item.word)}
      </Link>
    );
  }
  return (
    <NavLink to={localPath(item.to)} end={item.end} className={({ isActive }) => className(isActive)}>
      {t(item.word)}
    </NavLink>
  );
}

/** Below md the navigation is the full-screen phone menu (mobile-menu.tsx) behind the menu button. */
export function SiteHeader() {
  const site = useSiteFacts();
  const { t, localPath } = useWords();
  return (
    <header className="fixed inset-x-0 top-0 z-50 border-b border-border bg-bg">
      <div className="mx-auto flex h-16 max-w-7xl items-center justify-between gap-4 px-4 sm:px-6">
        <Link
          to={localPath("/")}
          className="text-lg font-bold tracking-tight"
          aria-label={t("header.home", { site: site.name })}
        >
          <Wordmark />
        </Link>

        <nav aria-label={t("nav.main")} className="hidden md:block">
          <ul className="flex items-center gap-1">
            {mainNav.map((item) => (
              <li key={item.to}>
                <NavEntry item={item} className={linkClass} />
              </li>
            ))}
          </ul>
        </nav>

        <div className="flex items-center gap-2">
          <ThemeSwitch />
          <NavLink
            to={localPath("/contact")}
            className={({ isActive }) =>
              `hidden rounded-full bg-primary px-4 py-2 text-sm font-semibold text-primary-fg hover:opacity-90 md:inline-block ${isActive ? "ring-2 ring-ring ring-offset-2 ring-offset-bg" : ""}`
            }
          >
            {t("nav.contact")}
          </NavLink>
          <button
            type="button"
            popoverTarget={MENU_ID}
            className="-mr-1.5 flex size-11 items-center justify-center rounded-full text-fg md:hidden"
            aria-label={t("header.openMenu")}
          >
            <StrokeIcon d="M4 6h16M4 12h16M4 18h16" className="size-6" />
          </button>
        </div>
      </div>

      <MobileMenu />
    </header>
  );
}
