import { Link } from "react-router";

import { useWords } from "~/platform/i18n/use-words";
import { footerQuickLinks, legalLinks } from "~/platform/site/site";
import { useServices } from "~/platform/site/use-services";
import { useSiteFacts } from "~/platform/site/use-site-facts";

import { LanguageSwitcher } from "./language-switcher";

/**
 * On a phone every link is a 44 px target (easy to tap), its words set from the top so that a name on
 * two lines keeps the row's first line level with its neighbour's; from tablet width the list is tighter.
 */
const footerLink = "inline-block py-3 leading-5 hover:text-fg md:py-0";

export function SiteFooter() {
  const year = new Date().getFullYear();
  const site = useSiteFacts();
  const { t, localPath } = useWords();
  const services = useServices();
  return (
    <footer className="border-t border-border bg-card">
      <div className="mx-auto grid max-w-7xl gap-8 px-4 py-12 sm:px-6 md:grid-cols-[5fr_3fr_4fr_4fr] md:gap-10">
        <div>
          <p className="text-lg font-bold">{site.name}</p>
          <p className="mt-2 text-sm text-muted">
            {/* The clients figure is the home page's alone: each figure is shown once on the site. */}
            {t("footer.trusted", { tagline: site.tagline })}
          </p>
        </div>
        <nav aria-label={t("footer.quickLinksLabel")}>
          <h2 className="text-sm font-semibold">{t("footer.quickLinks")}</h2>
          {/* Two columns on a phone, where one link a line made the footer longer than a screen. */}
          <ul className="mt-3 grid grid-cols-2 gap-x-6 text-sm md:grid-cols-1 md:gap-2">
            {footerQuickLinks.map((link) => (
              <li key={link.to}>
                <Link to={localPath(link.to)} className={`text-muted ${footerLink}`}>
                  {t(link.word)}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        {services.length > 0 && (
          <nav aria-label={t("nav.services")}>
            <h2 className="text-sm font-semibold">{t("nav.services")}</h2>
            <ul className="mt-3 grid grid-cols-2 gap-x-6 text-sm md:grid-cols-1 md:gap-2">
              {services.map((service) => (
                <li key={service.slug}>
                  <Link to={localPath(`/services/${service.slug}`)} className={`text-muted ${footerLink}`}>
                    {service.title}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        )}
        <div>
          <h2 className="text-sm font-semibold">{t("footer.contact")}</h2>
          <address className="mt-3 grid justify-items-start text-sm text-muted not-italic md:gap-2">
            <a href={`mailto:${site.email}`} className={footerLink}>
              {site.email}
            </a>
            <a href={site.phoneHref} className={footerLink}>
              {site.phone}
            </a>
            <span className="py-3 leading-5 md:py-0">{site.formattedAddress}</span>
          </address>
          {site.socials.length > 0 && (
            <ul
              className="mt-2 flex flex-wrap gap-x-4 text-sm md:mt-4 md:gap-y-2"
              aria-label={t("footer.social")}
            >
              {site.socials.map((social) => (
                <li key={social.url}>
                  <a href={social.url} rel="me noopener" className={`text-muted ${footerLink}`}>
                    {social.label}
                  </a>
                </li>
              ))}
            </ul>
          )}
        </div>
      </div>
      <div className="border-t border-border">
        <div className="mx-auto flex max-w-7xl flex-col gap-3 px-4 py-6 text-xs text-muted sm:px-6 md:flex-row md:items-center md:justify-between">
          <p>
            {t("footer.registered", {
              year: String(year),
              legalName: site.legalName,
              companyNumber: site.companyNumber,
            })}
          </p>
          <LanguageSwitcher />
          <ul className="flex flex-wrap gap-x-4" aria-label={t("footer.legal")}>
            {legalLinks.map((link) => (
              <li key={link.to}>
                <Link to={localPath(link.to)} className={footerLink}>
                  {t(link.word)}
                </Link>
              </li>
            ))}
          </ul>
        </div>
      </div>
    </footer>
  );
}
