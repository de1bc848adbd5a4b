import { data, Link } from "react-router";
import { PageIntro } from "~/components/sections/page-intro";
import { findService } from "~/content/services";
import { pageMeta } from "~/lib/seo";
import type { Route } from "./+types/service";

export const meta: Route.MetaFunction = ({ data: service }) =>
  service ? pageMeta({ title: service.title, description: service.summary }) : [];

export function loader({ params }: Route.LoaderArgs) {
  const service = findService(params.slug);
  if (!service) throw data(null, { status: 404 });
  return service;
}

export default function ServicePage({ loaderData: service }: Route.ComponentProps) {
  return (
    <PageIntro eyebrow="Services" title={service.title}>
      <p>{service.summary}</p>
      <div className="mt-8 flex flex-wrap justify-center gap-4 text-base">
        <Link to="/contact" className="rounded-full bg-primary px-6 py-3 font-semibold text-primary-fg">Get Started</Link>
        <Link to="/work" className="rounded-full border border-border px-6 py-3 font-semibold">See Our Work</Link>
      </div>
    </PageIntro>
  );
}
