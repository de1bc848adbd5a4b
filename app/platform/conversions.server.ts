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
