import { log } from "./log.server";

/**
 * The one owner of the site's background work: every timer (scheduled posts, the job queue, the
 * newsletter's pace, retention, analytics roll-ups, the backup's checks), every delayed or one-off
 * piece of work (drawing artwork and social cards). It starts them with the server, stops them
 * (waiting for what is under way) before the database closes, and keeps what each last did for
 * /healthz and the admin.
 */

export type Task = {
  /** A short key: "posts", "jobs", "retention"… */
  name: string;
  /** What it does, as the admin lists it. */
  label: string;
  /** Milliseconds from the end of one run to the next: fixed, or worked out after each run. */
  every: number | (() => number);
  run: () => unknown;
  /** Run once as soon as the tasks start (otherwise first after `every`). */
  atStart?: boolean;
  /** Before the first run: e.g. give up what a crash left half done. */
  start?: () => unknown;
  /** After the timer is cleared and the run under way has ended: e.g. close connections. */
  stop?: () => unknown;
};

export type TaskReport = {
  name: string;
  label: string;
  running: boolean;
  runs: number;
  failures: number;
  lastRunAt: Date | null;
  /** The last run's error, until a run succeeds. */
  lastError: string | null;
  nextRunAt: Date | null;
};

type State = {
  task?: Task;
  label: string;
  timer?: NodeJS.Timeout;
  nextRunAt: Date | null;
  inFlight: Set<Promise<unknown>>;
  runs: number;
  failures: number;
  lastRunAt: Date | null;
  lastError: string | null;
  /** Asked to run while running: once more right after. */
  again: boolean;
  /** One-off work waiting for its turn (`inBackground` with `oneAtATime`). */
  waiting: { start: () => void; drop: () => void }[];
};

const states = new Map<string, State>();
let started = false;
/**
 * Aborted by a stop (then replaced for the work begun after it): one-off work under way (a cover
 * being drawn) hears it between its steps and ends there, so a stop waits for a step, not for the
 * whole piece. What it would have made is made again at the next start.
 */
let stop = new AbortController();

function stateOf(name: string, label = name): State {
  let state = states.get(name);
  if (!state) {
    state = {
      label,
      nextRunAt: null,
      inFlight: new Set(),
      runs: 0,
      failures: 0,
      lastRunAt: null,
      lastError: null,
      again: false,
      waiting: [],
    };
    states.set(name, state);
  }
  return state;
}

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** Runs `work` as part of `state`, counting it and keeping its outcome; never rejects. */
function track(state: State, name: string, work: (stopped: AbortSignal) => unknown): Promise<void> {
  const stopped = stop.signal;
  const done = (async () => {
    try {
      await work(stopped);
      state.lastError = null;
    } catch (error) {
      if (stopped.aborted) return; // ended by the stop, not failed
      state.failures += 1;
      state.lastError = messageOf(error);
      log.error({ err: error, task: name }, `Background task "${state.label}" failed`);
    } finally {
      state.runs += 1;
      state.lastRunAt = new Date();
    }
  })();
  state.inFlight.add(done);
  void done.finally(() => state.inFlight.delete(done));
  return done;
}

function schedule(state: State, task: Task, ms: number) {
  clearTimeout(state.timer);
  if (!started || state.task !== task) return;
  state.nextRunAt = new Date(Date.now() + ms);
  state.timer = setTimeout(() => void runNow(task.name), ms);
  state.timer.unref();
}

function delayOf(task: Task): number {
  return typeof task.every === "number" ? task.every : task.every();
}

async function runNow(name: string): Promise<void> {
  const state = states.get(name);
  const task = state?.task;
  if (!state || !task) return;
  if (state.inFlight.size) {
    state.again = true;
    return Promise.all([...state.inFlight]).then(() => undefined);
  }
  clearTimeout(state.timer);
  state.nextRunAt = null;
  await track(state, name, () => task.run());
  if (state.again) {
    state.again = false;
    if (started) return runNow(name);
  }
  let delay: number;
  try {
    delay = delayOf(task);
  } catch (error) {
    log.error({ err: error, task: name }, `Background task "${state.label}" could not say when to run next`);
    delay = 60_000;
  }
  schedule(state, task, delay);
}

/** Adds a recurring task (replacing one of the same name); started at once if the tasks are running. */
export function defineTask(task: Task) {
  const state = stateOf(task.name, task.label);
  clearTimeout(state.timer);
  state.task = task;
  state.label = task.label;
  if (started) startOne(task);
}

/** Removes a recurring task (a backup switched off): its timer goes, a run under way finishes. */
export async function removeTask(name: string) {
  const state = states.get(name);
  if (!state?.task) return;
  clearTimeout(state.timer);
  const task = state.task;
  state.task = undefined;
  state.nextRunAt = null;
  await Promise.all([...state.inFlight]);
  await task.stop?.();
}

function startOne(task: Task) {
  try {
    task.start?.();
  } catch (error) {
    log.error({ err: error, task: task.name }, `Background task "${task.label}" could not start`);
  }
  if (task.atStart ?? true) void runNow(task.name);
  else schedule(stateOf(task.name), task, delayOf(task));
}

/** Starts every task defined (and any defined later). */
export function startTasks() {
  if (started) return;
  started = true;
  for (const state of states.values()) if (state.task) startOne(state.task);
}

/** Runs a task now instead of at its time (a post was scheduled, an e-mail queued). */
/** Whether the tasks are stopping (or not started): long work checks it between its steps and ends. */
export const tasksStopping = () => !started;

