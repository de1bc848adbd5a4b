import { z } from "zod";

import { oneLine } from "~/platform/text/schemas";

/** Admin sign-in: username and password both required. */
export const LoginSchema = z.object({
  username: z
    .string({ error: "Username is required" })
    .trim()
    .min(1, "Username is required")
    .max(100, "Username is too long")
    .refine(...oneLine("Username")),
  password: z
    .string({ error: "Password is required" })
    .min(1, "Password is required")
    .max(1000, "Password is too long"),
});
