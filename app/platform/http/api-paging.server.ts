import { z } from "zod";

import { getEnv } from "~/platform/env.server";

/** The highest page a list answers: beyond it a client is looping, not reading. */
const MAX_PAGE = 100_000;

/**
 * Digits only: a number written another way ("0x10", "1e3", "1.0", " 2") is the same page under another
 * address, read and kept by the page cache again for each spelling.
 */
const wholeNumber = (name: string, max: number) => {
  const message = `${name} must be a whole number from 1 to ${max}`;
  return z
    .string({ error: message })
    .regex(/^[1-9][0-9]{0,5}$/, message)
    .transform(Number)
    .pipe(z.number().max(max, message));
};

/** `page` and `limit` of a paged API list: `limit` up to `maxLimit`, `defaultLimit` when absent. */
export const pagingFields = (defaultLimit: number, maxLimit: number) => ({
  page: wholeNumber("page", MAX_PAGE).default(1),
  limit: wholeNumber("limit", maxLimit).default(defaultLimit),
});

/**
 * The body of a paged list stays a bare array, as existing clients read it; the page is described in
 * headers: `X-Total-Count` (items in all pages) and a `Link` (RFC 8288) to the first, previous, next
 * and last pages. `kept` are the other query values each link repeats.
 */
export function pageHeaders(
  path: string,
  kept: Record<string, string | undefined>,
  { page, limit }: { page: number; limit: number },
  total: number,
): Record<string, string> {
  const last = Math.max(1, Math.ceil(total / limit));
  const href = (n: number) => {
    const params = new URLSearchParams();
    for (const [name, value] of Object.entries(kept)) if (value) params.set(name, value);
    params.set("page", String(n));
    params.set("limit", String(limit));
    return `<${getEnv().SITE_URL}${path}?${params}>`;
  };
  const links = [`${href(1)}; rel="first"`];
  if (page > 1) links.push(`${href(Math.min(page - 1, last))}; rel="prev"`);
  if (page < last) links.push(`${href(page + 1)}; rel="next"`);
  links.push(`${href(last)}; rel="last"`);
  return { "X-Total-Count": String(total), Link: links.join(", ") };
}
