export { experimentArms, showArm } from "./arms.server";
export { countConversion, flushVisitorDays } from "./counting.server";
export { followMovedPage } from "./experiments.server";
export { ARM_KEYS, forgetRunning } from "./experiments.server";
export { experimentsTask } from "./experiments-rollup.server";
export { countConfirmedSignUp, noteNewsletterSignUp } from "./signups.server";
export { judge, PLANNED_DAYS } from "./statistics";
