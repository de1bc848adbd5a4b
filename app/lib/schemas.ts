import { z } from "zod";

/** The blog's newsletter box: one e-mail address. */
export const NewsletterSchema = z.object({
  email: z
    .string({ error: "Please enter your email address" })
    .trim()
    .min(1, "Please enter your email address")
    .max(254, "That email address is too long")
    .pipe(z.email("Please enter a valid email address")),
});

/** Query of the public blog list: every value optional and forgiving. */
export const BlogQuerySchema = z.object({
  q: z.string().trim().max(200).catch("").default(""),
  tag: z.string().trim().max(100).catch("").default(""),
  page: z.coerce.number().int().min(1).max(100_000).catch(1).default(1),
});
