import { useRouteLoaderData } from "react-router";

import type { BackupStatus } from "~/features/backups/backup.server";
import { timeAgo } from "~/platform/text/dates";

/**
 * Where the off-site copy stands: all copied, how far behind, or a warning when it is more than a
 * few minutes behind or Litestream is not running. `now` comes from the loader, so the page reads
 * the same on the server and in the browser.
 */
export function BackupStatusNotice({ status, now }: { status: BackupStatus; now: number }) {
  if (!status.enabled) {
    return (
      <p className="text-sm text-muted">
        Off-site backup is not set up: nothing is copied off this machine yet. Whoever runs the server can
        turn it on (the operations guide says how), and then every change and upload is copied within seconds.
        Until then, keep a copy yourself:{" "}
        <a href="/admin/import" className="font-semibold text-primary underline">
          download the whole site
        </a>{" "}
        now and then; importing that file puts it all back.
      </p>
    );
  }
  const copied = status.replicatedAt ? timeAgo(status.replicatedAt, now) : null;
  let tone: "ok" | "warn" = "ok";
  let headline: string;
  let detail: string | null = null;
  if (!status.running) {
    tone = "warn";
    headline = "Off-site backup is not running.";
    detail = "It is restarted automatically; if this stays, check the server log.";
  } else if (status.stale) {
    tone = "warn";
    headline =
      copied === null
        ? "Off-site backup has not copied anything yet."
        : `Off-site backup is behind: last copied ${copied}.`;
    detail = "Changes made since then are only on this machine. Check the server log.";
  } else if (status.idle) {
    headline = "Off-site backup is on: nothing has changed since it started.";
  } else if (status.lagSeconds === 0) {
    headline = `Off-site backup: every change is copied (checked ${copied ?? "just now"}).`;
  } else {
    headline = `Off-site backup: last copied ${copied ?? "just now"}.`;
  }
  return (
    <div
      role={tone === "warn" ? "alert" : "status"}
      className={`flex items-start gap-3 rounded-xl border px-4 py-3 text-sm ${
        tone === "warn" ? "border-destructive text-destructive" : "border-border"
      }`}
    >
      <span
        aria-hidden
        className={`mt-1.5 size-2 shrink-0 rounded-full ${tone === "warn" ? "bg-destructive" : "bg-secondary"}`}
      />
      <div>
        <p className="font-semibold">{headline}</p>
        {detail && <p className="mt-1">{detail}</p>}
        {status.lastError && <p className="mt-1 break-words">Last problem: {status.lastError}</p>}
        <p className="mt-1 text-muted">
          Copied to <code className="break-all">{status.replica}</code>
        </p>
      </div>
    </div>
  );
}

/**
 * Above every admin page when the off-site copy is behind or stopped; reads the admin layout's loader
 * (`staleBackup()`), so the layout renders it with one line.
 */
export function BackupStaleWarning() {
  const frame = useRouteLoaderData<{ staleBackup?: BackupStatus | null; backupCheckedAt?: number }>(
    "features/admin/layout",
  );
  const status = frame?.staleBackup;
  if (!status?.enabled || !status.stale) return null;
  return (
    <div className="mb-6">
      <BackupStatusNotice status={status} now={frame?.backupCheckedAt ?? 0} />
    </div>
  );
}
