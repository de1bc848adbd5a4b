import { Link } from "react-router";

import { footerQuickLinks, legalLinks } from "~/platform/site/site";
import { useSiteFacts } from "~/platform/site/use-site-facts";

/** On a phone every link is a 44 px target (easy to tap); from tablet width the list is set tighter. */
const footerLink = "inline-flex min-h-11 items-center hover:text-fg md:min-h-0";

export function SiteFooter() {
  const year = new Date().getFullYear();
  const site = useSiteFacts();
  return (
    <footer className="border-t border-border bg-card">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-12 sm:px-6 md:grid-cols-3">
        <div>
          <p className="text-lg font-bold">{site.name}</p>
          <p className="mt-2 text-sm text-muted">
            {/* The clients figure is the home page's alone: each figure is shown once on the site. */}
            {site.tagline}. Trusted by businesses across Ireland and Europe.
          </p>
        </div>
        <nav aria-label="Quick links">
          <h2 className="text-sm font-semibold">Quick Links</h2>
          <ul className="mt-3 grid text-sm md:gap-2">
            {footerQuickLinks.map((link) => (
              <li key={link.to}>
                <Link to={link.to} className={`text-muted ${footerLink}`}>
                  {link.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <div>
          <h2 className="text-sm font-semibold">Contact</h2>
          <address className="mt-3 grid justify-items-start text-sm text-muted not-italic md:gap-2">
            <a href={`mailto:${site.email}`} className={footerLink}>
              {site.email}
            </a>
            <a href={site.phoneHref} className={footerLink}>
              {site.phone}
            </a>
            <span>{site.formattedAddress}</span>
          </address>
          {site.socials.length > 0 && (
            <ul className="mt-2 flex flex-wrap gap-x-4 text-sm md:mt-4 md:gap-y-2" aria-label="Social media">
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
            © {year} {site.legalName}. Registered in Ireland, company number {site.companyNumber}.
          </p>
          <ul className="flex flex-wrap gap-x-4" aria-label="Legal">
            {legalLinks.map((link) => (
              <li key={link.to}>
                <Link to={link.to} className={footerLink}>
                  {link.label}
                </Link>
              </li>
            ))}
          </ul>
        </div>
      </div>
    </footer>
  );
}
