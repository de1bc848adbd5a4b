// The interface's catalogs: every language has every message, each parses as ICU with the same
// arguments as the English one, and t() formats plurals through Intl; language codes are own names only.
import { IntlMessageFormat } from "intl-messageformat";
import { describe, expect, it } from "vitest";

import { catalogOf, translatorFor } from "~/platform/i18n/catalogs.server";
import { en } from "~/platform/i18n/catalogs/en";
import { isLanguage, LANGUAGE_CODES, pathIn, prefixOf } from "~/platform/i18n/languages";

/** The names of a message's arguments ("{site}", "{minutes, plural, …}"), sorted. */
type Ast = ReturnType<IntlMessageFormat["getAst"]>;
// The parser's element types: 0 is plain text, 7 the "#" of a plural.
const TEXT = 0;
const POUND = 7;
function argumentsOf(message: string): string[] {
  const names = new Set<string>();
  const walk = (elements: Ast) => {
    for (const element of elements) {
      if (element.type === TEXT || element.type === POUND) continue;
      if ("value" in element && typeof element.value === "string") names.add(element.value);
      if ("options" in element)
        for (const option of Object.values(element.options)) walk((option as { value: Ast }).value);
    }
  };
  walk(new IntlMessageFormat(message, "en").getAst());
  return [...names].sort();
}

describe("the catalogs", () => {
  it.each(LANGUAGE_CODES)("%s has every English message, with the same arguments", (lang) => {
    const catalog = catalogOf(lang);
    expect(Object.keys(catalog).sort()).toEqual(Object.keys(en).sort());
    for (const [id, message] of Object.entries(en)) {
      expect(argumentsOf(catalog[id as keyof typeof en]), `${lang} ${id}`).toEqual(argumentsOf(message));
    }
  });

  it("formats plurals by each language's rules and leaves a year as it is", () => {
    expect(translatorFor("en")("form.error.tooMany", { minutes: 1 })).toMatch(/in a minute/);
    expect(translatorFor("en")("form.error.tooMany", { minutes: 5 })).toMatch(/in 5 minutes/);
    expect(translatorFor("ga")("form.error.tooMany", { minutes: 3 })).toMatch(/3 nóiméad/);
    expect(
      translatorFor("de")("footer.registered", { year: "2026", legalName: "X", companyNumber: "1" }),
    ).toContain("© 2026 X");
  });
});

describe("language codes and addresses", () => {
  it("knows only its own languages, never a prototype name", () => {
    for (const code of ["__proto__", "constructor", "toString", "hasOwnProperty", "EN", "", "gaa"])
      expect(isLanguage(code), code).toBe(false);
    expect(LANGUAGE_CODES).toEqual(["en", "ga", "de", "fr"]);
  });

  it("puts a language's prefix on a path, and finds it again", () => {
    const site = { default: "en" as const, languages: ["en" as const, "ga" as const] };
    expect(pathIn("ga", "/", site)).toBe("/ga");
    expect(pathIn("ga", "/about", site)).toBe("/ga/about");
    expect(pathIn("en", "/about", site)).toBe("/about");
    expect(prefixOf("/ga/about")).toEqual({ lang: "ga", rest: "/about" });
    expect(prefixOf("/ga")).toEqual({ lang: "ga", rest: "/" });
    expect(prefixOf("/gallery")).toBeNull();
    expect(prefixOf("/xx/about")).toBeNull();
  });
});
