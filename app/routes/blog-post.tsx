import { data, Link } from "react-router";
import { PageIntro } from "~/components/sections/page-intro";
import { pageMeta } from "~/lib/seo";
import { getPostBySlug } from "~/services/posts.server";
import type { Route } from "./+types/blog-post";

export const meta: Route.MetaFunction = ({ data }) =>
  data?.post ? pageMeta({ title: data.post.title, description: data.post.excerpt }) : pageMeta({ title: "Article Not Found" });

export function loader({ params }: Route.LoaderArgs) {
  const post = getPostBySlug(params.slug);
  if (!post) throw data(null, { status: 404 });
  return { post: { title: post.title, excerpt: post.excerpt } };
}

export default function BlogPost({ loaderData: { post } }: Route.ComponentProps) {
  return (
    <PageIntro eyebrow="Blog" title={post.title}>
      <p>{post.excerpt}</p>
    </PageIntro>
  );
}

export function ErrorBoundary() {
  return (
    <PageIntro title="Article Not Found">
      <p>The article you're looking for doesn't exist.</p>
      <Link to="/blog" className="mt-8 inline-block rounded-full bg-primary px-6 py-3 text-base font-semibold text-primary-fg">
        Back to Blog
      </Link>
    </PageIntro>
  );
}
