import { useEffect } from "react";
import { data, Form, Link, redirect, useNavigation } from "react-router";
import { z } from "zod";

import {
  CameFrom,
  History,
  received,
  SpamNote,
  statusClass,
  statusLabel,
} from "~/features/enquiries/components/enquiry-parts";
import {
  addEnquiryNote,
  countEnquiries,
  type Enquiry,
  enquiryHistories,
  type EnquiryStatus,
  inboxFilter,
  listEnquiries,
  repliedTo,
  replyToEnquiry,
  setEnquiryStatus,
} from "~/features/enquiries/enquiries.server";
import { budgetLabel, ENQUIRY_STATUSES } from "~/features/enquiries/schemas";
import { staffOf } from "~/features/staff/index.server";
import { FORM_LIMIT_BYTES, readFormBody } from "~/platform/http/api.server";
import { canSendMail } from "~/platform/mail/mail.server";
import type { ToastInput } from "~/platform/pages/page-toasts";
import { pageMeta } from "~/platform/pages/seo";
import { getSiteFacts } from "~/platform/site/site-facts.server";
import { toast } from "~/ui/feedback/toast";

import type { Route } from "./+types/admin-enquiries";

export const meta: Route.MetaFunction = () => pageMeta({ title: "Enquiries", noindex: true });

const emptyFolder: Record<EnquiryStatus | "all", string> = {
  all: "No enquiries yet.",
  new: "No new enquiries.",
  contacted: "No enquiries marked contacted.",
  closed: "No closed enquiries.",
  spam: "Nothing in Spam. Enquiries that look automated land here, so that a real one is never lost.",
};
/** The folder, search and page as a query string ("?status=spam&q=clinic"), for the folders and the export. */
function inboxQuery(status: EnquiryStatus | null, q: string, page = "") {
  const params = new URLSearchParams();
  if (status) params.set("status", status);
  if (q) params.set("q", q);
  if (page) params.set("page", page);
  const query = params.toString();
  return query ? `?${query}` : "";
}

const id = z.string().min(1).max(100);
const ActionSchema = z.discriminatedUnion("intent", [
  z.object({
    intent: z.literal("status"),
    id,
    status: z.enum(ENQUIRY_STATUSES, { error: "Choose New, Contacted, Closed or Spam." }),
  }),
  z.object({
    intent: z.literal("reply"),
    id,
    subject: z
      .string({ error: "Give the reply a subject." })
      .trim()
      .min(1, "Give the reply a subject.")
      .max(200, "A subject must be 200 characters or fewer.")
      .refine((v) => !/[\r\n]/.test(v), "A subject is one line."),
    message: z
      .string({ error: "Write the reply first." })
      .trim()
      .min(10, "Write the reply first.")
      .max(10_000, "A reply must be 10,000 characters or fewer."),
  }),
  z.object({
    intent: z.literal("note"),
    id,
    note: z
      .string({ error: "Write the note first." })
      .trim()
      .min(1, "Write the note first.")
      .max(2000, "A note must be 2000 characters or fewer."),
  }),
]);

export function loader({ request }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  const { status, q, page } = inboxFilter(params);
  const enquiries = listEnquiries({ status, q, page });
  // ?replied=<the reply's history entry>: said once after the redirect, even if the enquiry left the folder.
  const replyId = params.get("replied");
  const reply = replyId ? repliedTo(replyId) : undefined;
  return {
    replied: reply ? { id: replyId!, name: reply.name, mail: canSendMail() } : null,
    enquiries,
    filter: status ?? null,
    q: q ?? "",
    page: page ?? "",
    counts: { new: countEnquiries("new"), spam: countEnquiries("spam") },
    agency: getSiteFacts().name,
    histories: Object.fromEntries(enquiryHistories(enquiries.map((e) => e.id))),
  };
}

/** The reply's first words: their first name, and room to write. */
const replyGreeting = (enquiry: Enquiry) => `Hi ${enquiry.name.split(" ")[0]},\n\n`;
const replySubject = (agency: string) => `Re: Your enquiry to ${agency}`;

