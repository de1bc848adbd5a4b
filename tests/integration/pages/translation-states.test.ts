import { beforeAll, describe, expect, it } from "vitest";

import {
  getPage,
  publishPage,
  publishTranslation,
  savePageDraft,
  saveSiteLanguages,
  saveTranslationDraft,
  translationsOf,
  translationsOfPages,
} from "~/features/pages/index.server";
import { seedDatabase } from "~/features/seed/index.server";
import { createUser } from "~/features/staff/index.server";
import { getDb } from "~/platform/db.server";

let owner: { id: string; role: "owner" };

beforeAll(async () => {
  seedDatabase(getDb());
  owner = { id: (await createUser("states-owner", "a-long-enough-password")).id, role: "owner" };
});

const wordsOf = (key: string) => getPage(key, { staff: true }).published;
const statesOf = (keys: string[]) =>
  Object.fromEntries(
    [...translationsOfPages(keys)].map(([key, states]) => [
      key,
      Object.fromEntries(states.map(({ lang, state }) => [lang, state])),
    ]),
  );

describe("the Pages list's translation states, read once for the list", () => {
  it("a site in one language: no states", () => {
    saveSiteLanguages({ default: "en", languages: ["en"] });
    expect(statesOf(["home", "about"])).toEqual({ home: {}, about: {} });
  });

  it("missing, draft only, up to date and outdated, as translationsOf says for each page", () => {
    saveSiteLanguages({ default: "en", languages: ["en", "ga", "de"] });
    saveTranslationDraft("home", "ga", wordsOf("home"), owner);
    publishTranslation("home", "ga", owner);
    saveTranslationDraft("home", "de", wordsOf("home"), owner);
    saveTranslationDraft("about", "ga", wordsOf("about"), owner);
    publishTranslation("about", "ga", owner);
    // The source published again after its translation was: the translation may say something old.
    savePageDraft("about", wordsOf("about"), owner);
    publishPage("about", owner);

    const keys = ["home", "about", "contact", "no-such-page"];
    expect(statesOf(keys)).toEqual({
      home: { ga: "up to date", de: "draft only" },
      about: { ga: "outdated", de: "missing" },
      contact: { ga: "missing", de: "missing" },
      "no-such-page": { ga: "missing", de: "missing" },
    });
    const once = translationsOfPages(keys);
    for (const key of keys) expect(translationsOf(key)).toEqual(once.get(key));
  });
});
