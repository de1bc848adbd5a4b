import { slugInSection } from "~/platform/text/section-slug";

/** The post a path of this site names, if it is one (`/blog/a-post`, `/blog/A-Post/`, `/blog/a-post.md`). */
export const postSlugIn = slugInSection("blog");
