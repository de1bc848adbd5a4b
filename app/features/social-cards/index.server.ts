export { queueArtwork } from "./artwork.server";
export {
  postCardSubject,
  refreshAllSocialCards,
  refreshSocialCard,
  socialCardFor,
  studyCardSubject,
} from "./social-cards.server";
