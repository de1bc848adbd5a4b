export { type ImportChoices, sentByApi, sentByForm, withChoices } from "./import-choices";
export { importJson, importReport, importStartedJson } from "./import-report";
export type { Progress } from "./import-steps.server";
export { importTask } from "./imports.server";
