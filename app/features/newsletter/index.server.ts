export {
  confirmSubscription,
  deleteStalePendingSubscribers,
  findSubscriber,
  requestSubscription,
  SIGNUPS_PER_CLIENT,
  subscribeAgain,
  suppressionHash,
  tooManySignups,
  unsubscribe,
  writeSuppression,
} from "./newsletter.server";
export { signupJson } from "./newsletter.server";
export {
  dropUnsentCopies,
  newsletterCopy,
  recentSends,
  sendById,
  sendOfPost,
  sendsOfPost,
} from "./newsletter-send.server";
export { newsletterTask } from "./newsletter-sender.server";
