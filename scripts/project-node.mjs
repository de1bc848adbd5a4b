// Runs a file (or a package's command from node_modules/.bin) on the project's Node, whatever `node`
// the shell has: every npm script that runs Node goes through here.
//   node scripts/project-node.mjs build/admin-create.js --username admin
//   node scripts/project-node.mjs tsx scripts/measure/bench.ts
// On the Node major in .nvmrc it becomes `node <file>` in this same process. On another one it starts itself
// again on the Node that `. scripts/use-node.sh` installed into .node/, or, when there is none, stops
// with one sentence saying what to run: the machine's other Node would load the native SQLite module
// built for Node 24 and die with nothing but "Segmentation fault".
// Written for any Node (no TypeScript, nothing newer than Node 14), since any Node may run it.
import { spawn } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const projectDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const wantedMajor = readFileSync(path.join(projectDir, ".nvmrc"), "utf8").trim();
const haveMajor = process.versions.node.split(".")[0];
const projectNode = path.join(projectDir, ".node", "node_modules", ".bin", "node");
// Set on the second start, so a .node/ holding the wrong Node stops instead of starting itself forever.
const RESTARTED = "PROJECT_NODE_RESTARTED";

const [target, ...args] = process.argv.slice(2);
if (!target) {
  console.error("Usage: node scripts/project-node.mjs <file or command> [arguments]");
  process.exit(2);
}

if (haveMajor === wantedMajor) {
  // A bare name is a package's command (tsx, react-router); anything else a file of the project.
  const bin = path.join(projectDir, "node_modules", ".bin", target);
  const file = !target.includes("/") && existsSync(bin) ? bin : path.resolve(target);
  if (process.execve) {
    // Becomes `node <file> ...` itself (same process): exactly what the script ran before.
    process.execve(process.execPath, [process.execPath, ...process.execArgv, file, ...args], process.env);
  }
  // Where a process cannot replace itself (Windows), the file runs here, seeing the arguments it
  // would have been given as `node <file> ...`.
  process.argv.splice(1, 2, file);
  await import(pathToFileURL(file).href);
} else if (existsSync(projectNode) && !process.env[RESTARTED]) {
  const child = spawn(projectNode, [fileURLToPath(import.meta.url), target, ...args], {
    stdio: "inherit",
    env: {
      ...process.env,
      [RESTARTED]: "1",
      // What the file starts in turn (a package's command, `npm run`) finds the same Node first.
      PATH: `${path.dirname(projectNode)}${path.delimiter}${process.env.PATH ?? ""}`,
    },
  });
  // Ctrl-C reaches the child from the terminal itself; a stop sent to this process alone is passed on.
  process.on("SIGINT", () => {});
  for (const signal of ["SIGTERM", "SIGHUP"]) process.on(signal, () => child.kill(signal));
  child.on("exit", (code, signal) => {
    if (!signal) process.exit(code ?? 1);
    process.removeAllListeners(signal);
    process.kill(process.pid, signal);
  });
} else {
  console.error(
    `This project runs on Node ${wantedMajor} and this shell's node is Node ${haveMajor}: ` +
      "run `. scripts/use-node.sh` (it installs Node " +
      `${wantedMajor} into .node/ once), then the same command again.`,
  );
  process.exit(1);
}
