import { isLanguage, LANGUAGES } from "~/platform/i18n/languages";

/** Whom a send went to, after a count: " in Irish" for one language's subscribers; nothing for everyone. */
export function inAudience(audience: string | null): string {
  return isLanguage(audience) ? ` in ${LANGUAGES[audience].name}` : "";
}
