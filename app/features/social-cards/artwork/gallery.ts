import { artworkUrl } from "~/platform/images";

import { type Composition, galleryCompositions, type StudyFacts } from "./compose";

/**
 * What each view shows, for the picture's text alternative and its caption: the caption names the
 * client and says only what the drawn view shows (one set of words for every study read as boilerplate,
 * and "real people" under ads drawn without any was untrue).
 */
const VIEWS: Record<Composition, { alt: (name: string) => string; caption: (name: string) => string }> = {
  browser: {
    alt: (name) => `The ${name} website in a browser, with one of its results beside it`,
    caption: (name) => `The ${name} website: one clear action above the fold, built to load fast on a phone.`,
  },
  phone: {
    alt: (name) => `The ${name} journey on a phone screen`,
    caption: (name) => `${name} on a phone: the whole journey in a few taps.`,
  },
  ads: {
    alt: (name) => `${name} ads as they ran in the social feed`,
    caption: (name) => `${name} ads in the feed: one offer each, tested weekly against each other.`,
  },
  map: {
    alt: (name) => `${name} pinned on the map of local search results`,
    caption: (name) => `${name} on the map of local results, where people nearby find it.`,
  },
  search: {
    alt: (name) => `${name} at the top of the search results`,
    caption: (name) => `${name} on page one for the questions buyers actually type.`,
  },
  dashboard: {
    alt: (name) => `The ${name} results dashboard with the campaign's figures`,
    caption: (name) => `The ${name} reporting: the few figures that matter, shared every month.`,
  },
};

/** The drawn artwork's file name for one view of a seeded study (public/images/art/). */
export const galleryArtworkName = (slug: string, scene: Composition) => `work-${slug}-${scene}`;

/** The study with its results turned so the `n`th comes first, the one a view makes most of. */
function leadingWith(study: StudyFacts, n: number): StudyFacts {
  const first = study.metrics.length ? n % study.metrics.length : 0;
  return { ...study, metrics: [...study.metrics.slice(first), ...study.metrics.slice(0, first)] };
}

/**
 * A seeded case study's gallery: the other views of its work (the ones its tags point to after its
 * cover's), drawn by scripts/make/make-artwork.ts in its colours, each with words that describe it.
 * Each view leads with the next of its results (`study`), so the cover's figure is not the whole page's.
 */
export function seedGallery(slug: string, study: StudyFacts) {
  const name = study.clientName.trim() || study.title;
  return galleryCompositions(study).map((scene, index) => ({
    scene,
    study: leadingWith(study, index + 1),
    url: artworkUrl(galleryArtworkName(slug, scene)),
    alt: VIEWS[scene].alt(name),
    caption: VIEWS[scene].caption(name),
  }));
}
