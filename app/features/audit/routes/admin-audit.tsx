import { Form, Link } from "react-router";

import { auditPeople, listAudit } from "~/features/audit/audit.server";
import { AUDIT_GROUPS, AUDIT_KEEP_DAYS, type AuditGroup, auditLabel } from "~/features/audit/audit-actions";
import { pageMeta } from "~/platform/pages/seo";
import { momentInDublin } from "~/platform/text/dates";
import { inputClass } from "~/ui/forms/field";

import type { Route } from "./+types/admin-audit";

export const meta: Route.MetaFunction = () => pageMeta({ title: "Audit log", noindex: true });

/** A day typed in the filter (yyyy-mm-dd) as the instant it starts in Dublin. */
function dublinDay(value: string | null, plusDays = 0): Date | undefined {
  if (!value || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return undefined;
  const utc = new Date(`${value}T00:00:00Z`);
  if (Number.isNaN(utc.getTime())) return undefined;
  const offset =
    new Date(utc.toLocaleString("en-US", { timeZone: "Europe/Dublin" })).getTime() - utc.getTime();
  return new Date(utc.getTime() - offset + plusDays * 24 * 60 * 60 * 1000);
}

export function loader({ request }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  const group = params.get("group");
  const filter = {
    group: group && group in AUDIT_GROUPS ? (group as AuditGroup) : undefined,
    actorId: params.get("person")?.slice(0, 64) || undefined,
    text: params.get("q")?.trim().slice(0, 100) || undefined,
    from: dublinDay(params.get("from")),
    to: dublinDay(params.get("to"), 1),
    before: Number(params.get("before")) || undefined,
  };
  const { entries, more } = listAudit(filter);
  const next = new URLSearchParams(params);
  if (more) next.set("before", String(entries.at(-1)!.id));
  return {
    entries: entries.map((e) => ({
      id: e.id,
      at: momentInDublin(e.at, Date.now(), { seconds: true }),
      iso: e.at.toISOString(),
      actor: e.actor,
      known: Boolean(e.actorId),
      action: auditLabel(e.action),
      failed: e.action === "sign-in.failed",
      subject: e.subject,
      ip: e.ip,
    })),
    older: more ? `?${next}` : null,
    filtered: [...params.keys()].some((k) => k !== "before"),
    paged: params.has("before"),
    values: {
      group: filter.group ?? "",
      person: filter.actorId ?? "",
      q: filter.text ?? "",
      from: params.get("from") ?? "",
      to: params.get("to") ?? "",
    },
    people: auditPeople(),
  };
}

const label = "grid gap-1 text-sm font-medium";

export default function Audit({ loaderData: d }: Route.ComponentProps) {
  return (
    <section aria-labelledby="audit-heading" className="grid gap-6">
      <div>
        <h1 id="audit-heading" className="text-3xl font-bold tracking-tight">
          Audit log
        </h1>
        <p className="mt-2 text-muted">
          Who signed in, published, edited the site&apos;s content, worked on an enquiry, deleted, changed
          settings, exported or erased what, and when. Kept for a year ({AUDIT_KEEP_DAYS} days).
        </p>
      </div>
      <Form
        method="get"
        className="grid grid-cols-2 items-end gap-3 rounded-3xl border border-border bg-card p-4 sm:gap-4 sm:p-5 lg:grid-cols-[1fr_1fr_1.5fr_auto_auto_auto]"
      >
        <label className={label}>
          What
          <select name="group" defaultValue={d.values.group} className={inputClass}>
            <option value="">Everything</option>
            {Object.entries(AUDIT_GROUPS).map(([value, name]) => (
              <option key={value} value={value}>
                {name}
              </option>
            ))}
          </select>
        </label>
        <label className={label}>
          Who
          <select name="person" defaultValue={d.values.person} className={inputClass}>
            <option value="">Anyone</option>
            {d.people.map((p) => (
              <option key={p.id} value={p.id}>
                {p.name}
              </option>
            ))}
          </select>
        </label>
        <label className={`${label} col-span-2 lg:col-span-1`}>
          Containing
          <input
            name="q"
            type="search"
            defaultValue={d.values.q}
            placeholder="A post's title, an address..."
            className={inputClass}
          />
        </label>
        <label className={label}>
          From
          <input name="from" type="date" defaultValue={d.values.from} className={inputClass} />
        </label>
        <label className={label}>
          To
          <input name="to" type="date" defaultValue={d.values.to} className={inputClass} />
        </label>
        <div className="col-span-2 flex gap-2 lg:col-span-1">
          <button
            type="submit"
            className="min-h-11 rounded-full bg-primary px-5 text-sm font-semibold text-primary-fg hover:opacity-90"
          >
            Show
          </button>
          {d.filtered && (
            <Link
              to="/admin/audit"
              className="flex min-h-11 items-center rounded-full px-3 text-sm font-semibold text-muted hover:text-fg"
            >
              Clear
            </Link>
          )}
        </div>
      </Form>

      {d.entries.length === 0 ? (
        <p className="rounded-3xl border border-dashed border-border p-10 text-center text-muted">
          {d.filtered ? "Nothing matches these filters." : "Nothing recorded yet."}
        </p>
      ) : (
        <>
          {/* A phone gets each entry as a card; a wider screen the table. */}
          <ol className="grid gap-3 md:hidden" aria-label="Audit log entries, newest first">
            {d.entries.map((e) => (
              <li key={e.id} className="rounded-2xl border border-border bg-card p-4 text-sm">
                <p className="flex flex-wrap justify-between gap-x-3 text-xs text-muted">
                  <time dateTime={e.iso}>{e.at}</time>
                  <span className="font-mono">{e.ip ?? ""}</span>
                </p>
                <p className="mt-1">
                  <span className="font-semibold">{e.actor}</span>{" "}
                  <span className={e.failed ? "font-semibold text-destructive" : ""}>
                    {e.action.toLowerCase()}
                  </span>
                </p>
                {e.subject && <p className="mt-1 break-words text-muted">{e.subject}</p>}
              </li>
            ))}
          </ol>
          <div className="hidden overflow-x-auto rounded-3xl border border-border bg-card md:block">
            <table className="w-full text-left text-sm">
              <caption className="sr-only">Audit log entries, newest first</caption>
              <thead className="border-b border-border text-xs tracking-wide text-muted uppercase">
                <tr>
                  <th scope="col" className="px-4 py-3 font-semibold">
                    When
                  </th>
                  <th scope="col" className="px-4 py-3 font-semibold">
                    Who
                  </th>
                  <th scope="col" className="px-4 py-3 font-semibold">
                    What
                  </th>
                  <th scope="col" className="px-4 py-3 font-semibold">
                    Details
                  </th>
                  <th scope="col" className="px-4 py-3 font-semibold">
                    From
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-border">
                {d.entries.map((e) => (
                  <tr key={e.id} className="align-top">
                    <td className="px-4 py-3 whitespace-nowrap text-muted">
                      <time dateTime={e.iso}>{e.at}</time>
                    </td>
                    <td className="px-4 py-3 font-semibold">
                      {e.known ? e.actor : <span className="text-muted">{e.actor}</span>}
                    </td>
                    <td className={`px-4 py-3 ${e.failed ? "font-semibold text-destructive" : ""}`}>
                      {e.action}
                    </td>
                    <td className="px-4 py-3 break-words">{e.subject}</td>
                    <td className="px-4 py-3 font-mono text-xs whitespace-nowrap text-muted">
                      {e.ip ?? "—"}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}
      {(d.older || d.paged) && (
        <nav aria-label="Older entries" className="flex gap-4 text-sm font-semibold">
          {d.paged && (
            <Link
              to={`?${new URLSearchParams({ ...d.values }).toString()}`}
              className="text-primary hover:underline"
            >
              ← Newest
            </Link>
          )}
          {d.older && (
            <Link to={d.older} className="text-primary hover:underline">
              Older entries →
            </Link>
          )}
        </nav>
      )}
    </section>
  );
}
