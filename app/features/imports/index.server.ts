export { importJson, importReport, importStartedJson } from "./import-report";
export { importTask } from "./imports.server";
