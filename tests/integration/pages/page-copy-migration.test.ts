// A site from before page copy was content (migrations 0000-0033, already seeded and edited): on its
// next start the migration adds the tables and the start-up gives every page today's words, and
// nothing else the owner had changes.
import { rmSync } from "node:fs";

import { beforeAll, describe, expect, it } from "vitest";

import { listPages, publishedCopy } from "~/features/pages/copy/page-copy.server";
import { startingCopy } from "~/features/pages/copy/starting-copy";
import { seedDatabase } from "~/features/seed/index.server";
import { closeDb, getDb } from "~/platform/db.server";

import { databaseBefore } from "../../setup/database-before";

beforeAll(() => {
  closeDb();
  // Each test file starts on a copy of a database migrated to the newest; this one starts before.
  const file = process.env.DATABASE_PATH!;
  for (const part of [file, `${file}-wal`, `${file}-shm`]) rmSync(part, { force: true });
  const old = databaseBefore(34, file);
  old.exec(
    `insert into seeded_content (kind) values ('settings'), ('testimonials'), ('team'), ('clients'), ('packages'), ('story');`,
  );
  old.close();
});

describe("the move of the pages' words into the database", () => {
  it("gives every page the words the code showed, once, on the next start", () => {
    const seeded = seedDatabase(getDb());
    expect(seeded.pages).toBe(startingCopy.length);
    expect(listPages().map((page) => [page.key, page.state])).toEqual(
      startingCopy.map((page) => [page.key, "published"]),
    );
    expect(publishedCopy("home", "home")?.hero.headline).toBe("Helping Businesses Grow,");
    expect(publishedCopy("contact", "contact")?.heading).toBe("Ready to Grow?");
    // The lists the owner had are left as they were: seeded once, before.
    expect(seeded).not.toHaveProperty("team");
    expect(seedDatabase(getDb()).pages).toBe(0);
  });
});
