export {
  deleteStalePendingSubscribers,
  requestSubscription,
  suppressionHash,
  tooManySignups,
  writeSuppression,
} from "./newsletter.server";
export { sendOfPost } from "./newsletter-send.server";
