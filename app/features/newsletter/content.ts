/** The newsletter box's words, wherever it is shown (the blog, the sign-up page, the API's answer). */
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
