// The npm scripts run Node through scripts/project-node.mjs, so a shell whose `node` is the machine's
// other Node neither crashes in the native SQLite module ("Segmentation fault") nor runs half a
// command: the launcher starts the project's Node from .node/ or says in one sentence what to run.
// Each case runs the launcher in a copy of the project's frame (its .nvmrc, its .node/) with a PATH
// whose `node` is not the Node that copy asks for.
import { spawn } from "node:child_process";
import {
  chmodSync,
  copyFileSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

import { describe, expect, it } from "vitest";

const root = path.resolve(import.meta.dirname, "../../..");
const thisMajor = process.versions.node.split(".")[0]!;

/** A project folder holding the launcher, an .nvmrc asking for `wanted` and a file that prints its arguments. */
function projectFrame(wanted: string): string {
  const dir = mkdtempSync(path.join(tmpdir(), "agency-project-node-"));
  mkdirSync(path.join(dir, "scripts"));
  copyFileSync(path.join(root, "scripts/project-node.mjs"), path.join(dir, "scripts/project-node.mjs"));
  writeFileSync(path.join(dir, ".nvmrc"), `${wanted}\n`);
  writeFileSync(path.join(dir, "show.mjs"), "console.log(JSON.stringify(process.argv.slice(1)));\n");
  // The shell's `node`: this Node, which the frame's .nvmrc may or may not ask for.
  mkdirSync(path.join(dir, "shell-bin"));
  symlinkSync(process.execPath, path.join(dir, "shell-bin/node"));
  return dir;
}

/** Runs `node scripts/project-node.mjs <args>` in `dir` as an npm script does: through sh, node from PATH. */
function launch(dir: string, args: string): Promise<{ status: number | null; out: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn("sh", ["-c", `node scripts/project-node.mjs ${args}`], {
      cwd: dir,
      env: { PATH: `${path.join(dir, "shell-bin")}:/usr/bin:/bin`, HOME: dir },
    });
    let out = "";
    child.stdout.setEncoding("utf8").on("data", (chunk: string) => (out += chunk));
    child.stderr.setEncoding("utf8").on("data", (chunk: string) => (out += chunk));
    child.on("error", reject);
    child.on("close", (status) => resolve({ status, out }));
  });
}

describe("npm scripts run on the project's Node", () => {
  it("every script that runs Node runs it through scripts/project-node.mjs", () => {
    const { scripts } = JSON.parse(readFileSync(path.join(root, "package.json"), "utf8")) as {
      scripts: Record<string, string>;
    };
    const direct: string[] = [];
    for (const [name, command] of Object.entries(scripts)) {
      for (const step of command.split("&&")) {
        const words = step.trim().replace(/^([A-Z_]+=\S+\s+)+/, "");
        // npm runs another script (checked on its own); bash scripts source use-node.sh themselves.
        if (/^(npm|bash) /.test(words) || words.startsWith("node scripts/project-node.mjs ")) continue;
        direct.push(`${name}: ${words}`);
      }
    }
    expect(direct).toEqual([]);
    expect(readFileSync(path.join(root, "scripts/test.sh"), "utf8")).toContain(". scripts/use-node.sh");
  });

  it("on the project's Node, runs the file with the arguments it would have had from `node <file>`", async () => {
    const dir = projectFrame(thisMajor);
    const { status, out } = await launch(dir, "show.mjs --username 'Aoife Byrne'");
    expect(status).toBe(0);
    expect(JSON.parse(out)).toEqual([path.join(dir, "show.mjs"), "--username", "Aoife Byrne"]);
  });

  it("on another Node with no project Node installed, stops with one sentence saying what to run", async () => {
    const dir = projectFrame("99");
    const { status, out } = await launch(dir, "show.mjs");
    expect(status).toBe(1);
    expect(out.trim().split("\n")).toEqual([
      `This project runs on Node 99 and this shell's node is Node ${thisMajor}: run \`. scripts/use-node.sh\` ` +
        "(it installs Node 99 into .node/ once), then the same command again.",
    ]);
  });

  it("on another Node, starts itself again on the Node in .node/ and passes on its exit status", async () => {
    const dir = projectFrame("99");
    // Stands in for the Node that use-node.sh installs: says what it was asked to run, and where.
    const projectBin = path.join(dir, ".node/node_modules/.bin");
    mkdirSync(projectBin, { recursive: true });
    writeFileSync(
      path.join(projectBin, "node"),
      '#!/bin/sh\necho "project node: $*"\necho "PATH starts: ${PATH%%:*}"\nexit 3\n',
    );
    chmodSync(path.join(projectBin, "node"), 0o755);
    const { status, out } = await launch(dir, "show.mjs --reset");
    expect(status).toBe(3);
    expect(out).toContain(`project node: ${path.join(dir, "scripts/project-node.mjs")} show.mjs --reset`);
    expect(out).toContain(`PATH starts: ${projectBin}`);
  });

  it("does not start itself again when .node/ holds another Node than the one asked for", async () => {
    const dir = projectFrame("99");
    const projectBin = path.join(dir, ".node/node_modules/.bin");
    mkdirSync(projectBin, { recursive: true });
    symlinkSync(process.execPath, path.join(projectBin, "node"));
    const { status, out } = await launch(dir, "show.mjs");
    expect(status).toBe(1);
    expect(out).toContain("This project runs on Node 99");
  });
});
