import { Form, Link, useNavigation } from "react-router";

import type { EnquiryEvent } from "#db/schema";
import { attributionRows } from "~/features/analytics";
import type { Enquiry, EnquiryStatus } from "~/features/enquiries/enquiries.server";
import { momentInDublin } from "~/platform/text/dates";

// The parts of an enquiry's card in the inbox (routes/admin/enquiries.tsx).

export const statusLabel: Record<EnquiryStatus, string> = {
  new: "New",
  contacted: "Contacted",
  closed: "Closed",
  spam: "Spam",
};
export const statusClass: Record<EnquiryStatus, string> = {
  new: "bg-accent/10 text-accent",
  contacted: "bg-secondary/10 text-secondary",
  closed: "bg-border text-muted",
  spam: "bg-destructive/10 text-destructive",
};
/** A moment in the inbox, the Outbox and the redirects' list: the admin's one way of writing it. */
export const received = { format: (at: Date | string | number) => momentInDublin(at) };

/** Why an enquiry is in Spam, and the one click that moves it to New (and sends its alert). */
export function SpamNote({ enquiry }: { enquiry: Enquiry }) {
  return (
    <div className="mt-4 rounded-xl border border-destructive/30 bg-destructive/5 p-4 text-sm">
      <p className="font-semibold">Why this is in Spam</p>
      <ul className="mt-1 list-disc pl-5 text-muted">
        {enquiry.spamReasons.map((reason) => (
          <li key={reason}>{reason}</li>
        ))}
      </ul>
      <Form method="post" className="mt-3">
        <input type="hidden" name="intent" value="status" />
        <input type="hidden" name="id" value={enquiry.id} />
        <input type="hidden" name="status" value="new" />
        <button
          type="submit"
          aria-label={`Not spam: move ${enquiry.name}'s enquiry to New`}
          className="rounded-full bg-primary px-4 py-1.5 text-sm font-semibold text-primary-fg hover:opacity-90"
        >
          Not spam
        </button>
      </Form>
    </div>
  );
}

/**
 * The enquiry's notes and moves, oldest first, and a note of one's own ("Rang her, sending a
 * proposal Friday"): what a colleague needs before answering it.
 */
export function History({ enquiry, events }: { enquiry: Enquiry; events: EnquiryEvent[] }) {
  const navigation = useNavigation();
  const adding =
    navigation.formData?.get("intent") === "note" && navigation.formData.get("id") === enquiry.id;
  return (
    <div className="mt-4 border-t border-border pt-4">
      {events.length > 0 && (
        <ol aria-label={`Notes and history of ${enquiry.name}'s enquiry`} className="mb-3 grid gap-2 text-sm">
          {events.map((event) => (
            <li key={event.id} className="grid gap-0.5">
              <span className="text-muted">
                <time dateTime={event.createdAt.toISOString()}>{received.format(event.createdAt)}</time> ·{" "}
                {event.kind === "status"
                  ? `${event.by} moved it to ${statusLabel[event.status ?? "new"]}`
                  : event.kind === "reply"
                    ? `${event.by} replied by e-mail`
                    : `${event.by} wrote`}
              </span>
              {event.kind !== "status" && <p className="whitespace-pre-wrap">{event.note}</p>}
            </li>
          ))}
        </ol>
      )}
      <details className="group">
        <summary className="inline-flex min-h-9 cursor-pointer items-center text-sm font-semibold text-primary">
          Add a note
        </summary>
        <Form method="post" className="mt-2 grid gap-2" key={events.length}>
          <input type="hidden" name="intent" value="note" />
          <input type="hidden" name="id" value={enquiry.id} />
          <label htmlFor={`note-${enquiry.id}`} className="sr-only">
            Note on {enquiry.name}&apos;s enquiry
          </label>
          <textarea
            id={`note-${enquiry.id}`}
            name="note"
            required
            maxLength={2000}
            rows={3}
            placeholder="Only the team sees notes."
            className="rounded-xl border border-border bg-bg px-3 py-2 text-sm"
          />
          <button
            type="submit"
            disabled={adding}
            className="justify-self-start rounded-full border border-border px-4 py-1.5 text-sm font-semibold hover:border-primary disabled:opacity-60"
          >
            {adding ? "Saving..." : "Save note"}
          </button>
        </Form>
      </details>
    </div>
  );
}

/** Where the enquiry's visit came from (decision 028): source, campaign, landing page, pages seen. */
export function CameFrom({ enquiry }: { enquiry: Enquiry }) {
  if (!enquiry.attribution) return null;
  const pages = enquiry.visitPages.length;
  return (
    <dl className="mt-3 flex flex-wrap gap-x-4 gap-y-1 rounded-xl bg-bg px-3 py-2 text-xs">
      {attributionRows(enquiry.attribution).map(([label, value]) => (
        <div key={label} className="flex min-w-0 gap-1">
          <dt className="text-muted">{label}</dt>
          <dd className="min-w-0 font-medium break-all">{value}</dd>
        </div>
      ))}
      {pages > 1 && (
        <div className="flex gap-1">
          <dt className="text-muted">Pages seen</dt>
          <dd className="font-medium" title={enquiry.visitPages.join("  →  ")}>
            {pages}
          </dd>
        </div>
      )}
    </dl>
  );
}

/** The heading of a page under the inbox (privacy requests, deliveries), with the way back to it. */
export function InboxSubpageHeading({ title }: { title: string }) {
  return (
    <>
      <p className="text-sm">
        <Link to="/admin/enquiries" className="text-muted hover:text-fg">
          ← Enquiries
        </Link>
      </p>
      <h1 className="mt-2 text-3xl font-bold">{title}</h1>
    </>
  );
}
