// The consent wording is versioned per language: a change of a language's words must come with a new
// version for that language (records keep the words they were given). Each version below is pinned to
// the hash of the words it stands for; changing the words without a new version fails here.
import { createHash } from "node:crypto";

import { describe, expect, it } from "vitest";

import { CONSENT_VERSIONS } from "~/features/newsletter/content";
import { catalogOf } from "~/platform/i18n/catalogs.server";
import { LANGUAGE_CODES } from "~/platform/i18n/languages";

const WORDING: Record<string, string> = {
  "2026-11-23": "80ed2700b9a19bbc",
  "ga-2026-11-28": "d5803c68f5067f56",
  "de-2026-11-28": "755d5fc67f40aacb",
  "fr-2026-11-28": "de7dcb50eb41deac",
};

const hash = (text: string) => createHash("sha256").update(text).digest("hex").slice(0, 16);

describe("the consent wording", () => {
  it.each(LANGUAGE_CODES)("in %s has a version of its own, pinned to its words", (lang) => {
    const version = CONSENT_VERSIONS[lang];
    expect(Object.keys(WORDING)).toContain(version);
    expect(hash(catalogOf(lang)["newsletter.box.consent"]), `${lang}: new words need a new version`).toBe(
      WORDING[version],
    );
  });

  it("keeps English's version as its records have it", () => {
    expect(CONSENT_VERSIONS.en).toBe("2026-11-23");
    expect(new Set(Object.values(CONSENT_VERSIONS)).size).toBe(LANGUAGE_CODES.length);
  });
});
