export { type ImportChoices, sentByApi, sentByForm, withChoices } from "./import-choices";
export { importJson, importReport, importStartedJson } from "./import-report";
export { importTask } from "./imports.server";
