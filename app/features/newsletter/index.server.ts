export {
  deleteStalePendingSubscribers,
  requestSubscription,
  suppressionHash,
  tooManySignups,
  writeSuppression,
} from "./newsletter.server";
export { newsletterCopy, recentSends, sendById, sendOfPost } from "./newsletter-send.server";