/** What the inbox says after a reply: gone out, or waiting in the Outbox while e-mail is not set up. */
function replyNotice({ name, mail }: { name: string; mail: boolean }): ToastInput {
  return mail
    ? {
        title: `Reply on its way to ${name}`,
        description: "It is in the Outbox, which shows when it is delivered.",
      }
    : {
        title: `Reply to ${name} queued in the Outbox`,
        description: "E-mail is not set up yet, so it waits there until it is.",
      };
}

/** "Reply in your mail app" opens the person's mail program with the subject and their message quoted. */
function replyHref(enquiry: Enquiry, agency: string) {
  const quoted = enquiry.goals
    .split("\n")
    .map((line) => `> ${line}`)
    .join("\n");
  const body = `${replyGreeting(enquiry)}\n\nOn ${received.format(enquiry.createdAt)} you wrote:\n${quoted}`;
  return `mailto:${enquiry.email}?subject=${encodeURIComponent(replySubject(agency))}&body=${encodeURIComponent(body)}`;
}

/**
 * Moves an enquiry between new, contacted, closed and spam ("Not spam" is the same move to new), or
 * adds a note to it; plain forms, so they work without JavaScript.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const user = staffOf(context);
  const form = Object.fromEntries(await readFormBody(request, FORM_LIMIT_BYTES.enquiryInbox));
  const parsed = ActionSchema.safeParse(form);
  if (!parsed.success) {
    const error = parsed.error.issues[0]?.message ?? "Something in the form was not right.";
    // A refused reply comes back as it was typed, open under its enquiry.
    if (form.intent === "reply" && typeof form.id === "string")
      return data(
        {
          error,
          id: form.id,
          reply: { subject: String(form.subject ?? ""), message: String(form.message ?? "") },
        },
        { status: 400 },
      );
    return data({ error, id: null, reply: null }, { status: 400 });
  }
  const action = parsed.data;
  if (action.intent === "reply") {
    const reply = await replyToEnquiry(action.id, action, user.username);
    if (reply) {
      // Back to the same folder and search, saying where the reply went: a reload cannot send it twice.
      const { status, q, page } = inboxFilter(new URL(request.url).searchParams);
      const folder = inboxQuery(status ?? null, q ?? "", page);
      throw redirect(`/admin/enquiries${folder}${folder ? "&" : "?"}replied=${reply}`);
    }
  }
  const done =
    action.intent === "status"
      ? await setEnquiryStatus(action.id, action.status, user.username)
      : action.intent === "note"
        ? addEnquiryNote(action.id, action.note, user.username)
        : false;
  if (!done) return data({ error: "That enquiry no longer exists.", id: null, reply: null }, { status: 404 });
  return { error: null, id: action.id, reply: null };
}

export default function Enquiries({
  loaderData: { enquiries, filter, q, page, counts, agency, histories, replied },
  actionData,
}: Route.ComponentProps) {
  const told = replied && replyNotice(replied);
  useEffect(() => {
    if (told) toast(told);
    // Once per reply: each has its own id in the address.
  }, [replied?.id]); // eslint-disable-line react-hooks/exhaustive-deps
  return (
    <div>
      <div className="flex flex-wrap items-end justify-between gap-4">
        <h1 className="text-3xl font-bold">Enquiries</h1>
        <div className="flex w-full flex-wrap items-center gap-2 sm:w-auto">
          {/* A plain GET form: the search is in the address, so it can be bookmarked and exported. */}
          <Form method="get" role="search" className="flex flex-1 items-center gap-2 sm:flex-none">
            {filter && <input type="hidden" name="status" value={filter} />}
            {page && <input type="hidden" name="page" value={page} />}
            <label htmlFor="enquiry-search" className="sr-only">
              Search enquiries
            </label>
            <input
              id="enquiry-search"
              type="search"
              name="q"
              defaultValue={q}
              key={q}
              placeholder="Name, e-mail or words"
              className="min-w-0 flex-1 rounded-full border border-border bg-bg px-4 py-2 text-sm sm:w-56 sm:flex-none"
            />
            <button
              type="submit"
              className="rounded-full border border-border px-4 py-2 text-sm font-semibold hover:border-primary"
            >
              Search
            </button>
          </Form>
          {/* A plain form: the browser downloads the answer, with or without JavaScript. A POST, so
              no link on another site can start an export of people's enquiries. */}
          <form method="post" action={`/admin/enquiries.csv${inboxQuery(filter, q, page)}`}>
            <button
              type="submit"
              className="rounded-full border border-border px-4 py-2 text-sm font-semibold hover:border-primary"
            >
              Export CSV
            </button>
          </form>
          <Link to="/admin/privacy" className="px-2 py-2 text-sm font-medium text-muted hover:text-fg">
            Privacy requests
          </Link>
          <Link to="/admin/outbox" className="px-2 py-2 text-sm font-medium text-muted hover:text-fg">
            Outbox
          </Link>
        </div>
      </div>
      <nav aria-label="Folders" className="mt-6 flex flex-wrap gap-2">
        {[null, ...ENQUIRY_STATUSES].map((s) => (
          <Link
            key={s ?? "all"}
            to={`/admin/enquiries${inboxQuery(s, q, page)}`}
            aria-current={filter === s ? "true" : undefined}
            className={`rounded-full border px-4 py-2 text-sm font-medium ${filter === s ? "border-primary bg-primary text-primary-fg" : "border-border text-muted hover:text-fg"}`}
          >
            {s ? statusLabel[s] : "All"}
            {/* "Spam 2": how many wait there (and how many are new). */}
            {(s === "new" || s === "spam") && counts[s] > 0 && (
              <>
                {" "}
                <span className="tabular-nums opacity-80">{counts[s]}</span>
              </>
            )}
          </Link>
        ))}
      </nav>
      {page && (
        <p className="mt-4 text-sm text-muted">
          Enquiries from visits that saw <span className="font-semibold text-fg">{page}</span>.{" "}
          <Link
            to={`/admin/enquiries${inboxQuery(filter, q)}`}
            className="font-semibold text-primary underline"
          >
            Show every page&apos;s
          </Link>
        </p>
      )}
      {told && (
        <p
          role="status"
          className="no-js-only mt-4 rounded-xl border border-secondary bg-secondary/5 px-4 py-3 text-sm"
        >
          <span className="font-semibold text-secondary">{told.title}.</span> {told.description}{" "}
          <Link to="/admin/outbox" className="font-semibold text-primary underline">
            Open the Outbox
          </Link>
        </p>
      )}
      {actionData?.error && !actionData.reply && (
        <p role="alert" className="mt-4 text-destructive">
          {actionData.error}
        </p>
      )}
      {enquiries.length === 0 ? (
        <p className="mt-8 max-w-prose text-muted">
          {q
            ? `No enquiries match “${q}”${filter ? ` in ${statusLabel[filter]}` : ""}.`
            : page
              ? `No enquiry came from a visit that saw ${page}${filter ? ` in ${statusLabel[filter]}` : ""}.`
              : emptyFolder[filter ?? "all"]}
          {/* "All" and "New" leave Spam out: an empty inbox beside "Spam 1" must say where that one is. */}
          {!q && !page && (filter === null || filter === "new") && counts.spam > 0 && (
            <>
              {" "}
              <Link
                to={`/admin/enquiries${inboxQuery("spam", "")}`}
                className="font-semibold text-primary underline"
              >
                {counts.spam === 1 ? "1 enquiry is in Spam" : `${counts.spam} enquiries are in Spam`}
              </Link>
              : look there if you expected one, and move a real one back with Not spam.
            </>
          )}
        </p>
      ) : (
        <ul className="mt-6 grid gap-4">
          {enquiries.map((e) => (
            <li key={e.id}>
              <article
                aria-labelledby={`enquiry-${e.id}`}
                className="rounded-2xl border border-border bg-card p-5"
              >
                <div className="flex flex-wrap items-start justify-between gap-3">
                  <div>
                    <h2 id={`enquiry-${e.id}`} className="text-lg font-semibold">
                      {e.name}
                    </h2>
                    <p className="text-sm">
                      <a href={replyHref(e, agency)} className="text-primary underline">
                        {e.email}
                      </a>
                      <span className="text-muted"> · Budget: {budgetLabel(e.budget) ?? "not given"}</span>
                    </p>
                  </div>
                  {/* Beside the name on a wide screen; on a phone, one line under it. */}
                  <div className="flex items-center gap-2 text-sm sm:block sm:text-right">
                    <span
                      className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ${statusClass[e.status]}`}
                    >
                      {statusLabel[e.status]}
                    </span>
                    <p className="text-muted sm:mt-1">
                      <time dateTime={e.createdAt.toISOString()}>{received.format(e.createdAt)}</time>
                    </p>
                  </div>
                </div>
                <p className="mt-3 whitespace-pre-wrap">{e.goals}</p>
                <CameFrom enquiry={e} />
                {e.status === "spam" && <SpamNote enquiry={e} />}
                <Form method="post" className="mt-4 flex flex-wrap items-center gap-2">
                  <input type="hidden" name="intent" value="status" />
                  <input type="hidden" name="id" value={e.id} />
                  <label htmlFor={`status-${e.id}`} className="text-sm text-muted">
                    Status
                  </label>
                  <select
                    id={`status-${e.id}`}
                    name="status"
                    defaultValue={e.status}
                    key={e.status}
                    className="rounded-full border border-border bg-bg px-3 py-1.5 text-sm"
                  >
                    {ENQUIRY_STATUSES.map((s) => (
                      <option key={s} value={s}>
                        {statusLabel[s]}
                      </option>
                    ))}
                  </select>
                  <button
                    type="submit"
                    className="rounded-full border border-border px-4 py-1.5 text-sm font-semibold hover:border-primary"
                  >
                    Update<span className="sr-only"> status of {e.name}'s enquiry</span>
                  </button>
                </Form>
                <ReplyForm
                  // A new one after each reply sent: closed, holding the greeting only.
                  key={(histories[e.id] ?? []).filter((event) => event.kind === "reply").length}
                  enquiry={e}
                  agency={agency}
                  refused={actionData?.id === e.id && actionData.reply ? actionData : null}
                />
                <History enquiry={e} events={histories[e.id] ?? []} />
              </article>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/**
 * Reply from here: the e-mail goes through the outbox (readable there without SMTP) and is kept in the
 * enquiry's history with who sent it; the mail app stays one click away for those who prefer it.
 */
function ReplyForm({
  enquiry,
  agency,
  refused,
}: {
  enquiry: Enquiry;
  agency: string;
  refused: { error: string | null; reply: { subject: string; message: string } | null } | null;
}) {
  const navigation = useNavigation();
  const sending =
    navigation.formData?.get("intent") === "reply" && navigation.formData.get("id") === enquiry.id;
  return (
    <details className="group mt-4" open={Boolean(refused)}>
      <summary className="inline-flex min-h-9 cursor-pointer items-center rounded-full bg-primary px-4 text-sm font-semibold text-primary-fg hover:opacity-90">
        Reply<span className="sr-only"> to {enquiry.name}</span>
      </summary>
      <Form method="post" className="mt-3 grid gap-3 rounded-2xl border border-border bg-bg p-4">
        <input type="hidden" name="intent" value="reply" />
        <input type="hidden" name="id" value={enquiry.id} />
        <p className="text-sm text-muted">
          To {enquiry.email}. Sent from the site with the enquiry quoted under it; replies come back to the
          agency&apos;s address.
        </p>
        <label className="grid gap-1 text-sm font-medium">
          Subject
          <input
            name="subject"
            defaultValue={refused?.reply?.subject ?? replySubject(agency)}
            className="rounded-xl border border-border bg-card px-3 py-2 font-normal"
          />
        </label>
        <label className="grid gap-1 text-sm font-medium">
          Message
          <textarea
            name="message"
            rows={6}
            defaultValue={refused?.reply?.message ?? replyGreeting(enquiry)}
            aria-invalid={refused ? true : undefined}
            className="rounded-xl border border-border bg-card px-3 py-2 font-normal"
          />
        </label>
        {refused?.error && (
          <p role="alert" className="text-sm text-destructive">
            {refused.error}
          </p>
        )}
        <div className="flex flex-wrap items-center gap-3">
          <button
            type="submit"
            disabled={sending}
            className="rounded-full bg-primary px-4 py-2 text-sm font-semibold text-primary-fg hover:opacity-90 disabled:opacity-60"
          >
            {sending ? "Sending…" : "Send reply"}
          </button>
          <a href={replyHref(enquiry, agency)} className="text-sm text-primary underline">
            Reply in your mail app instead
          </a>
        </div>
      </Form>
    </details>
  );
}
