/** Every article is signed by the team, not a person (one fixed author label). */
export const AUTHOR_LABEL = "Northwall Digital Team";
export const ARTICLE_SECTION = "Marketing";
export const CARD_TAGS = 2;
export const SKELETON_CARDS = 6;

export const aboutTheTeam = {
  heading: "About the Northwall Team",
  text: "We are a full-stack digital marketing agency in Dublin. Our strategists, search specialists, creatives and developers write these articles from what we learn running campaigns for clients across Ireland and Europe.",
};

export const newsletter = {
  heading: "Get Growth Tips in Your Inbox",
  text: "One practical e-mail a month on SEO, ads and growth. No spam, unsubscribe any time.",
  /**
   * What a subscriber agrees to, kept with their consent record. A change of wording is a new version
   * (the date it took effect); records keep the words they were given.
   */
  consent: {
    version: "2026-11-23",
    text: "By subscribing you agree to receive our monthly e-mail. We'll ask you to confirm first, and every e-mail has a link to unsubscribe.",
  },
  /** After any valid sign-up, known address or not (the answer tells nobody who is on the list). */
  thanks: "Nearly there: check your inbox and open the link we've sent to confirm your subscription.",
};
