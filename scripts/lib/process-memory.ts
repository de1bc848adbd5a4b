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

/**
 * Watches process `pid`'s resident set from now until `stop()`, which returns the highest it reached:
 * the kernel's own peak (VmHWM, reset first through /proc/<pid>/clear_refs) where that is allowed,
 * and samples every `everyMs` as well (or only, where it is not).
 */
export function watchPeak(pid: number, everyMs = 20) {
  let kernelPeak = true;
  try {
    writeFileSync(`/proc/${pid}/clear_refs`, "5");
  } catch {
    kernelPeak = false;
  }
  let sampled = memoryOf(pid).rss;
  const sampler = setInterval(() => {
    try {
      sampled = Math.max(sampled, memoryOf(pid).rss);
    } catch {
      // The process is gone: keep what was seen.
    }
  }, everyMs);
  return {
    stop: () => {
      clearInterval(sampler);
      const now = memoryOf(pid);
      return Math.max(sampled, now.rss, kernelPeak ? now.peak : 0);
    },
  };
}
