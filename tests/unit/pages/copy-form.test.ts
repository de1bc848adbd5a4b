// A page's form and its copy: the form's names (paths) rebuilt into the nested copy by the page's
// schema, hostile names and oversized forms refused, and the lists' buttons (add, remove, move) kept
// within the schema's counts.
import { describe, expect, it } from "vitest";

import {
  applyListIntent,
  focusAfter,
  listIntentOf,
  MAX_FORM_FIELDS,
  readCopyForm,
} from "~/features/pages/components/admin/copy-form";
import { pageFormSpec } from "~/features/pages/components/admin/copy-spec";
import { checkPageCopy } from "~/features/pages/copy/page-copy.server";
import { startingCopy } from "~/features/pages/copy/starting-copy";

const seo = startingCopy.find((page) => page.key === "services/seo")!.copy as Record<string, unknown>;

/** The copy as a form sends it: one name a field, the path to it. */
function asForm(value: unknown, path = ""): [string, string][] {
  if (Array.isArray(value))
    return value.flatMap((item, index) => asForm(item, `${path}.${index}`.replace(/^\./, "")));
  if (value && typeof value === "object")
    return Object.entries(value).flatMap(([key, item]) => asForm(item, path ? `${path}.${key}` : key));
  if (typeof value === "boolean") return value ? [[path, "on"]] : [];
  return [[path, String(value)]];
}

