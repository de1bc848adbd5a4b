export { retentionTask } from "./privacy.server";
