import type { Autosave } from "./autosaves.server";

// The answers of the editor's own API (/api/blog/autosave, /api/work/autosave). Every field
// is named here, so nothing reaches the answer without being listed in it (and in docs/product.md).

/** GET …/autosave: the unsaved work and when it was kept. */
export function autosaveJson(saved: Autosave) {
  return { values: saved.values, updatedAt: saved.updatedAt };
}

/** PUT …/autosave: when the work was kept. */
export function autosaveKeptJson(saved: Autosave) {
  return { updatedAt: saved.updatedAt };
}
