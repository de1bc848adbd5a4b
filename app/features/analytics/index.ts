export { describeDevice } from "./device";
export type { CameFrom } from "./traffic-source";
export { attributionRows } from "./traffic-source";
