// docs/architecture.md is the map a new maintainer reads first: its features table must name every
// folder of app/features and nothing else, so a feature added, renamed or removed without the map
// fails here.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";

import { describe, expect, it } from "vitest";

const root = path.resolve(import.meta.dirname, "../../..");

/** The folder names in the first column of the table under "## Features". */
function featuresInMap(markdown: string): string[] {
  const section = markdown.split(/^## Features\s*$/m)[1]?.split(/^## /m)[0] ?? "";
  return [...section.matchAll(/^\|\s*`([^`]+)`\s*\|/gm)].map((row) => row[1]!);
}

function featureFolders(): string[] {
  return readdirSync(path.join(root, "app/features"), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);
}

describe("the features table of docs/architecture.md", () => {
  const mapped = featuresInMap(readFileSync(path.join(root, "docs/architecture.md"), "utf8"));
  const folders = featureFolders();

  it("is found and names each feature once", () => {
    expect(mapped.length).toBeGreaterThan(0);
    expect(new Set(mapped).size).toBe(mapped.length);
  });

  it("names every folder of app/features", () => {
    expect(folders.filter((folder) => !mapped.includes(folder))).toEqual([]);
  });

  it("names no feature that has no folder", () => {
    expect(mapped.filter((name) => !folders.includes(name))).toEqual([]);
  });

  it("reads the table's rows and stops at the next section", () => {
    const sample =
      "## Features\n\n| folder | what |\n| --- | --- |\n| `a` | x |\n| `b` | y |\n\n## Platform\n\n| `c` | z |\n";
    expect(featuresInMap(sample)).toEqual(["a", "b"]);
  });
});
