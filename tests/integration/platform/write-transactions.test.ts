// A transaction that reads and then writes, begun deferred, takes its snapshot at the read; if another
// connection (the backup, the analytics writer, a second process) writes before its first write, that
// write fails at once with SQLITE_BUSY_SNAPSHOT: the busy timeout never applies. Every transaction on
// the site's connection is begun as a writer instead (openDatabase), so the other writer waits its turn.
// A real call site's gap between its read and its write cannot be reached from a test, so this drives
// the site's own connection (getDb(), as every call site uses it) with a second connection to the file.
import Database from "better-sqlite3";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { getDb } from "~/platform/db.server";

let other: Database.Database;
beforeAll(() => {
  getDb().run(sql`create table tally (id integer primary key, n integer not null)`);
  getDb().run(sql`insert into tally (id, n) values (1, 0)`);
  other = new Database(process.env.DATABASE_PATH!);
  other.pragma("busy_timeout = 0"); // so its waiting shows as an error, at once
});
afterAll(() => other.close());

const read = () => getDb().get<{ n: number }>(sql`select n from tally where id = 1`)!.n;
const otherWrites = () => other.prepare("update tally set n = n + 100 where id = 1").run();

describe("a transaction that reads, then writes", () => {
  it("begun deferred, fails at its write when another connection wrote after its read", () => {
    expect(() =>
      getDb().transaction(
        (tx) => {
          const n = tx.get<{ n: number }>(sql`select n from tally where id = 1`)!.n;
          otherWrites();
          tx.run(sql`update tally set n = ${n + 1} where id = 1`);
        },
        { behavior: "deferred" },
      ),
    ).toThrow(expect.objectContaining({ cause: expect.objectContaining({ code: "SQLITE_BUSY_SNAPSHOT" }) }));
    expect(read()).toBe(100);
  });

  it("on the site's connection, begins as a writer: the other connection waits, and both writes land", () => {
    const before = read();
    let otherRefused: unknown;
    getDb().transaction((tx) => {
      const n = tx.get<{ n: number }>(sql`select n from tally where id = 1`)!.n;
      try {
        otherWrites();
      } catch (error) {
        otherRefused = error; // with its busy timeout it would have waited for this commit
      }
      tx.run(sql`update tally set n = ${n + 1} where id = 1`);
    });
    expect(otherRefused).toMatchObject({ code: "SQLITE_BUSY" });
    otherWrites();
    expect(read()).toBe(before + 101);
  });

  it("a transaction inside one stays part of it", () => {
    const before = read();
    getDb().transaction((tx) => {
      tx.run(sql`update tally set n = n + 1 where id = 1`);
      getDb().transaction((inner) => inner.run(sql`update tally set n = n + 1 where id = 1`));
    });
    expect(read()).toBe(before + 2);
  });
});
