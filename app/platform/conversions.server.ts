import { log } from "./log.server";

/**
 * What a visitor did that an experiment may be judged on: an enquiry sent from the contact page, a
 * newsletter sign-up, a visit to the contact page. The features where these happen are below the
 * experiments feature, which connects here at start (server/app.ts), as the other hooks are.
 */
export type ConversionGoal = "enquiry" | "newsletter" | "contact";
export type Converter = { ip: string; userAgent: string };

let count: (goal: ConversionGoal, who: Converter) => void = () => {};

export function countConversionsWith(counter: (goal: ConversionGoal, who: Converter) => void) {
  count = counter;
}

/** Counts a conversion for whatever the visitor was shown today; a failure is logged, never the visitor's. */
export function noteConversion(goal: ConversionGoal, who: Converter) {
  try {
    count(goal, who);
  } catch (error) {
    log.error({ err: error }, `Counting a conversion (${goal}) failed`);
  }
}

/**
 * A newsletter sign-up is a conversion once its address is confirmed: the sign-up remembers what the
 * visitor was shown today, and the confirmation (perhaps from another device, another day) counts it.
 */
type SignUps = { signedUp: (email: string, who: Converter) => void; confirmed: (email: string) => void };
let signUps: SignUps = { signedUp: () => {}, confirmed: () => {} };

export function countSignUpsWith(counter: SignUps) {
  signUps = counter;
}

/** A newsletter sign-up from the site's form, waiting for its confirmation; a failure is logged, never the visitor's. */
export function noteSignUp(email: string, who: Converter) {
  try {
    signUps.signedUp(email, who);
  } catch (error) {
    log.error({ err: error }, "Noting a newsletter sign-up for the experiments failed");
  }
}

/** A newsletter address confirmed: its sign-up counts for the arm it saw. */
export function noteSignUpConfirmed(email: string) {
  try {
    signUps.confirmed(email);
  } catch (error) {
    log.error({ err: error }, "Counting a confirmed newsletter sign-up for the experiments failed");
  }
}
