import type { ItemWords, TranslatedList } from "./item-words";

/** How the translation screen shows one of an item's words: a line, a paragraph, lines (one per line) or the package's features. */
export type WordField = {
  key: string;
  label: string;
  shape: "line" | "text" | "lines" | "features";
  /** May be left empty: shown only when the source has words in it (else it stays empty). */
  optional?: boolean;
  hint?: string;
};

export const WORD_FIELDS: Record<TranslatedList, WordField[]> = {
  team: [
    { key: "role", label: "Role", shape: "line" },
    { key: "bio", label: "Bio", shape: "text", optional: true },
    { key: "highlights", label: "Highlights", shape: "lines", optional: true, hint: "One per line." },
    { key: "team", label: "Team led", shape: "line", optional: true },
    { key: "teamSummary", label: "What the team does", shape: "text", optional: true },
  ],
  testimonials: [
    { key: "quote", label: "Quote", shape: "text", hint: "Without quotation marks: the site adds them." },
    { key: "role", label: "Role", shape: "line", optional: true },
  ],
  packages: [
    { key: "name", label: "Name", shape: "line" },
    { key: "description", label: "Description", shape: "text", optional: true },
    {
      key: "features",
      label: "Features",
      shape: "features",
      optional: true,
      hint: "A feature left empty is dropped.",
    },
  ],
};

export type Feature = { name: string; detail: string };

/** The words as the form's controls hold them: a list of lines typed one a line, features as rows. */
export function formValuesOf(list: TranslatedList, words: ItemWords): Record<string, string | Feature[]> {
  return Object.fromEntries(
    WORD_FIELDS[list].map(({ key, shape }) => {
      const value = words[key];
      if (shape === "lines") return [key, Array.isArray(value) ? value.join("\n") : String(value ?? "")];
      if (shape === "features") return [key, Array.isArray(value) ? (value as Feature[]) : []];
      return [key, String(value ?? "")];
    }),
  );
}

/** The most features the form reads back (the schema refuses more than 30 anyway). */
const MAX_FEATURE_ROWS = 40;

/** What the form sent, as the list's words schema takes it (features from "features.<n>.name"/".detail"). */
export function wordsFromForm(list: TranslatedList, form: FormData): Record<string, unknown> {
  return Object.fromEntries(
    WORD_FIELDS[list].map(({ key, shape }) => {
      if (shape !== "features") return [key, String(form.get(key) ?? "")];
      const rows: Feature[] = [];
      for (let i = 0; i < MAX_FEATURE_ROWS && form.has(`${key}.${i}.name`); i++)
        rows.push({
          name: String(form.get(`${key}.${i}.name`) ?? ""),
          detail: String(form.get(`${key}.${i}.detail`) ?? ""),
        });
      return [key, rows];
    }),
  );
}