describe("a page's form, from its schema", () => {
  it("labels fields from the schema's meta, else a humanised key, with each limit", () => {
    const home = pageFormSpec("home");
    const hero = home.fields.find((field) => field.key === "hero")!;
    expect(hero).toMatchObject({ type: "object", label: "Top of the page" });
    const headline = hero.type === "object" && hero.fields.find((field) => field.key === "headline");
    expect(headline).toMatchObject({ type: "text", label: "Headline", min: 1, max: 80, optional: false });
    const sections = pageFormSpec("service").fields.find((field) => field.key === "sections")!;
    expect(sections).toMatchObject({ type: "list", min: 1, max: 6, itemLabel: "Section" });
    const legal = pageFormSpec("legal").fields.find((field) => field.key === "sections")!;
    expect(legal.type === "list" && legal.item.type === "object" && legal.item.fields[1]).toMatchObject({
      key: "body",
      rich: true,
    });
  });

  it("rebuilds every page's starting copy from its form exactly", () => {
    for (const { key, copy } of startingCopy) {
      const kind =
        key.split("/")[0] === "services" ? "service" : key.split("/")[0] === "legal" ? "legal" : key;
      const read = readCopyForm(pageFormSpec(kind as never), asForm(copy));
      expect(read).toMatchObject({ ok: true, unknown: [] });
      expect(read.ok && read.copy).toEqual(copy);
      expect(() => read.ok && checkPageCopy(kind as never, read.copy)).not.toThrow();
    }
  });

  it("reports names the page has no field for, and never writes them", () => {
    const read = readCopyForm(pageFormSpec("service"), [
      ...asForm(seo),
      ["hero.subtitle", "x"],
      ["sections.0.cards.0.title.deeper", "x"],
      ["sections.zero", "x"],
    ]);
    expect(read.ok && read.unknown).toEqual([
      "hero.subtitle",
      "sections.0.cards.0.title.deeper",
      "sections.zero",
    ]);
    expect(read.ok && (read.copy.hero as object)).not.toHaveProperty("subtitle");
  });

  it("refuses prototype names, malformed indices, repeated names, files and oversized forms", () => {
    const spec = pageFormSpec("home");
    for (const name of [
      "__proto__.polluted",
      "hero.__proto__",
      "constructor.prototype.polluted",
      "hero.toString",
      "hero.hasOwnProperty",
      "sections.01.heading",
      "sections.-1.heading",
      "sections.1e2.heading",
      "sections.1000.heading",
      "hero..headline",
      "a.b.c.d.e.f.g.h",
      "x".repeat(300),
    ]) {
      expect([name, readCopyForm(spec, [[name, "x"]]).ok]).toEqual([name, false]);
    }
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(
      readCopyForm(spec, [
        ["hero.headline", "a"],
        ["hero.headline", "b"],
      ]),
    ).toMatchObject({ ok: false });
    expect(readCopyForm(spec, [["hero.headline", new Blob(["x"])]])).toMatchObject({ ok: false });
    const many = Array.from(
      { length: MAX_FORM_FIELDS + 1 },
      (_, index) => [`hero${index}`, "x"] as [string, string],
    );
    expect(readCopyForm(spec, many)).toEqual({ ok: false, problem: `more than ${MAX_FORM_FIELDS} fields` });
  });

  it("orders list items by their index and closes gaps, leaving empty optional fields out", () => {
    const read = readCopyForm(pageFormSpec("service"), [
      ["benefits.items.7", "third"],
      ["benefits.items.0", "first"],
      ["benefits.items.2", "second"],
      ["sections.0.intro", "   "],
      ["sections.0.cards.0.to", ""],
    ]);
    expect(read.ok && (read.copy.benefits as { items: string[] }).items).toEqual([
      "first",
      "second",
      "third",
    ]);
    const section = read.ok && (read.copy.sections as Record<string, unknown>[])[0];
    expect(section).not.toHaveProperty("intro");
    expect(section && (section.cards as object[])[0]).not.toHaveProperty("to");
  });

  it("adds, removes and moves list items within the schema's counts", () => {
    const spec = pageFormSpec("service");
    const intent = (text: string) => listIntentOf(text)!;
    const sections = seo.sections as { heading: string; cards: unknown[] }[];
    const added = applyListIntent(spec, seo, intent("add:sections.0.cards"));
    expect((added.sections as typeof sections)[0]!.cards).toHaveLength(sections[0]!.cards.length + 1);
    expect((added.sections as typeof sections)[0]!.cards.at(-1)).toEqual({
      title: "",
      description: "",
      items: [],
      to: "",
    });
    const moved = applyListIntent(spec, seo, intent("down:sections.0"));
    expect((moved.sections as typeof sections).map((s) => s.heading)).toEqual([
      sections[1]!.heading,
      sections[0]!.heading,
      ...sections.slice(2).map((s) => s.heading),
    ]);
    expect(applyListIntent(spec, seo, intent("up:sections.0"))).toEqual(seo);
    const one = { ...seo, sections: [sections[0]] };
    expect(applyListIntent(spec, one, intent("remove:sections.0"))).toEqual(one);
    const six = { ...seo, sections: Array(6).fill(sections[0]) };
    expect((applyListIntent(spec, six, intent("add:sections")).sections as unknown[]).length).toBe(6);
    // An optional list that is not there yet is made by its first item.
    const bare = { ...seo, sections: [{ ...sections[0], cards: [{ title: "t", description: "d" }] }] };
    const withItem = applyListIntent(spec, bare, intent("add:sections.0.cards.0.items"));
    expect((withItem.sections as { cards: { items: string[] }[] }[])[0]!.cards[0]!.items).toEqual([""]);
    for (const bad of [
      "add:hero",
      "remove:sections",
      "add:__proto__",
      "up:sections.x",
      "drop:sections.0",
      "add:constructor",
    ])
      expect([bad, listIntentOf(bad) && applyListIntent(spec, seo, listIntentOf(bad)!)]).toEqual([
        bad,
        listIntentOf(bad) ? seo : null,
      ]);
    expect(seo.sections).toBe(sections);
  });

  it("sends the keyboard back where the person was after a list's button, and says what changed", () => {
    const spec = pageFormSpec("service");
    const after = (text: string, copy: Record<string, unknown> = seo) => {
      const intent = listIntentOf(text)!;
      return focusAfter(spec, copy, applyListIntent(spec, copy, intent), intent);
    };
    const cards = (seo.sections as { cards: unknown[] }[])[0]!.cards.length;
    const benefits = (seo.benefits as { items: string[] }).items.length;
    // Add: the new item's box (its first field is found inside it).
    expect(after("add:sections.0.cards")).toEqual({
      focus: `field-sections-0-cards-${cards}`,
      said: `Added card ${cards + 1}.`,
    });
    expect(after("add:benefits.items")).toEqual({
      focus: `field-benefits-items-${benefits}`,
      said: `Added benefit ${benefits + 1}.`,
    });
    // ↑/↓: the same button on the item where it is now; at the end, the other one (that one is disabled).
    expect(after("down:sections.0.cards.1")).toEqual({
      focus: "field-sections-0-cards-2-down",
      said: "Moved card 2 down: it is card 3 now.",
    });
    expect(after("up:sections.0.cards.1")).toEqual({
      focus: "field-sections-0-cards-0-down",
      said: "Moved card 2 up: it is card 1 now.",
    });
    expect(after(`down:sections.0.cards.${cards - 2}`).focus).toBe(`field-sections-0-cards-${cards - 1}-up`);
    // Remove: the list's Add, never the next item's Remove (a second press would take that one too).
    expect(after("remove:benefits.items.0")).toEqual({
      focus: "field-benefits-items-add",
      said: "Removed benefit 1.",
    });
    // Nothing changed (already first, or the list is full): the button's own place, said nothing.
    expect(after("up:sections.0")).toEqual({ focus: "field-sections-0-up", said: "" });
    const six = { ...seo, sections: Array(6).fill((seo.sections as unknown[])[0]) };
    expect(after("add:sections", six)).toEqual({ focus: "field-sections-add", said: "" });
  });
});
