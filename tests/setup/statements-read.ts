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
