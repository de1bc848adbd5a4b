/** Every article is signed by the team (spec: a fixed author label). */
export const AUTHOR_LABEL = "Northwall Digital Team";
export const ARTICLE_SECTION = "Marketing";
export const CARD_TAGS = 2;
export const SKELETON_CARDS = 6;

/** `{clients}` is the settings' figure (withFacts). */
export const aboutTheTeam = {
  heading: "About the Northwall Team",
  text: "We are a full-stack digital marketing agency in Dublin. Our strategists, search specialists, creatives and developers write these articles from what we learn running campaigns for {clients} clients.",
};

export const newsletter = {
  heading: "Get Growth Tips in Your Inbox",
  text: "One practical e-mail a month on SEO, ads and growth. No spam, unsubscribe any time.",
  /** After a sign-up, by `?subscribed=`: a new address, or one already on the list. */
  thanks: {
    new: "Thanks for subscribing! Look out for our next e-mail.",
    again: "You're already subscribed. Thanks for reading!",
  },
};
