export { importTask } from "./imports.server";
