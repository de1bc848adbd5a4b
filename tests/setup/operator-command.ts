import { spawn } from "node:child_process";
import path from "node:path";

/**
 * Runs one of the built operator commands (`build/<name>.js`, what `npm run admin:create`, `db:backup` and
 * `db:restore` run) as its own process, `input` piped to it. Asynchronous, so a test can run commands
 * that do not depend on each other side by side: each spends most of its time starting Node and
 * hashing a password.
 */
export function runOperatorCommand(
  name: "admin-create" | "db-backup" | "db-restore",
  args: string[],
  input: string,
  env: Record<string, string>,
  /** The folder it runs in (the project's unless told): where a relative path it is given lands. */
  cwd = process.cwd(),
): Promise<{ status: number | null; out: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [path.resolve(`build/${name}.js`), ...args], {
      cwd,
      env: { ...process.env, ...env },
    });
    let out = "";
    child.stdout.setEncoding("utf8").on("data", (chunk: string) => (out += chunk));
    child.stderr.setEncoding("utf8").on("data", (chunk: string) => (out += chunk));
    child.on("error", reject);
    child.on("close", (status) => resolve({ status, out }));
    child.stdin.end(input);
  });
}
