import path from "node:path";
import { Worker } from "node:worker_threads";

import { setType, type TypesetJob } from "./typeset-engine.server";
import type { TypesetAnswer } from "./typeset-worker";

export { TYPESET_FACES } from "./typeset-engine.server";

/**
 * Sets type into an SVG in the brand's faces, every glyph drawn as a path: the SVG renders the same
 * wherever it is rasterised (sharp, a browser), with no font installed. Used for the images the site
 * draws itself: social cards, covers, artwork. `node` is a satori element tree (a React element or
 * plain `{ type, props }` objects; flexbox layout, inline styles).
 */
export async function typeset(node: unknown, size: { width: number; height: number }): Promise<string> {
  return run({ node: plainTree(node), ...size });
}

/**
 * The height `node` takes when set `width` wide (satori lays it out with the height left open): how
 * many lines a title runs to at a given size, so an image can shrink it until it fits.
 */
export async function typesetHeight(node: unknown, width: number): Promise<number> {
  const svg = await run({ node: plainTree(node), width });
  return Number(/^<svg[^>]*\sheight="([\d.]+)"/.exec(svg)?.[1] ?? 0);
}

/**
 * A React element tree as the plain `{ type, props }` objects satori also reads, so it can be posted
 * to the worker: components are called here (as satori would call them), React's own marks dropped.
 */
export function plainTree(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(plainTree);
  if (node === null || typeof node !== "object") return typeof node === "function" ? undefined : node;
  const { type, props } = node as { type?: unknown; props?: Record<string, unknown> };
  if (type === undefined) return node;
  if (typeof type === "function") return plainTree((type as (p: unknown) => unknown)(props ?? {}));
  // A fragment (its type is a symbol) is only its children.
  if (typeof type === "symbol") return plainTree(props?.children);
  const { children, ...rest } = props ?? {};
  return { type, props: children === undefined ? rest : { ...rest, children: plainTree(children) } };
}

/** The worker as the build leaves it; run from the sources (development, tests) type is set here. */
const TYPESET_WORKER = path.resolve("build/typeset.js");
/** Far more than the fonts and the largest card need. */
const TYPESET_MEMORY_MB = 256;

let worker: Worker | undefined;
let nextId = 0;
const waiting = new Map<number, { resolve: (svg: string) => void; reject: (error: Error) => void }>();

function run(job: TypesetJob): Promise<string> {
  if (process.env.NODE_ENV !== "production") return setType(job);
  const id = nextId++;
  return new Promise<string>((resolve, reject) => {
    waiting.set(id, { resolve, reject });
    const current = typesetWorker();
    current.ref();
    current.postMessage({ id, job });
  });
}

/** One worker for the whole process, started on first use and again after it ends. */
function typesetWorker(): Worker {
  if (worker) return worker;
  const started = new Worker(TYPESET_WORKER, {
    resourceLimits: { maxOldGenerationSizeMb: TYPESET_MEMORY_MB },
  });
  started.on("message", (answer: TypesetAnswer) => {
    const job = waiting.get(answer.id);
    waiting.delete(answer.id);
    // An idle worker must not keep the process alive (a command that drew a card can exit).
    if (waiting.size === 0) started.unref();
    if (!job) return;
    if ("svg" in answer) job.resolve(answer.svg);
    else job.reject(new Error(answer.failed));
  });
  const end = (error: Error) => {
    if (worker === started) worker = undefined;
    for (const job of waiting.values()) job.reject(error);
    waiting.clear();
  };
  started.on("error", end);
  started.on("exit", (code) => end(new Error(`The typesetting worker stopped (exit ${code})`)));
  worker = started;
  return started;
}
