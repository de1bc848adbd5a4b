import { PageIntro } from "~/components/sections/page-intro";
import { formattedAddress, site } from "~/content/site";
import { pageMeta } from "~/lib/seo";

export const meta = () =>
  pageMeta({ title: "Contact Us", description: "Tell us about your goals. Northwall Digital replies within 24 hours." });

export default function Contact() {
  return (
    <PageIntro eyebrow="Contact" title="Ready to Grow?">
      <p>
        E-mail <a className="text-primary underline" href={`mailto:${site.email}`}>{site.email}</a>, call{" "}
        <a className="text-primary underline" href={site.phoneHref}>{site.phone}</a> or visit us at {formattedAddress}.
      </p>
    </PageIntro>
  );
}
