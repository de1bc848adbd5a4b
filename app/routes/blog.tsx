import { Link } from "react-router";
import { PageIntro } from "~/components/sections/page-intro";
import { pageMeta } from "~/lib/seo";
import { listPublishedPosts } from "~/services/posts.server";
import type { Route } from "./+types/blog";

export const meta = () =>
  pageMeta({ title: "Blog", description: "Practical advice on SEO, paid ads, websites and growth from the Northwall Digital team." });

export function loader() {
  return { posts: listPublishedPosts().map(({ slug, title, excerpt }) => ({ slug, title, excerpt })) };
}

export default function Blog({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <PageIntro eyebrow="Blog" title="Insights & Articles" />
      <ul className="mx-auto grid max-w-4xl gap-6 px-4 pb-20 sm:px-6">
        {loaderData.posts.map((post) => (
          <li key={post.slug} className="rounded-2xl border border-border bg-card p-6">
            <h2 className="font-semibold">
              <Link to={`/blog/${post.slug}`} className="hover:text-primary">{post.title}</Link>
            </h2>
            <p className="mt-2 text-sm text-muted">{post.excerpt}</p>
          </li>
        ))}
      </ul>
    </>
  );
}
