import { readFileSync, writeFileSync } from "node:fs";

/** A process's resident set now and at its peak (VmRSS and VmHWM in /proc/<pid>/status), in bytes. */
export function memoryOf(pid: number) {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  const kb = (name: string) => Number(new RegExp(`${name}:\\s+(\\d+) kB`).exec(status)?.[1] ?? 0) * 1024;
  return { rss: kb("VmRSS"), peak: kb("VmHWM") };
}

/**
 * Runs `work` and returns its result with how far process `pid`'s resident set rose above where it
 * was when `work` began: its peak is reset first (writing 5 to /proc/<pid>/clear_refs), or, where that
 * is not allowed, sampled every 10 ms (which may miss a short peak).
 */
export async function peakGrowth<T>(
  pid: number,
  work: () => Promise<T>,
): Promise<{ result: T; growth: number }> {
  let sampled = 0;
  let sampler: NodeJS.Timeout | undefined;
  try {
    writeFileSync(`/proc/${pid}/clear_refs`, "5");
  } catch {
    sampler = setInterval(() => (sampled = Math.max(sampled, memoryOf(pid).rss)), 10);
  }
  const before = memoryOf(pid).rss;
  try {
    const result = await work();
    const peak = sampler ? Math.max(sampled, memoryOf(pid).rss) : memoryOf(pid).peak;
    return { result, growth: peak - before };
  } finally {
    clearInterval(sampler);
  }
}
