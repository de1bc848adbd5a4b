export { legalPages } from "./content/legal";
export { services } from "./content/services";
