import type { TaskReport } from "~/platform/tasks.server";
import { elapsed, timeAgo } from "~/platform/text/dates";

/** How a task stands, in a sentence: when it last ran (and how that went), and when it runs next. */
function standing(task: TaskReport, now: number): string {
  const ago = (at: Date) => timeAgo(at, now);
  const parts: string[] = [];
  if (task.running) parts.push("Running now");
  else if (task.lastRunAt) parts.push(`${task.lastError ? "Failed" : "Last ran"} ${ago(task.lastRunAt)}`);
  else parts.push("Not run yet");
  if (task.nextRunAt && !task.running)
    parts.push(`next in ${elapsed(Math.max(1, (task.nextRunAt.getTime() - now) / 1000))}`);
  return parts.join(" · ");
}

/**
 * The site's background work (the task registry's report) for the owner: each task's last run and
 * next one, and a failing task's error until it succeeds again.
 */
export function TaskList({ tasks, now }: { tasks: TaskReport[]; now: number }) {
  return (
    <ul className="divide-y divide-border rounded-xl border border-border text-sm">
      {tasks.map((task) => (
        <li key={task.name} className="flex items-start gap-3 px-4 py-3">
          <span
            aria-hidden
            className={`mt-1.5 size-2 shrink-0 rounded-full ${task.lastError ? "bg-destructive" : "bg-secondary"}`}
          />
          <div className="min-w-0">
            <p className="font-medium">{task.label}</p>
            <p className={`mt-0.5 ${task.lastError ? "text-destructive" : "text-muted"}`}>
              {standing(task, now)}
            </p>
            {task.lastError && <p className="mt-1 break-words text-destructive">{task.lastError}</p>}
          </div>
        </li>
      ))}
    </ul>
  );
}
