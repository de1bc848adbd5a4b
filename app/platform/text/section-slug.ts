/**
 * The slug a path of this site names under one section (`/blog/a-post`, `/work/A-Study/`,
 * `/blog/a-post.md`), in the lower case slugs are kept in: what an ended post's or case study's
 * redirect is checked against, so that it never sends a visitor round in a loop.
 */
export const slugInSection =
  (section: string) =>
  (path: string): string | undefined =>
    new RegExp(`^/${section}/([^/?#]+?)(?:\\.md)?/?(?:\\?.*)?$`, "i").exec(path)?.[1]?.toLowerCase();
