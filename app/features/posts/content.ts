/** Every article is signed by the team, not a person (one fixed author label). */
export const AUTHOR_LABEL = "Northwall Digital Team";
export const ARTICLE_SECTION = "Marketing";
export const CARD_TAGS = 2;
/**
 * The topics a post's page names (and its metadata lists), and an admin row: an imported post can carry
 * thousands. The page says how many more there are; the editor holds them all.
 */
export const ARTICLE_TAGS = 12;
export const LIST_TAGS = 6;
/** "and 9,988 more": the topics a list leaves out. */
export const moreTopics = (left: number) => `and ${left.toLocaleString("en-IE")} more`;
export const SKELETON_CARDS = 6;
/** Articles on a page of the blog (and added by each "Load more articles"). */
export const POSTS_PER_PAGE = 12;
