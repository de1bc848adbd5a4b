import { PageIntro } from "~/components/sections/page-intro";
import { pageMeta } from "~/lib/seo";

export const meta = () => [...pageMeta({ title: "Admin Sign In" }), { name: "robots", content: "noindex, nofollow" }];

export default function AdminLogin() {
  return (
    <PageIntro title="Admin Sign In">
      <p>Sign-in arrives with the admin panel.</p>
    </PageIntro>
  );
}
