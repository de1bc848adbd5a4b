import type { notFoundHits, Redirect } from "#db/schema";

// The answers of /api/redirects and /api/not-found. Every field is named here, so a column added to
// a table stays out of the answer until someone decides it belongs in it (and lists it in docs/product.md).

export function redirectJson(redirect: Redirect) {
  return {
    id: redirect.id,
    fromPath: redirect.fromPath,
    toPath: redirect.toPath,
    status: redirect.status,
    prefix: redirect.prefix,
    createdAt: redirect.createdAt,
  };
}

export function notFoundJson(hit: typeof notFoundHits.$inferSelect) {
  return {
    path: hit.path,
    count: hit.count,
    referrer: hit.referrer,
    firstSeenAt: hit.firstSeenAt,
    lastSeenAt: hit.lastSeenAt,
  };
}
