import { z } from "zod";

import { messages, oneLine, plainText } from "~/platform/text/schemas";

/** The shortest name and goals the enquiry form accepts. */
export const NAME_MIN = 2;
export const GOALS_MIN = 10;

export const BUDGETS = ["5k-10k", "10k-25k", "25k-50k", "50k+"] as const;
/** How a monthly budget reads, to the visitor choosing it and to the admin answering. */
export const BUDGET_LABELS: Record<(typeof BUDGETS)[number], string> = {
  "5k-10k": "€5k – €10k",
  "10k-25k": "€10k – €25k",
  "25k-50k": "€25k – €50k",
  "50k+": "€50k+",
};
/** A stored budget as it reads (a value from before the list changed reads as stored); null when none. */
export const budgetLabel = (budget: string | null) =>
  budget ? (BUDGET_LABELS[budget as keyof typeof BUDGET_LABELS] ?? budget) : null;
export const CONTACT_STATUSES = ["new", "contacted", "closed", "spam"] as const;

/** The enquiry form, shared by the contact page and POST /api/contact so both check the same. */
export const EnquirySchema = z.object({
  name: z
    .string({ error: messages.nameShort })
    .trim()
    .min(NAME_MIN, messages.nameShort)
    .max(100, "Name must be 100 characters or fewer")
    .refine(...oneLine("Name")),
  email: z
    .string({ error: messages.emailInvalid })
    .trim()
    .max(254, messages.emailInvalid)
    .pipe(z.email(messages.emailInvalid)),
  budget: z
    .enum(BUDGETS, { error: "Please choose a budget from the list" })
    .nullish()
    .or(z.literal("").transform(() => null))
    .transform((v) => v ?? null),
  goals: z
    .string({ error: messages.goalsShort })
    .trim()
    .min(GOALS_MIN, messages.goalsShort)
    .max(5000, "Please keep your goals under 5000 characters")
    .refine(...plainText("Project goals")),
});
export type EnquiryInput = z.infer<typeof EnquirySchema>;
