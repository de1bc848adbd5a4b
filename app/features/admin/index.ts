export { AdminError, refusalFrame } from "./admin-error";
