import { type DefaultValue, type Submission, type SubmissionResult, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import type { z } from "zod";

/**
 * The editor's form: checked in the browser with the same schema as on the server (when it is sent,
 * then as the fields are corrected); the server's answer brings back what was typed with its errors.
 */
export function useItemForm<V extends Record<string, unknown>>(
  id: string,
  schema: z.ZodType,
  defaultValue: V,
  lastResult: SubmissionResult<string[]> | undefined,
) {
  return useForm<V>({
    id,
    defaultValue: defaultValue as DefaultValue<V>,
    lastResult,
    constraint: getZodConstraint(schema),
    // The schema's output is what the server saves; the form deals in what is typed (V).
    onValidate: ({ formData }) => parseWithZod(formData, { schema }) as unknown as Submission<V, string[], V>,
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
}
