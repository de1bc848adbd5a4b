import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

/**
 * One V8 code cache for the run (Node's NODE_COMPILE_CACHE), shared by every test worker and every
 * server or operator command they start: each is a new process that compiles the same node_modules
 * and build again, and the first to compile a module saves the others most of that (~0.1 core-second
 * a test file, ~0.25 a server start). The cache holds compiled code only, checked against its source;
 * what runs is the same.
 */
export default function compileCache() {
  if (process.env.NODE_COMPILE_CACHE) return;
  const dir = mkdtempSync(path.join(tmpdir(), "agency-compile-cache-"));
  process.env.NODE_COMPILE_CACHE = dir;
  return () => rmSync(dir, { recursive: true, force: true });
}
