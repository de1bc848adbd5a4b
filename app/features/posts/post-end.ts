/**
 * The post a path of this site names, if it is one (`/blog/a-post`, `/blog/A-Post/`, `/blog/a-post.md`),
 * in the lower case slugs are kept in: what an ended post's redirect is checked against, so that it
 * never sends a visitor round in a loop.
 */
export const postSlugIn = (path: string): string | undefined =>
  /^\/blog\/([^/?#]+?)(?:\.md)?\/?(?:\?.*)?$/i.exec(path)?.[1]?.toLowerCase();
