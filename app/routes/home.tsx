import { useEffect } from "react";
import { Link, useLocation } from "react-router";
import { services } from "~/content/services";
import { pageMeta } from "~/lib/seo";

export const meta = () =>
  pageMeta({
    title: "Northwall Digital | Dublin Digital Marketing, SEO & PPC Agency",
    description:
      "Dublin digital marketing agency helping businesses grow with sustainable year-over-year growth: SEO, paid ads, websites, creative and automation.",
  });

const HASH_SCROLL_DELAY_MS = 100;

/** "/#services" from anywhere lands here and glides to the section once the page has painted. */
function useSmoothHashScroll() {
  const { hash, key } = useLocation();
  useEffect(() => {
    if (!hash) return;
    const timer = setTimeout(() => {
      const target = document.getElementById(decodeURIComponent(hash.slice(1)));
      const reduce = matchMedia("(prefers-reduced-motion: reduce)").matches;
      target?.scrollIntoView({ behavior: reduce ? "auto" : "smooth", block: "start" });
    }, HASH_SCROLL_DELAY_MS);
    return () => clearTimeout(timer);
  }, [hash, key]);
}

export default function Home() {
  useSmoothHashScroll();
  return (
    <>
      <section className="mx-auto max-w-5xl px-4 py-24 text-center sm:px-6">
        <h1 className="text-4xl font-bold tracking-tight sm:text-6xl">
          Helping Businesses Grow, <span className="text-primary">Year Over Year</span>
        </h1>
        <p className="mx-auto mt-6 max-w-2xl text-lg text-muted">
          Sustainable growth built on integrity, expertise and transparency. SEO, pay-per-click ads and digital
          strategy from a full-stack agency in Dublin.
        </p>
        <div className="mt-10 flex flex-wrap justify-center gap-4">
          <a href="#services" className="rounded-full bg-primary px-6 py-3 font-semibold text-primary-fg hover:opacity-90">
            Explore Services
          </a>
          <Link to="/work" className="rounded-full border border-border px-6 py-3 font-semibold hover:border-primary">
            View Our Work
          </Link>
        </div>
      </section>

      <section id="services" aria-labelledby="services-heading" className="mx-auto max-w-7xl px-4 py-20 sm:px-6">
        <h2 id="services-heading" className="text-center text-3xl font-bold">Our Services</h2>
        <ul className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {services.map((service) => (
            <li key={service.slug}>
              <Link
                to={`/services/${service.slug}`}
                className="block h-full rounded-2xl border border-border bg-card p-6 transition-colors hover:border-primary"
              >
                <h3 className="text-lg font-semibold">{service.title}</h3>
                <p className="mt-2 text-sm text-muted">{service.summary}</p>
              </Link>
            </li>
          ))}
        </ul>
      </section>
    </>
  );
}
