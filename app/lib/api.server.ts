import type { z } from "zod";

/** The JSON error shape of every /api route: `{ "error": "...", "issues": [...] }`. */
export function jsonError(status: number, error: string, issues?: { path: string; message: string }[], headers?: HeadersInit) {
  return Response.json(issues ? { error, issues } : { error }, { status, headers });
}

/** zod issues as `{ path, message }` pairs, e.g. `{ path: "email", message: "Please enter a valid email address" }`. */
export function issuesOf(error: z.ZodError) {
  return error.issues.map((issue) => ({ path: issue.path.join("."), message: issue.message }));
}
