import { afterEach, describe, expect, it, vi } from "vitest";

import {
  defineTask,
  inBackground,
  later,
  removeTask,
  runTask,
  startTasks,
  stopTasks,
  taskHealth,
  taskReport,
  tasksSettled,
} from "~/platform/tasks.server";

const reportOf = (name: string) => taskReport().find((task) => task.name === name)!;

afterEach(async () => {
  await stopTasks();
  for (const { name } of taskReport()) await removeTask(name);
});

describe("the task registry", () => {
  it("runs a task at start and again after its interval, and reports each run", async () => {
    let runs = 0;
    defineTask({ name: "count", label: "Counts", every: 20, run: () => runs++ });
    startTasks();
    expect(runs).toBe(1);
    await vi.waitFor(() => expect(runs).toBeGreaterThanOrEqual(3));
    const report = reportOf("count");
    expect(report).toMatchObject({ label: "Counts", failures: 0, lastError: null });
    expect(report.runs).toBeGreaterThanOrEqual(3);
    expect(report.lastRunAt).toBeInstanceOf(Date);
    expect(taskHealth().tasks.count).toMatchObject({ ok: true });
  });

  it("keeps a failure until a run succeeds, and keeps running", async () => {
    let fail = true;
    defineTask({
      name: "flaky",
      label: "Fails once",
      every: 10,
      run: () => {
        if (fail) throw new Error("The mail server said no");
      },
    });
    startTasks();
    await vi.waitFor(() => expect(reportOf("flaky").failures).toBe(1));
    expect(reportOf("flaky").lastError).toBe("The mail server said no");
    expect(taskHealth().tasks.flaky).toMatchObject({ ok: false });
    expect(JSON.stringify(taskHealth())).not.toContain("mail server");
    fail = false;
    await vi.waitFor(() => expect(reportOf("flaky").lastError).toBeNull());
  });

  it("works out the next run after each one, and runs at once when asked", async () => {
    let runs = 0;
    defineTask({ name: "asked", label: "Asked", every: () => 60_000, run: () => runs++ });
    startTasks();
    expect(runs).toBe(1);
    await vi.waitFor(() =>
      expect(reportOf("asked").nextRunAt!.getTime()).toBeGreaterThan(Date.now() + 50_000),
    );
    await runTask("asked");
    expect(runs).toBe(2);
  });

  it("asked while running, runs once more after that run", async () => {
    let release!: () => void;
    let runs = 0;
    defineTask({
      name: "slow",
      label: "Slow",
      every: 60_000,
      run: async () => {
        runs++;
        if (runs === 1) await new Promise<void>((resolve) => (release = resolve));
      },
    });
    startTasks();
    const again = runTask("slow");
    void runTask("slow");
    expect(runs).toBe(1);
    release();
    await again;
    await vi.waitFor(() => expect(runs).toBe(2));
  });

  it("stops: waits for the run under way, then the task's own stop; nothing runs after", async () => {
    const events: string[] = [];
    let release!: () => void;
    defineTask({
      name: "mail",
      label: "Sends",
      every: 10,
      run: async () => {
        events.push("run");
        await new Promise<void>((resolve) => (release = resolve));
        events.push("sent");
      },
      stop: () => events.push("stop"),
    });
    startTasks();
    const stopped = stopTasks();
    release();
    await stopped;
    expect(events).toEqual(["run", "sent", "stop"]);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(events).toEqual(["run", "sent", "stop"]);
  });

  it("does delayed work once for a burst of asks, never later than its longest wait", async () => {
    // On a fake clock: the asks' spacing is exact however busy the machine is.
    vi.useFakeTimers();
    try {
      let drawn = 0;
      const ask = () => later("cards", "Draws", "post:1", { wait: 40, maxWait: 100 }, () => drawn++);
      const first = ask();
      for (let i = 0; i < 5; i++) {
        await vi.advanceTimersByTimeAsync(10);
        void ask();
      }
      await vi.advanceTimersByTimeAsync(40);
      await first;
      expect(drawn).toBe(1);
      expect(taskHealth().background).toBe("idle");

      // Asked again every 20 ms, it still runs by maxWait.
      const kept = ask();
      for (let elapsed = 0; elapsed < 100; elapsed += 20) {
        void ask();
        await vi.advanceTimersByTimeAsync(20);
      }
      await kept;
      expect(drawn).toBe(2);
    } finally {
      vi.useRealTimers();
    }
    await tasksSettled();
  });

  it("tracks one-off work: busy while it runs, its failure kept; settled waits for it", async () => {
    let release!: () => void;
    const work = inBackground("artwork", "Draws covers", () => new Promise<void>((r) => (release = r)));
    expect(taskHealth().background).toBe("busy");
    const settled = tasksSettled();
    release();
    await settled;
    await work;
    expect(taskHealth().background).toBe("idle");
    await inBackground("artwork", "Draws covers", () => {
      throw new Error("no disk");
    });
    expect(reportOf("artwork")).toMatchObject({ failures: 1, lastError: "no disk" });
  });

  it("tells one-off work under way of a stop, which ends it between steps and is no failure", async () => {
    const steps: number[] = [];
    let stepDone!: () => void;
    const work = inBackground("covers", "Draws covers", async (stopped) => {
      for (let step = 1; step <= 3; step++) {
        stopped.throwIfAborted();
        steps.push(step);
        await new Promise<void>((resolve) => (stepDone = resolve));
      }
    });
    expect(steps).toEqual([1]);
    const stopping = stopTasks();
    stepDone();
    await stopping;
    await work;
    expect(steps).toEqual([1]);
    expect(reportOf("covers")).toMatchObject({ failures: 0, lastError: null });
    // Work begun after the stop hears of the next one, not of that one.
    let ran = false;
    await inBackground("covers", "Draws covers", (stopped) => {
      stopped.throwIfAborted();
      ran = true;
    });
    expect(ran).toBe(true);
  });

  it("does one-at-a-time work in turn, and a stop drops what has not begun", async () => {
    const order: string[] = [];
    let release!: () => void;
    const first = inBackground(
      "covers",
      "Draws covers",
      async () => {
        order.push("a");
        await new Promise<void>((resolve) => (release = resolve));
      },
      { oneAtATime: true },
    );
    void inBackground("covers", "Draws covers", () => order.push("b"), { oneAtATime: true });
    void inBackground("covers", "Draws covers", () => order.push("c"), { oneAtATime: true });
    expect(order).toEqual(["a"]);
    expect(taskHealth().background).toBe("busy");
    const stopped = stopTasks();
    release();
    await stopped;
    await first;
    expect(order).toEqual(["a"]);
    expect(taskHealth().background).toBe("idle");
  });
});
