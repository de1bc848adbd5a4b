import { z } from "zod";

import { messages } from "~/platform/text/schemas";

/** The blog's newsletter box: one e-mail address. */
export const NewsletterSchema = z.object({
  email: z
    .string({ error: messages.emailMissing })
    .trim()
    .min(1, messages.emailMissing)
    .max(254, "That email address is too long")
    .pipe(z.email(messages.emailInvalid)),
});
