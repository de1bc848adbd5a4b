export { PreviewRibbon } from "./components/preview-ribbon";
