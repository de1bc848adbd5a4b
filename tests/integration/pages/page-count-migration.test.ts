// A site from before pages' problems were counted (migrations 0000-0047, its pages' words stored and
// one edited): the migration leaves every page uncounted, and the background count counts each once.
import { rmSync } from "node:fs";

import { beforeAll, describe, expect, it } from "vitest";

import { startingCopy } from "~/features/pages/copy/starting-copy";
import {
  checkUncheckedPages,
  countPageProblemsWith,
  listPages,
  storedPageChecks,
} from "~/features/pages/index.server";
import { closeDb } from "~/platform/db.server";

import { databaseBefore } from "../../setup/database-before";

beforeAll(() => {
  // As the start connects it: a page's count is of the checks beside its form.
  countPageProblemsWith(storedPageChecks);
  closeDb();
  // Each test file starts on a copy of a database migrated to the newest; this one starts before.
  const file = process.env.DATABASE_PATH!;
  for (const part of [file, `${file}-wal`, `${file}-shm`]) rmSync(part, { force: true });
  const old = databaseBefore(48, file);
  const insert = old.prepare("insert into page_copy (key, published, draft, position) values (?, ?, ?, ?)");
  startingCopy.forEach(({ key, copy }, position) => {
    const draft =
      key === "home"
        ? JSON.stringify({ ...copy, meta: { title: "x".repeat(65), description: "Too short." } })
        : null;
    insert.run(key, JSON.stringify(copy), draft, position);
  });
  old.close();
});

describe("pages stored before their problems were counted", () => {
  it("are uncounted after the migration, then counted in the background: the draft's problems for a draft", () => {
    expect(listPages().every((page) => page.problems === null)).toBe(true);
    for (let run = 0; run < 100 && checkUncheckedPages(); run++);
    const counted = Object.fromEntries(listPages().map((page) => [page.key, page.problems]));
    expect(counted).toEqual(Object.fromEntries(startingCopy.map(({ key }) => [key, key === "home" ? 2 : 0])));
  });
});
