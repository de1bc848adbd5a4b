import { eq } from "drizzle-orm";

import { clientLogos, milestones, packages, teamMembers, testimonials } from "#db/schema";
import { libraryAltText } from "~/features/media/index.server";
import type {
  ClientLogoInput,
  MilestoneInput,
  PackageInput,
  TeamMemberInput,
  TestimonialInput,
} from "~/features/site-content/content-schemas";
import { contentChanged, getDb } from "~/platform/db.server";
import { NotFoundError } from "~/platform/http/errors.server";
import type { Language } from "~/platform/i18n/languages";
import { getItem, listOrdered, newPosition } from "~/platform/ordered-lists.server";

import { auditSiteItem, changedFields } from "./content-audit.server";
import { inYearOrder } from "./story-order";
import { itemsIn } from "./translations/item-translations.server";

/**
 * The site's people and offers that the agency edits: testimonials, team members, client logos,
 * packages and the about page's story. Each is a list in the agency's order (ordered-items.server.ts moves, hides and removes);
 * every write is "site" content, so the pages showing it are rendered again.
 */
export const siteLists = {
  testimonials,
  team: teamMembers,
  clients: clientLogos,
  packages,
  story: milestones,
} as const;
export type SiteList = keyof typeof siteLists;

type Inputs = {
  testimonials: TestimonialInput;
  team: TeamMemberInput;
  clients: ClientLogoInput;
  packages: PackageInput;
  story: MilestoneInput;
};

/** Creates (no id: last in the order) or replaces an item of one of the lists. */
export function saveSiteItem<L extends SiteList>(list: L, id: string | undefined, values: Inputs[L]) {
  const table = siteLists[list] as typeof testimonials;
  const now = new Date();
  const saved = getDb().transaction((tx) => {
    if (id) {
      const before = tx.select().from(table).where(eq(table.id, id)).get();
      if (!before) throw new NotFoundError("Not found");
      const row = tx
        .update(table)
        .set({ ...(values as object), updatedAt: now })
        .where(eq(table.id, id))
        .returning()
        .get()!;
      auditSiteItem(table, "edited", row.name, changedFields(before, row), tx);
      return row;
    }
    const row = tx
      .insert(table)
      .values({
        ...(values as TestimonialInput),
        position: newPosition(tx, table),
        createdAt: now,
        updatedAt: now,
      })
      .returning()
      .get();
    auditSiteItem(table, "added", row.name, "", tx);
    return row;
  });
  contentChanged("site");
  return saved as (typeof siteLists)[L]["$inferSelect"];
}

/**
 * What the public pages show: the published items, in order, in the visitor's language (`lang`; the
 * default language when not given). In another language only the items translated into it, in its words.
 */
export const publicTestimonials = (lang?: Language) =>
  itemsIn("testimonials", listOrdered(testimonials, { publishedOnly: true }), lang);
/** One published testimonial in `lang` (a case study's or a service's quote); undefined where not translated. */
export function publicTestimonial(id: string, lang?: Language) {
  const quote = getItem(testimonials, id);
  return quote?.status === "published" ? itemsIn("testimonials", [quote], lang)[0] : undefined;
}
/** The team as the about page shows it, each photo (portrait, candid) with its library description. */
export function publicTeam(lang?: Language) {
  const team = itemsIn("team", listOrdered(teamMembers, { publishedOnly: true }), lang);
  const described = libraryAltText(team.flatMap((person) => [person.photo, person.candidPhoto]));
  return team.map((person) => ({
    ...person,
    photoAlt: (person.photo && described.get(person.photo)) || "",
    candidPhotoAlt: (person.candidPhoto && described.get(person.candidPhoto)) || "",
  }));
}
export const publicClients = () => listOrdered(clientLogos, { publishedOnly: true });
export const publicPackages = (lang?: Language) =>
  itemsIn("packages", listOrdered(packages, { publishedOnly: true }), lang);
export const publicMilestones = () => inYearOrder(listOrdered(milestones, { publishedOnly: true }));
