import { z } from "zod";

import { messages, oneLine, plainText, steadyDirection } from "~/platform/text/schemas";

/** The shortest name and goals the enquiry form accepts. */
export const NAME_MIN = 2;
export const GOALS_MIN = 10;

/** The bands the form offered before they followed the packages; /api/contact still takes them. */
export const LEGACY_BUDGETS = ["5k-10k", "10k-25k", "25k-50k", "50k+"] as const;
const LEGACY_LABELS: Record<(typeof LEGACY_BUDGETS)[number], string> = {
  "5k-10k": "€5k – €10k",
  "10k-25k": "€10k – €25k",
  "25k-50k": "€25k – €50k",
  "50k+": "€50k+",
};

/** A monthly budget band: "under-1250", "1250-2500", "5000+" (whole euro), or one of the legacy bands. */
const BAND = /^(?:under-(\d{1,7})|(\d{1,7})-(\d{1,7})|(\d{1,7})\+)$/;

export type BudgetChoice = { value: string; label: string };

const euro = (amount: number) => `€${amount.toLocaleString("en-IE")}`;

/** How a stored budget reads (a band no longer offered reads as it did); null when none. */
export function budgetLabel(budget: string | null): string | null {
  if (!budget) return null;
  if (Object.hasOwn(LEGACY_LABELS, budget)) return LEGACY_LABELS[budget as keyof typeof LEGACY_LABELS];
  const band = BAND.exec(budget);
  if (!band) return budget;
  const [, under, from, to, over] = band;
  if (under) return `Under ${euro(Number(under))} a month`;
  if (over) return `${euro(Number(over))}+ a month`;
  return `${euro(Number(from))} – ${euro(Number(to))} a month`;
}

/**
 * The budgets the form offers, from the agency's own monthly package prices: below the smallest,
 * between each and the next, up to twice the largest, and above. A visitor sees where the packages
 * sit; without packages, the bands it always had.
 */
export function budgetChoices(monthlyPrices: number[]): BudgetChoice[] {
  const prices = [...new Set(monthlyPrices.filter((price) => price > 0))].sort((a, b) => a - b);
  if (!prices.length) return LEGACY_BUDGETS.map((value) => ({ value, label: budgetLabel(value)! }));
  const top = prices.at(-1)! * 2;
  const edges = [...prices, top];
  const values = [
    `under-${prices[0]}`,
    ...edges.slice(1).map((to, index) => `${edges[index]}-${to}`),
    `${top}+`,
  ];
  return values.map((value) => ({ value, label: budgetLabel(value)! }));
}

// Its own keys only: "__proto__" or "toString" is in every object, and is no budget.
const isBudget = (value: string) => Object.hasOwn(LEGACY_LABELS, value) || BAND.test(value);

export const ENQUIRY_STATUSES = ["new", "contacted", "closed", "spam"] as const;

/** The enquiry form, shared by the contact page and POST /api/contact so both check the same. */
export const EnquirySchema = z.object({
  name: z
    .string({ error: messages.nameShort })
    .trim()
    .min(NAME_MIN, messages.nameShort)
    .max(100, "Name must be 100 characters or fewer")
    .refine(...oneLine("Name"))
    .refine(...steadyDirection("Name")),
  email: z
    .string({ error: messages.emailInvalid })
    .trim()
    .max(254, messages.emailInvalid)
    .pipe(z.email(messages.emailInvalid)),
  // Any band the form offers or has offered (the packages may change while a page is open).
  budget: z
    .string({ error: "Please choose a budget from the list" })
    .trim()
    .max(30, "Please choose a budget from the list")
    .refine((value) => value === "" || isBudget(value), "Please choose a budget from the list")
    .nullish()
    .transform((v) => v || null),
  goals: z
    .string({ error: messages.goalsShort })
    .trim()
    .min(GOALS_MIN, messages.goalsShort)
    .max(5000, "Please keep your goals under 5000 characters")
    .refine(...plainText("Project goals"))
    .refine(...steadyDirection("Project goals")),
});
export type EnquiryInput = z.infer<typeof EnquirySchema>;
