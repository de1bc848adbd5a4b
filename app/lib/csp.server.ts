import { createHash } from "node:crypto";

/** Every response's policy; pages add the hashes of their own inline scripts to script-src. */
export const CSP_DIRECTIVES = {
  "default-src": ["'self'"],
  "script-src": ["'self'"],
  "style-src": ["'self'", "'unsafe-inline'"],
  "img-src": ["'self'", "data:"],
  "media-src": ["'self'"],
  "font-src": ["'self'"],
  "connect-src": ["'self'"],
  "object-src": ["'none'"],
  "base-uri": ["'self'"],
  "form-action": ["'self'"],
  "frame-ancestors": ["'none'"],
} as const;

export function serializeCsp(directives: Record<string, readonly string[]>): string {
  return Object.entries(directives)
    .map(([name, values]) => `${name} ${values.join(" ")}`)
    .join("; ");
}

const INLINE_SCRIPT = /<script(?![^>]*\bsrc=)([^>]*)>([\s\S]*?)<\/script>/gi;

/**
 * The page's Content-Security-Policy: scripts only from this site, plus the exact inline scripts the
 * page carries (the theme script and React Router's hydration data), allowed by their SHA-256 hash.
 * Hashes rather than a per-request nonce keep identical pages byte-identical, so ETags and a CDN cache
 * still work (docs/decisions/009).
 */
export function pageCsp(html: string): string {
  const hashes = new Set<string>();
  for (const [, attributes, body] of html.matchAll(INLINE_SCRIPT)) {
    if (/type="application\/ld\+json"/i.test(attributes ?? "")) continue; // data, never executed
    hashes.add(
      `'sha256-${createHash("sha256")
        .update(body ?? "", "utf8")
        .digest("base64")}'`,
    );
  }
  return serializeCsp({ ...CSP_DIRECTIVES, "script-src": [...CSP_DIRECTIVES["script-src"], ...hashes] });
}
