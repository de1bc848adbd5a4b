import { type MouseEvent, useEffect, useId, useRef, useState } from "react";
import { useFetcher, useLocation } from "react-router";

/** Where the editors' links are made, listed and revoked (features/preview-links, admin-preview-links). */
const ENDPOINT = "/admin/preview-links";
/** The panel's own form: outside the editor's (forms do not nest), its fields joined to it by `form`. */
const FORM_ID = "share-preview-form";
const EXPIRY_DAYS = [1, 3, 7, 14, 30, 90];

type Listed = { id: string; createdAt: string; expiresAt: string; lastOpenedAt: string | null };
type Answer = { url?: string; expiresAt?: string; revoked?: boolean; error?: string };
/** What the editor's loader read: the live links, and what a form sent without JavaScript answered. */
export type SharePanelStart = { links: Listed[]; outcome: Answer | null };

/** The share panel's form, empty: put it after the editor's form. */
export function SharePreviewForm() {
  return <form id={FORM_ID} method="post" action={ENDPOINT} hidden />;
}

const inDublin = (iso: string) =>
  new Date(iso).toLocaleString("en-IE", {
    timeZone: "Europe/Dublin",
    day: "numeric",
    month: "short",
    hour: "2-digit",
    minute: "2-digit",
  });

const button =
  "inline-flex min-h-10 items-center justify-center rounded-full border border-border px-4 text-sm font-semibold hover:border-primary disabled:opacity-60";

/**
 * "Share a preview" in an editor: makes a link that shows the latest saved draft to anyone who has it,
 * without signing in, for the days chosen (7 unless changed, at most 90); lists the live links with when
 * each was last opened, each with Revoke. It sits inside the editor's form, so its fields belong to
 * SharePreviewForm; without JavaScript that form is sent and the editor comes back showing the outcome.
 */
export function SharePreview({
  kind,
  target,
  start,
}: {
  kind: "post" | "case-study" | "page";
  target: string;
  start?: SharePanelStart;
}) {
  const list = useFetcher<{ links?: Listed[]; error?: string }>();
  const act = useFetcher<Answer>();
  const [days, setDays] = useState("7");
  const [copied, setCopied] = useState(false);
  const made = useRef<HTMLTextAreaElement>(null);
  const id = useId();
  const query = `${ENDPOINT}?${new URLSearchParams({ kind, target })}`;
  const { load } = list;
  const location = useLocation();

  useEffect(() => {
    void load(query);
  }, [load, query]);
  // After sharing or revoking, the list is read again; a new link is selected, ready to copy.
  useEffect(() => {
    if (act.state !== "idle" || !act.data) return;
    void load(query);
    if (act.data.url) made.current?.select();
  }, [act.state, act.data, load, query]);

  const send = (event: MouseEvent, values: Record<string, string>) => {
    event.preventDefault();
    setCopied(false);
    void act.submit({ kind, target, ...values }, { method: "post", action: ENDPOINT });
  };
  const links = list.data?.links ?? start?.links ?? [];
  const answer = act.data ?? start?.outcome ?? undefined;
  const busy = act.state !== "idle";

  return (
    <section aria-labelledby={`${id}-heading`} className="mt-2 grid gap-3 border-t border-border pt-5">
      <h3 id={`${id}-heading`} className="font-semibold">
        Share a preview
      </h3>
      <p className="text-sm text-muted">
        Anyone with the link sees the latest saved draft, without signing in, until it expires or you revoke
        it. Search engines never index it.
      </p>
      <input type="hidden" form={FORM_ID} name="kind" value={kind} />
      <input type="hidden" form={FORM_ID} name="target" value={target} />
      <input type="hidden" form={FORM_ID} name="back" value={`${location.pathname}${location.search}`} />
      <div className="flex flex-wrap items-end gap-3">
        <label htmlFor={`${id}-days`} className="grid gap-1 text-sm font-semibold">
          Works for
          <select
            id={`${id}-days`}
            form={FORM_ID}
            name="days"
            value={days}
            onChange={(event) => setDays(event.target.value)}
            className="min-h-10 rounded-xl border border-border bg-bg px-3 font-normal"
          >
            {EXPIRY_DAYS.map((count) => (
              <option key={count} value={count}>
                {count === 1 ? "1 day" : `${count} days`}
              </option>
            ))}
          </select>
        </label>
        <button
          type="submit"
          form={FORM_ID}
          name="intent"
          value="share"
          className={button}
          disabled={busy}
          onClick={(event) => send(event, { intent: "share", days })}
        >
          Make link
        </button>
      </div>
      <div aria-live="polite" className="grid gap-2 text-sm">
        {answer?.error && (
          <p role="alert" className="font-semibold text-accent">
            {answer.error}
          </p>
        )}
        {answer?.revoked && <p>Link revoked: it now opens a page saying so.</p>}
        {answer?.url && (
          <>
            <label htmlFor={`${id}-made`} className="font-semibold">
              New link (shown only now: copy it)
            </label>
            <div className="flex items-start gap-2">
              {/* Wrapped on lines, so the whole link shows in the narrow column, its token included. */}
              <textarea
                id={`${id}-made`}
                ref={made}
                readOnly
                rows={4}
                value={answer.url}
                onFocus={(event) => event.currentTarget.select()}
                className="field-sizing-content min-h-10 min-w-0 flex-1 resize-none rounded-xl border border-border bg-bg px-3 py-2 font-mono text-xs break-all"
              />
              <button
                type="button"
                className={button}
                onClick={() => {
                  void navigator.clipboard?.writeText(answer.url ?? "").then(() => setCopied(true));
                }}
              >
                {copied ? "Copied" : "Copy"}
              </button>
            </div>
            {answer.expiresAt && <p className="text-muted">Works until {inDublin(answer.expiresAt)}.</p>}
          </>
        )}
      </div>
      {links.length > 0 && (
        <>
          <h4 className="text-sm font-semibold">Live links</h4>
          <ul className="grid gap-2 text-sm">
            {links.map((link) => (
              <li
                key={link.id}
                className="flex flex-wrap items-center justify-between gap-2 rounded-xl border border-border py-1.5 pr-1.5 pl-3"
              >
                <span className="min-w-0">
                  Until {inDublin(link.expiresAt)} ·{" "}
                  <span className="text-muted">
                    {link.lastOpenedAt ? `last opened ${inDublin(link.lastOpenedAt)}` : "not opened yet"}
                  </span>
                </span>
                <button
                  type="submit"
                  form={FORM_ID}
                  name="revoke"
                  value={link.id}
                  className={button}
                  disabled={busy}
                  onClick={(event) => send(event, { intent: "revoke", id: link.id })}
                >
                  Revoke<span className="sr-only"> the link made {inDublin(link.createdAt)}</span>
                </button>
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
