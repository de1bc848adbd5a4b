export { experimentArms, showArm } from "./arms.server";
export { countConversion, flushVisitorDays } from "./counting.server";
export { judge, PLANNED_DAYS } from "./statistics";
