import { createHash } from "node:crypto";

import { APP_SCRIPTS_MARKER_HTML, pageScript } from "../pages/page-behaviours";

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

const sha256 = (text: string) => `'sha256-${createHash("sha256").update(text, "utf8").digest("base64")}'`;

// The page script exists in two variants: with React and without.
const WITH_REACT = sha256(pageScript(true));
const WITHOUT_REACT = sha256(pageScript(false));

/**
 * The page's Content-Security-Policy: scripts only from this site, plus exactly the inline scripts
 * the app writes, allowed by their SHA-256 hash: the page script (its text is known in advance) and,
 * on the pages React hydrates (the admin), React Router's own scripts, which root.tsx renders after the
 * `APP_SCRIPTS_MARKER` at the very end of <body>, where no content can follow. A script that found its
 * way into the content comes before that marker and is not hashed, so the browser refuses it (on a
 * page without React no marker counts at all).
 * Hashes rather than a per-request nonce keep identical pages byte-identical, so ETags and a CDN cache
 * still work (docs/decisions/009).
 */
export function pageCsp(html: string): string {
  const scripts = [...html.matchAll(INLINE_SCRIPT)]
    .filter(([, attributes = ""]) => !/type="application\/ld\+json"/i.test(attributes)) // data, never run
    .map((match) => ({ at: match.index, hash: sha256(match[2] ?? "") }));
  const react = scripts.some((script) => script.hash === WITH_REACT);
  const frameworkFrom = react ? html.lastIndexOf(APP_SCRIPTS_MARKER_HTML) : -1;
  const hashes = new Set(
    scripts
      .filter(
        ({ at, hash }) =>
          hash === (react ? WITH_REACT : WITHOUT_REACT) || (frameworkFrom >= 0 && at > frameworkFrom),
      )
      .map(({ hash }) => hash),
  );
  return serializeCsp({ ...CSP_DIRECTIVES, "script-src": [...CSP_DIRECTIVES["script-src"], ...hashes] });
}
