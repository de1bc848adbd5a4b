import { getDb } from "~/platform/db.server";

/** The SQL of every statement `work` prepared on the test's database: what it read, and how. */
export async function statementsRead(work: () => unknown): Promise<string[]> {
  const sqlite = getDb().$client;
  const prepare = sqlite.prepare.bind(sqlite);
  const read: string[] = [];
  sqlite.prepare = ((source: string) => {
    read.push(source);
    return prepare(source);
  }) as typeof sqlite.prepare;
  try {
    await work();
  } finally {
    sqlite.prepare = prepare;
  }
  return read;
}

/**
 * How SQLite answers each statement of `work` whose SQL matches `which` (its parameters as nulls: the
 * plan is the same), one string of steps a statement.
 */
export async function queryPlans(work: () => unknown, which: RegExp): Promise<string[]> {
  const sqlite = getDb().$client;
  return (await statementsRead(work))
    .filter((sql) => which.test(sql))
    .map((sql) => {
      const blanks = Array.from(sql.matchAll(/\?/g), () => null);
      const steps = sqlite.prepare(`explain query plan ${sql}`).all(...blanks) as { detail: string }[];
      return steps.map((step) => step.detail).join("\n");
    });
}
