import type { SendProgress } from "~/features/newsletter/newsletter-send.server";

/** A send's e-mails as a bar and in words: sent, waiting their turn, failed. */
export function SendProgressBar({ progress }: { progress: SendProgress }) {
  const { total, sent, failed, queued } = progress;
  const share = (n: number) => `${total ? (n / total) * 100 : 0}%`;
  return (
    <div className="mt-4">
      <div className="flex h-2.5 overflow-hidden rounded-full bg-border" aria-hidden="true">
        <div className="bg-secondary" style={{ width: share(sent) }} />
        <div className="bg-destructive" style={{ width: share(failed) }} />
      </div>
      <dl className="mt-3 flex flex-wrap gap-x-6 gap-y-1 text-sm">
        {(
          [
            ["Sent", sent, "text-secondary"],
            ["Queued", queued, "text-fg"],
            ["Failed", failed, failed ? "text-destructive" : "text-fg"],
          ] as const
        ).map(([label, n, tone]) => (
          <div key={label} className="flex gap-1.5">
            <dt className="text-muted">{label}</dt>
            <dd className={`font-semibold tabular-nums ${tone}`}>{n.toLocaleString("en-IE")}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}
