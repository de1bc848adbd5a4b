import { PageIntro } from "~/components/sections/page-intro";
import { pageMeta } from "~/lib/seo";

export const meta = () => [...pageMeta({ title: "Blog Admin" }), { name: "robots", content: "noindex, nofollow" }];

export default function AdminBlog() {
  return (
    <PageIntro title="Blog Admin">
      <p>The post editor arrives with the admin panel.</p>
    </PageIntro>
  );
}
