export { queueArtwork } from "./artwork.server";
export { startArtwork } from "./artwork.server";
export { artworkSvg, fallbackSvg, writeArtwork, writeArtworkFiles } from "./artwork/draw.server";
export { galleryArtworkName, seedGallery } from "./artwork/gallery";
export { type ClientColours, clientColours } from "./artwork/palettes";
export { artworkHash, type ArtworkSubject, postSubject, studySubject } from "./artwork/subject";
export { translatedPostCover, translatedStudyCover } from "./artwork/translated-cover.server";
export { renderSocialCard } from "./social-card.server";
export {
  CardsBusyError,
  keptSocialCardPreview,
  postCardSubject,
  previewSocialCard,
  refreshAllSocialCards,
  refreshSocialCard,
  serviceCardSubject,
  socialCardFor,
  socialCardKey,
  studyCardSubject,
} from "./social-cards.server";
export { missingSocialCard } from "./social-cards.server";
