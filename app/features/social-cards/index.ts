export type { PaletteName } from "./artwork/palettes";
