import { spawnSync } from "node:child_process";

/**
 * The operator commands' bundles (build/admin-create.js and the rest, as `npm run build` makes them),
 * made afresh once for the run, so the tests that run them run the current source.
 */
export default function buildOperatorCommands() {
  const built = spawnSync(process.execPath, ["scripts/build-node.mjs"], { encoding: "utf8" });
  if (built.status !== 0) throw new Error(`scripts/build-node.mjs failed:\n${built.stderr}`);
}