export function runTask(name: string): Promise<void> {
  return started ? runNow(name) : Promise.resolve();
}

/**
 * One-off work in the background under `name` ("artwork", "social-cards"), tracked like a run of a
 * task: counted, its failure kept, waited for by `stopTasks` and `tasksSettled`. Work that takes
 * long checks `stopped` between its steps (`stopped.throwIfAborted()`).
 */
export function inBackground(
  name: string,
  label: string,
  work: (stopped: AbortSignal) => unknown,
  /** One piece of this work at a time, the rest waiting their turn (a stop drops those not begun). */
  { oneAtATime = false } = {},
): Promise<void> {
  const state = stateOf(name, label);
  if (!oneAtATime) return track(state, name, work);
  return new Promise<void>((resolve) => {
    const start = () => {
      void track(state, name, work).then(() => {
        resolve();
        state.waiting.shift()?.start();
      });
    };
    if (state.inFlight.size === 0 && state.waiting.length === 0) start();
    else state.waiting.push({ start, drop: resolve });
  });
}

/**
 * Work after a pause, keyed so that asking again before it starts moves it later (a debounce: a post
 * saved five times in a minute draws its card once), but never more than `maxWait` after the first
 * ask. Resolves when the work has run (or was dropped by a stop).
 */
type Delayed = {
  timer: NodeJS.Timeout;
  since: number;
  run: () => void;
  done: Promise<void>;
  drop: () => void;
};
const delayed = new Map<string, Delayed>();
export function later(
  name: string,
  label: string,
  key: string,
  { wait, maxWait = Infinity }: { wait: number; maxWait?: number },
  work: (stopped: AbortSignal) => unknown,
): Promise<void> {
  const id = `${name}:${key}`;
  const before = delayed.get(id);
  if (before) {
    clearTimeout(before.timer);
    before.timer = setTimeout(before.run, Math.min(wait, Math.max(0, before.since + maxWait - Date.now())));
    before.timer.unref();
    return before.done;
  }
  let resolve!: () => void;
  const done = new Promise<void>((r) => (resolve = r));
  const entry: Delayed = {
    since: Date.now(),
    timer: setTimeout(() => entry.run(), wait),
    done,
    drop: resolve,
    run: () => {
      clearTimeout(entry.timer);
      if (delayed.get(id) === entry) delayed.delete(id);
      void inBackground(name, label, work).then(resolve);
    },
  };
  entry.timer.unref();
  delayed.set(id, entry);
  return done;
}

/** Every run and piece of background work under way now. */
const workUnderWay = () => [...states.values()].flatMap((state) => [...state.inFlight]);

/** Resolves when no task is running and no background work is under way (delayed work is run now). */
export async function tasksSettled() {
  for (;;) {
    for (const { timer, run } of [...delayed.values()]) {
      clearTimeout(timer);
      run();
    }
    const inFlight = workUnderWay();
    if (!inFlight.length && !delayed.size) return;
    await Promise.all(inFlight);
    // Work waiting its turn starts as the one before it ends, so the next look sees it in flight.
  }
}

/**
 * Stops every timer and waits for the work under way (at most `within` ms: a stop must not hang on a
 * slow mail server or a long drawing), then each task's own stop. Delayed work not yet begun is
 * dropped: what it would have made is made again at the next start.
 */
export async function stopTasks({ within = 5000 } = {}) {
  started = false;
  stop.abort();
  stop = new AbortController();
  for (const state of states.values()) {
    clearTimeout(state.timer);
    state.nextRunAt = null;
  }
  for (const { timer, drop } of delayed.values()) {
    clearTimeout(timer);
    drop();
  }
  delayed.clear();
  for (const state of states.values()) for (const { drop } of state.waiting.splice(0)) drop();
  const inFlight = workUnderWay();
  let deadline: NodeJS.Timeout | undefined;
  const late = await Promise.race([
    Promise.all(inFlight).then(() => false),
    new Promise<boolean>((resolve) => (deadline = setTimeout(() => resolve(true), within))),
  ]);
  clearTimeout(deadline);
  if (late) log.warn(`Stopping with background work still under way after ${within / 1000} s`);
  for (const state of states.values()) await state.task?.stop?.();
}

/** Recurring tasks first, in the order they were defined; then one-off and delayed work. */
export function taskReport(): TaskReport[] {
  const entries = [...states.entries()];
  const ordered = [...entries.filter(([, s]) => s.task), ...entries.filter(([, s]) => !s.task)];
  return ordered.map(([name, state]) => ({
    name,
    label: state.label,
    running: state.inFlight.size > 0,
    runs: state.runs,
    failures: state.failures,
    lastRunAt: state.lastRunAt,
    lastError: state.lastError,
    nextRunAt: state.nextRunAt,
  }));
}

/**
 * The tasks as /healthz shows them to anyone: whether each last run went well and when it was, and
 * whether background work is under way (no error messages: those are for the owner's screen).
 */
export function taskHealth() {
  const tasks = Object.fromEntries(
    taskReport().map((task) => [
      task.name,
      { ok: task.lastError === null, runs: task.runs, lastRunAt: task.lastRunAt?.toISOString() ?? null },
    ]),
  );
  const busy =
    delayed.size > 0 ||
    [...states.values()].some((state) => state.inFlight.size > 0 || state.waiting.length > 0);
  return { tasks, background: busy ? ("busy" as const) : ("idle" as const) };
}
