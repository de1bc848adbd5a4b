import { PageIntro } from "~/components/sections/page-intro";
import { pageMeta } from "~/lib/seo";

export const meta = () =>
  pageMeta({ title: "About Us", description: "Meet the Dublin team behind Northwall Digital: our mission, values and story." });

export default function About() {
  return (
    <PageIntro eyebrow="About" title="About Northwall Digital">
      <p>Helping businesses grow with integrity, expertise and transparency since 2019.</p>
    </PageIntro>
  );
}
