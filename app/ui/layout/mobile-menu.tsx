import type { CSSProperties } from "react";
import { Link, NavLink, useLocation } from "react-router";

import { useWords } from "~/platform/i18n/use-words";
import { MENU_ID } from "~/platform/pages/page-behaviours";
import { mainNav } from "~/platform/site/site";
import { useServices } from "~/platform/site/use-services";
import { useSiteFacts } from "~/platform/site/use-site-facts";
import { Wordmark } from "~/ui/brand/wordmark";
import { StrokeIcon } from "~/ui/stroke-icon";

import { ThemeSwitch } from "./theme-switch";

/** The current page is in the brand colour and has a dot after it (not colour alone). */
const entryClass =
  "flex min-h-14 items-baseline gap-4 py-2 font-display text-4xl font-semibold tracking-tight aria-[current=page]:text-primary aria-[current=page]:after:size-2.5 aria-[current=page]:after:-translate-x-2 aria-[current=page]:after:self-center aria-[current=page]:after:rounded-full aria-[current=page]:after:bg-current";
const smallLinkClass = "flex min-h-11 items-center";

/** "01", "02"…: the entries' numbers, set small beside them. */
function EntryNumber({ index }: { index: number }) {
  return (
    <span aria-hidden="true" className="w-5 shrink-0 font-sans text-xs font-medium text-muted tabular-nums">
      {String(index + 1).padStart(2, "0")}
    </span>
  );
}

/**
 * The phone menu: a native popover over the whole screen (docs/decisions/004), opened by the header's
 * menu button. Without JavaScript it opens, closes (its button, Escape) and navigates; the page is held
 * still under it by CSS (app.css, .menu-sheet). The close button has `autofocus`, so opening it moves the
 * focus in, and closing it gives the focus back to the menu button, both done by the browser. The page
 * script closes it when an entry is chosen, on back/forward and when the focus leaves it.
 */
export function MobileMenu() {
  const site = useSiteFacts();
  const services = useServices();
  const { pathname } = useLocation();
  const { t, localPath } = useWords();
  const inServices = /^(\/[a-z]{2})?\/services\//.test(pathname);
  return (
    <div id={MENU_ID} popover="auto" className="menu-sheet bg-bg text-fg md:hidden">
      <div className="flex min-h-full flex-col">
        <div className="flex h-16 shrink-0 items-center justify-between gap-4 border-b border-border px-4">
          <Link
            to={localPath("/")}
            className="flex min-h-11 items-center text-lg font-bold tracking-tight"
            aria-label={t("header.home", { site: site.name })}
          >
            <Wordmark />
          </Link>
          <button
            type="button"
            popoverTarget={MENU_ID}
            popoverTargetAction="hide"
            autoFocus
            className="-mr-1.5 flex size-11 items-center justify-center rounded-full text-fg hover:bg-card"
            aria-label={t("header.closeMenu")}
          >
            <StrokeIcon d="M6 6l12 12M18 6 6 18" className="size-6" />
          </button>
        </div>

        <nav aria-label={t("nav.mobile")} className="px-6 pt-4">
          <ul>
            {mainNav.map((item, index) => (
              <li
                key={item.to}
                className="menu-entry relative border-b border-border"
                style={{ "--i": index } as CSSProperties}
              >
                {item.to.includes("#") ? (
                  <>
                    {/*
                     * "/?#services", not "/#services": from the home page a link that only changes the
                     * fragment stays on the document and, without JavaScript, leaves the menu open; the
                     * empty query makes it a page load that opens at the section. (With JavaScript the
                     * page script glides there and closes the menu.)
                     */}
                    <a
                      href={localPath(item.to).replace("#", "?#")}
                      className={`${entryClass} pr-14 ${inServices ? "text-primary" : ""}`}
                    >
                      <EntryNumber index={index} />
                      {t(item.word)}
                    </a>
                    <details className="group" open={inServices}>
                      <summary className="absolute top-1.5 right-0 flex size-11 cursor-pointer list-none items-center justify-center rounded-full border border-border text-muted hover:text-fg [&::-webkit-details-marker]:hidden">
                        <span className="sr-only">{t("menu.theServices")}</span>
                        <StrokeIcon
                          d="m6 9 6 6 6-6"
                          className="size-5 transition-transform group-open:rotate-180 motion-reduce:transition-none"
                        />
                      </summary>
                      <ul className="pb-3 pl-9">
                        {services.map((service) => (
                          <li key={service.slug}>
                            <NavLink
                              to={localPath(`/services/${service.slug}`)}
                              className={`${smallLinkClass} text-base text-muted hover:text-fg aria-[current=page]:font-semibold aria-[current=page]:text-primary`}
                            >
                              {service.title}
                            </NavLink>
                          </li>
                        ))}
                      </ul>
                    </details>
                  </>
                ) : (
                  <NavLink to={localPath(item.to)} end={item.end} className={entryClass}>
                    <EntryNumber index={index} />
                    {t(item.word)}
                  </NavLink>
                )}
              </li>
            ))}
          </ul>
        </nav>

        <div className="menu-entry px-6 pt-6" style={{ "--i": mainNav.length } as CSSProperties}>
          <NavLink
            to={localPath("/contact")}
            className="flex min-h-14 items-center justify-between rounded-full bg-primary px-6 font-display text-xl font-semibold text-primary-fg hover:opacity-90 aria-[current=page]:ring-2 aria-[current=page]:ring-ring aria-[current=page]:ring-offset-2 aria-[current=page]:ring-offset-bg"
          >
            {t("menu.startProject")}
            <span aria-hidden="true">→</span>
          </NavLink>
        </div>

        <div className="mt-auto grid gap-4 px-6 pt-8 pb-8">
          <address className="grid justify-items-start text-fg not-italic">
            <span className="mb-1 text-xs font-semibold tracking-[0.2em] text-muted uppercase">
              {t("menu.sayHello")}
            </span>
            <a href={`mailto:${site.email}`} className={`${smallLinkClass} text-lg font-medium`}>
              {site.email}
            </a>
            <a href={site.phoneHref} className={`${smallLinkClass} text-lg font-medium`}>
              {site.phone}
            </a>
            <span className="mt-1 text-sm text-muted">{site.formattedAddress}</span>
          </address>
          {site.socials.length > 0 && (
            <ul className="flex flex-wrap gap-x-5 text-sm font-medium" aria-label={t("footer.social")}>
              {site.socials.map((social) => (
                <li key={social.url}>
                  <a
                    href={social.url}
                    rel="me noopener"
                    className={`${smallLinkClass} text-muted hover:text-fg`}
                  >
                    {social.label}
                  </a>
                </li>
              ))}
            </ul>
          )}
          <ThemeSwitch labelled />
        </div>
      </div>
    </div>
  );
}
