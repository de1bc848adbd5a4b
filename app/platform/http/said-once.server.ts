import type { ServerResponse } from "node:http";

/** Headers the security layer sets that an answer may name for itself (a shared preview's Referrer-Policy). */
const SAID_ONCE = [
  "Referrer-Policy",
  "X-Frame-Options",
  "Cross-Origin-Resource-Policy",
  "X-Content-Type-Options",
];

/**
 * The React Router adapter appends an answer's headers to those the security layer set, which would
 * send both; a browser meeting two policies may follow either. The answer's own, set last, is kept.
 */
export function keepTheAnswersOwn(res: Pick<ServerResponse, "getHeader" | "setHeader">) {
  for (const name of SAID_ONCE) {
    const value = res.getHeader(name);
    if (Array.isArray(value)) res.setHeader(name, value.at(-1)!);
  }
}
