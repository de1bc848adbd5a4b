// Every command the docs give is one this suite runs. A command in a ```sh
// block of the README or docs/ must be listed below with the test or script that runs it; its npm
// script, files, flags, test filters and environment variables are checked against the project, so a
// renamed script, a dropped flag or a filter that matches no test fails here instead of for a reader.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";

import { describe, expect, it } from "vitest";

const root = path.resolve(import.meta.dirname, "../../..");
const read = (file: string) => readFileSync(path.join(root, file), "utf8");
const docs = ["README.md", ...readdirSync(path.join(root, "docs")).map((f) => `docs/${f}`)].filter((f) =>
  f.endsWith(".md"),
);

/** The commands of every ```sh block: continuation lines joined, comments and blank lines dropped. */
function documentedCommands(): { file: string; command: string }[] {
  const found: { file: string; command: string }[] = [];
  for (const file of docs) {
    for (const block of read(file).matchAll(/^```(?:sh|bash|shell)\n([\s\S]*?)^```/gm)) {
      const joined = block[1]!.replace(/\\\n\s*/g, " ");
      for (const line of joined.split("\n")) {
        const command = line.replace(/\s+#.*$/, "").trim();
        if (command && !command.startsWith("#")) found.push({ file, command });
      }
    }
  }
  return found;
}

/** Where each documented command is run: a test file (or the CI script) that must hold `proof`. */
const RUN_BY: { command: RegExp; by: string; proof: string[] }[] = [
  // The install is CI's; what preview runs (a build, then the server in production on the seeded
  // database) is what the Docker recipe check starts on an empty data folder.
  {
    command: /^\. scripts\/use-node\.sh && npm ci && npm run preview$/,
    by: "scripts/docker-recipe-check.sh",
    proof: ["npm run build", "NODE_ENV=production", "node server.ts"],
  },
  { command: /^npm test$/, by: "package.json", proof: ['"test": "bash scripts/test.sh"'] },
  { command: /^\. scripts\/use-node\.sh$/, by: "scripts/test.sh", proof: [". scripts/use-node.sh"] },
  {
    command: /^docker build /,
    by: "scripts/docker-recipe-check.sh",
    proof: ["npm run build", "npm prune --omit=dev"],
  },
  {
    command: /^docker run -d --name northwall .*ADMIN_USERNAME/,
    by: "scripts/docker-recipe-check.sh",
    proof: ["node server.ts", "/healthz"],
  },
  {
    command: /^docker run -d --name northwall .*BACKUP_REPLICA_URL/,
    by: "scripts/docker-recipe-check.sh",
    proof: ["BACKUP_REPLICA_URL", "Restored the database"],
  },
  {
    command: /^npm run admin:create -- --username admin$/,
    by: "tests/integration/staff/operator-commands.test.ts",
    proof: ["--username"],
  },
  {
    command: /^docker exec -it northwall node build\/admin-create\.js --username admin$/,
    by: "tests/integration/staff/admin-create-built.test.ts",
    // runOperatorCommand runs build/<name>.js, as the container does.
    proof: ['runOperatorCommand("admin-create"', "--username"],
  },
  { command: /^npm run db:restore$/, by: "tests/e2e/backups/backup.spec.ts", proof: ["build/db-restore.js"] },
  {
    command: /^npm run db:restore -- --force$/,
    by: "tests/e2e/backups/backup.spec.ts",
    proof: ['"--force"'],
  },
  {
    command: /^npm run db:restore -- --force --timestamp \S+$/,
    by: "tests/e2e/backups/backup.spec.ts",
    proof: ['"--timestamp"', '"--force"'],
  },
  {
    command: /^npm run db:restore -- --output \S+ --timestamp \S+$/,
    by: "tests/e2e/backups/backup.spec.ts",
    proof: ['"--output"', '"--timestamp"'],
  },
  {
    command: /^docker run --rm -v northwall-data:\/data .*node build\/db-restore\.js --force$/,
    by: "tests/e2e/backups/backup.spec.ts",
    proof: ["build/db-restore.js", '"--force"'],
  },
  {
    command: /^npm run db:backup$/,
    by: "tests/integration/staff/operator-commands.test.ts",
    proof: ['run("db-backup", [])'],
  },
  {
    command: /^npm run db:restore -- --from \S+ --force$/,
    by: "tests/integration/staff/operator-commands.test.ts",
    proof: ['"--from"', '"--force"'],
  },
  // Restoring a backup file by hand: stop, copy the file over the database, start.
  { command: /^docker stop northwall$/, by: "tests/e2e/platform/faults.spec.ts", proof: ["stop()"] },
  {
    command: /^docker run --rm -v northwall-data:\/data -v "\$PWD":\/restore alpine\s+sh -c 'cp /,
    by: "tests/e2e/platform/faults.spec.ts",
    proof: ['execFileSync("cp"'],
  },
  { command: /^docker start northwall$/, by: "tests/e2e/platform/faults.spec.ts", proof: ["startServer"] },
  { command: /^npx vitest run /, by: "package.json", proof: ["vitest"] },
  { command: /^npm run build$/, by: "scripts/test.sh", proof: ["npm run build"] },
  { command: /^npx playwright test /, by: "package.json", proof: ["@playwright/test"] },
];

const packageJson = JSON.parse(read("package.json")) as { scripts: Record<string, string> };
const envNames = new Set(
  [
    ...read("app/platform/env.server.ts").matchAll(/^\s{2}([A-Z][A-Z0-9_]+):/gm),
    ...read("app/features/backups/replica.server.ts").matchAll(/env\.([A-Z][A-Z0-9_]+)/g),
  ].map((m) => m[1]!),
);
// The S3 client reads the keys from the environment itself.
envNames.add("AWS_ACCESS_KEY_ID").add("AWS_SECRET_ACCESS_KEY");

describe("the commands in the docs", () => {
  const commands = documentedCommands();

  it("are found (the README's two among them)", () => {
    expect(commands.map((c) => c.command)).toEqual(
      expect.arrayContaining([". scripts/use-node.sh && npm ci && npm run preview", "npm test"]),
    );
  });

  it("preview is the build and the production server the recipe check runs; npm ci has its lockfile", () => {
    // scripts/project-node.mjs becomes `node server.ts` on the project's Node (tests/integration/platform/project-node.test.ts).
    expect(packageJson.scripts.preview).toBe(
      "npm run --silent build && NODE_ENV=production node scripts/project-node.mjs server.ts",
    );
    expect(existsSync(path.join(root, "package-lock.json"))).toBe(true);
  });

  it.each(commands)("$file: $command is run by a test", ({ command }) => {
    const runner = RUN_BY.find((entry) => entry.command.test(command));
    expect(runner, `no test runs "${command}": add one, and list it in RUN_BY`).toBeDefined();
    const source = read(runner!.by);
    for (const proof of runner!.proof) expect(source, `${runner!.by} does not run ${proof}`).toContain(proof);
  });

  it.each(commands)("$file: $command names what exists", ({ command }) => {
    for (const [, script] of command.matchAll(/npm run ([\w:-]+)/g))
      expect(packageJson.scripts, `npm run ${script}`).toHaveProperty(script!);
    for (const [, file] of command.matchAll(/(?:^|\s)((?:scripts|tests)\/[\w./-]+)/g))
      expect(existsSync(path.join(root, file!)), file).toBe(true);
    for (const [, built] of command.matchAll(/node build\/([\w-]+)\.js/g))
      expect(read("scripts/build-node.mjs"), `build/${built}.js`).toContain(`${built}`);
    for (const [, name] of command.matchAll(/-e ([A-Z][A-Z0-9_]+)=/g))
      expect(envNames, `the environment variable ${name}`).toContain(name);
    // A test filter must pick at least one test in the file it names.
    const filter = /(?:-g|-t) "([^"]+)"/.exec(command)?.[1];
    const file = /(tests\/[\w./-]+\.(?:test|spec)\.ts)/.exec(command)?.[1];
    if (filter && file)
      expect(read(file), `"${filter}" picks no test in ${file}`).toMatch(new RegExp(filter));
    const project = /--project=([\w-]+)/.exec(command)?.[1];
    if (project) expect(read("playwright.config.ts")).toContain(`name: "${project}"`);
  });
});
