export { ClosingCta } from "./components/closing-cta";
export { legalPages } from "./content/legal";
export { services } from "./content/services";
