// Team members, testimonials and packages in other languages (the service): one translation an item and
// language, only translated items listed in that language (in its words), "outdated" once the source's
// words change (not its photo or visibility), translations gone with their item, concurrent saves that
// leave one whole row, and the languages setting refusing to drop a language they use.
import { count } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";

import { languageSettings, siteItemTranslations } from "#db/schema";
import { saveSiteLanguages } from "~/features/pages/index.server";
import { deleteItem, setVisibility } from "~/features/site-content/ordered-items.server";
import {
  publicPackages,
  publicTeam,
  publicTestimonial,
  publicTestimonials,
  saveSiteItem,
  siteLists,
} from "~/features/site-content/site-content.server";
import {
  getItemTranslation,
  itemLanguagesInUse,
  itemTranslationLanguage,
  removeItemTranslation,
  saveItemTranslation,
  translationStatesOf,
} from "~/features/site-content/translations/item-translations.server";
import { ITEM_WORDS_SCHEMAS } from "~/features/site-content/translations/item-words";
import { contentChanged, getDb } from "~/platform/db.server";
import { ConflictError, FieldError, NotFoundError } from "~/platform/http/errors.server";

const rows = () => getDb().select({ n: count() }).from(siteItemTranslations).get()!.n;

const member = (name: string, role = "Designer") =>
  saveSiteItem("team", undefined, {
    name,
    role,
    bio: "Designs the agency's campaigns.",
    photo: null,
    candidPhoto: null,
    highlights: ["Brand identity"],
    team: "",
    teamSummary: "",
    status: "published",
  });

const quote = (name: string) =>
  saveSiteItem("testimonials", undefined, {
    quote: "They doubled our bookings.",
    name,
    role: "Founder",
    company: "Glow",
    image: null,
    featured: true,
    status: "published",
  });

const irishMember = ITEM_WORDS_SCHEMAS.team.parse({
  role: "Dearthóir",
  bio: "Dearann sí feachtais na gníomhaireachta.",
  highlights: "Féiniúlacht bhranda",
  team: "",
  teamSummary: "",
});

beforeAll(() => {
  getDb()
    .insert(languageSettings)
    .values({ id: 1, defaultLanguage: "en", languages: ["en", "ga", "de"] })
    .run();
  contentChanged("site");
});

