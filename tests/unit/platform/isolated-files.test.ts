// A module replaced with vi.mock stays replaced for the rest of its process, and test files share their
// workers: a file that replaces one and is not in ISOLATED would hand the replacement to the files after it.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";

import { expect, it } from "vitest";

import { ISOLATED } from "../../setup/isolated-files";

const testFiles = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return testFiles(file);
    return entry.name.endsWith(".test.ts") ? [file] : [];
  });

it("every test file that replaces a module runs in a process of its own", () => {
  const replacing = [...testFiles("tests/unit"), ...testFiles("tests/integration")].filter((file) =>
    /\bvi\.(?:do)?[mM]ock\(/.test(readFileSync(file, "utf8")),
  );
  expect(replacing.sort()).toEqual([...ISOLATED].sort());
});
