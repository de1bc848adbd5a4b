/**
 * A change a feature above this one makes to the copy a request is shown (the experiments show a
 * visitor their arm's words), given the page's key and the copy chosen for the request. This feature
 * cannot import those above it, so they register here once at start (server/app.ts), as
 * `readPageCopyWith` is registered the other way.
 */
export type CopyLayer = (key: string, copy: Record<string, unknown>) => Record<string, unknown>;

let layers: readonly CopyLayer[] = [];

/** Sets the layers every page's copy passes through (start-up; again replaces them, so a reload adds none twice). */
export function layerCopyWith(...given: CopyLayer[]) {
  layers = given;
}

/** The copy chosen for this request as the layers leave it (undefined stays undefined: no such page). */
export function layeredCopy<T>(key: string, copy: T): T {
  if (copy === undefined || copy === null || !layers.length) return copy;
  return layers.reduce((shown, layer) => layer(key, shown), copy as Record<string, unknown>) as T;
}