describe("an item's translation", () => {
  it("is shown in its language in its words, and an untranslated item is absent there", () => {
    const aoife = member("Aoife Test");
    member("Ciara Test");
    saveItemTranslation("team", aoife.id, "ga", irishMember, null);
    const irish = publicTeam("ga");
    expect(irish.map((person) => person.name)).toEqual(["Aoife Test"]);
    expect(irish[0]).toMatchObject({ role: "Dearthóir", highlights: ["Féiniúlacht bhranda"], photoAlt: "" });
    expect(publicTeam("de")).toEqual([]);
    // The default language, named or not, is the items themselves.
    expect(publicTeam("en").map((person) => person.name)).toEqual(
      expect.arrayContaining(["Aoife Test", "Ciara Test"]),
    );
    expect(publicTeam().find((person) => person.id === aoife.id)?.role).toBe("Designer");
  });

  it("shows a testimonial or a package only where translated, a hidden one nowhere", () => {
    const sinead = quote("Sinéad Test");
    const untranslated = quote("Máire Test");
    saveItemTranslation(
      "testimonials",
      sinead.id,
      "ga",
      { quote: "Dúbailt siad ár gcuid áirithintí.", role: "Bunaitheoir" },
      null,
    );
    expect(publicTestimonials("ga").map((t) => t.quote)).toEqual(["Dúbailt siad ár gcuid áirithintí."]);
    expect(publicTestimonial(sinead.id, "ga")?.role).toBe("Bunaitheoir");
    expect(publicTestimonial(untranslated.id, "ga")).toBeUndefined();
    expect(publicTestimonial(untranslated.id)?.quote).toBe("They doubled our bookings.");
    setVisibility(siteLists.testimonials, "site", sinead.id, "draft");
    expect(publicTestimonials("ga")).toEqual([]);
    expect(publicTestimonial(sinead.id, "ga")).toBeUndefined();

    const pkg = saveSiteItem("packages", undefined, {
      name: "Growth",
      description: "For a business that wants more.",
      pricePerMonth: 1395,
      features: [{ name: "SEO", detail: "Every month" }],
      popular: false,
      status: "published",
    });
    expect(publicPackages("ga")).toEqual([]);
    saveItemTranslation(
      "packages",
      pkg.id,
      "ga",
      ITEM_WORDS_SCHEMAS.packages.parse({
        name: "Fás",
        description: "Do ghnó atá ag iarraidh níos mó.",
        features: [
          { name: "SEO", detail: "Gach mí" },
          { name: "", detail: "" },
        ],
      }),
      null,
    );
    expect(publicPackages("ga")).toEqual([
      expect.objectContaining({
        name: "Fás",
        pricePerMonth: 1395,
        features: [{ name: "SEO", detail: "Gach mí" }],
      }),
    ]);
  });

  it("is outdated once the source's words change, not when its visibility does, and up to date when saved again", () => {
    const niamh = member("Niamh Test");
    saveItemTranslation("team", niamh.id, "ga", irishMember, null);
    const state = () => translationStatesOf("team", [niamh]).get(niamh.id);
    expect(state()).toEqual([
      { lang: "ga", name: "Irish", state: "up to date" },
      { lang: "de", name: "German", state: "missing" },
    ]);
    setVisibility(siteLists.team, "site", niamh.id, "draft");
    setVisibility(siteLists.team, "site", niamh.id, "published");
    expect(getItemTranslation("team", niamh.id, "ga").state).toBe("up to date");
    saveSiteItem("team", niamh.id, { ...niamh, bio: "Now leads the design team." });
    expect(getItemTranslation("team", niamh.id, "ga").state).toBe("outdated");
    saveItemTranslation("team", niamh.id, "ga", irishMember, null);
    expect(getItemTranslation("team", niamh.id, "ga").state).toBe("up to date");
  });

  it("keeps one row an item and language whatever the number of saves at once, and goes with its item", async () => {
    const eoin = member("Eoin Test");
    const before = rows();
    await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        Promise.resolve().then(() =>
          saveItemTranslation("team", eoin.id, "ga", { ...irishMember, role: `Ról ${i}` }, null),
        ),
      ),
    );
    expect(rows()).toBe(before + 1);
    expect(String(getItemTranslation("team", eoin.id, "ga").words?.role)).toMatch(/^Ról \d+$/);
    saveItemTranslation("team", eoin.id, "de", { ...irishMember, role: "Designer" }, null);
    deleteItem(siteLists.team, "site", eoin.id);
    expect(rows()).toBe(before);
    expect(() => saveItemTranslation("team", eoin.id, "ga", irishMember, null)).toThrow(NotFoundError);
    expect(rows()).toBe(before);
  });

  it("is removed on its own, after which the item is absent in that language", () => {
    const fiadh = member("Fiadh Test");
    saveItemTranslation("team", fiadh.id, "ga", irishMember, null);
    expect(removeItemTranslation("team", fiadh.id, "ga")).toBe(true);
    expect(removeItemTranslation("team", fiadh.id, "ga")).toBe(false);
    expect(publicTeam("ga").some((person) => person.id === fiadh.id)).toBe(false);
    expect(getItemTranslation("team", fiadh.id, "ga")).toMatchObject({ state: "missing", words: null });
  });

  it("is refused for an unknown language, the default, one the site is not in and prototype names", () => {
    for (const code of ["xx", "__proto__", "constructor", "toString", "GA", "", 7, null, "en", "fr"])
      expect(() => itemTranslationLanguage(code), String(code)).toThrow(FieldError);
    expect(itemTranslationLanguage("ga")).toBe("ga");
  });

  it("takes only the item's text fields, by the item's own rules", () => {
    const words = ITEM_WORDS_SCHEMAS.team;
    expect(words.safeParse({ ...irishMember, name: "Another name" }).success).toBe(false);
    expect(words.safeParse(irishMember).success).toBe(true);
    expect(words.safeParse(JSON.parse('{"role":"R","__proto__":{"x":1}}')).success).toBe(false);
    expect(words.safeParse({ ...irishMember, constructor: "x" }).success).toBe(false);
    expect(words.safeParse({ ...irishMember, role: "" }).success).toBe(false);
    expect(words.safeParse({ ...irishMember, bio: "x".repeat(1501) }).success).toBe(false);
    expect(words.safeParse({ ...irishMember, role: "two\nlines" }).success).toBe(false);
    expect(ITEM_WORDS_SCHEMAS.testimonials.safeParse({ quote: "", role: "" }).success).toBe(false);
    expect(
      ITEM_WORDS_SCHEMAS.testimonials.safeParse({ quote: "Focail", role: "", featured: true }).success,
    ).toBe(false);
  });
});

describe("the site's languages", () => {
  it("cannot drop a language team members, testimonials or packages are translated into", () => {
    expect(itemLanguagesInUse()).toEqual(["ga"]);
    expect(() => saveSiteLanguages({ default: "en", languages: ["en", "de"] })).toThrow(ConflictError);
    expect(() => saveSiteLanguages({ default: "en", languages: ["en", "de"] })).toThrow(
      /Team members, testimonials or packages are translated into Irish/,
    );
    expect(getDb().select().from(languageSettings).get()?.languages).toEqual(["en", "ga", "de"]);
  });
});
