import type { Verdict } from "./statistics";

/** What an experiment may be judged on. */
export const GOALS = ["enquiry", "newsletter", "contact"] as const;
export type Goal = (typeof GOALS)[number];

/** What counts as a success, in the admin's words. */
export const GOAL_LABELS: Record<Goal, string> = {
  enquiry: "An enquiry sent",
  newsletter: "A newsletter sign-up",
  contact: "A visit to the contact page",
};

export const VERDICT_LABELS: Record<Verdict, string> = {
  collecting: "Collecting",
  winner: "Winner",
  "no difference": "No difference",
  withheld: "Split off: no verdict",
};
