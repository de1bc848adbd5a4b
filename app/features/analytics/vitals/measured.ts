import { z } from "zod";

import { LARGEST, type Vital, VITALS } from "./vitals";

/** A vital as a page sends it: its name, its value and, for LCP, INP and CLS, the element behind it. */
export type Measured = [vital: Vital, value: number, cause?: string];

/** The element behind a value (`img “Team at work”`, `click on button#menu`), as the page script names it. */
export const CAUSE_LENGTH = 100;

/**
 * A page's vitals as the beacon carries them (`[["LCP", 1830, "img “Team at work”"], ["CLS", 0.02]]`): each
 * vital known and at most once, each value a finite number from 0 to its LARGEST.
 */
export const MeasuredSchema = z
  .array(
    z.tuple([
      z.enum(VITALS, { error: `a vital is one of ${VITALS.join(", ")}` }),
      z.number({ error: "a value is a number" }).min(0, "a value is 0 or more"),
      z
        .string()
        .max(CAUSE_LENGTH, `a cause is at most ${CAUSE_LENGTH} characters`)
        // Nor the bidirectional controls, which would show the admin a name turned around.
        .regex(/^[^\p{Cc}\u202A-\u202E\u2066-\u2069]*$/u, "a cause has no control characters")
        .optional(),
    ]),
  )
  .min(1, "send at least one vital")
  .max(VITALS.length, `send each vital at most once`)
  .superRefine((measured, context) => {
    measured.forEach(([vital, value], i) => {
      if (value > LARGEST[vital])
        context.addIssue({ code: "custom", path: [i, 1], message: `${vital} is at most ${LARGEST[vital]}` });
      if (measured.findIndex(([other]) => other === vital) !== i)
        context.addIssue({ code: "custom", path: [i, 0], message: `${vital} is sent twice` });
    });
  });
