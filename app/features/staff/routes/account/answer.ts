/** What the account page's action answers: the section it was about, and what to say there. */
export type Answer = {
  section: string;
  error?: string;
  fieldErrors?: Record<string, string[]>;
  done?: string;
  recoveryCodes?: string[];
};
