import { type ReactNode, useEffect } from "react";
import { Form, Link } from "react-router";

import { buttonClass } from "~/ui/button-link";
import { toast } from "~/ui/feedback/toast";
import { DragHandle, MoveButtons, useDragReorder } from "~/ui/forms/reorder";

import { type Notice, noticeText } from "./notice";

/** An item's words in each of the site's other languages: missing, up to date or outdated. */
export type ItemTranslations = { lang: string; name: string; state: "missing" | "up to date" | "outdated" }[];

/** One item as the list shows it. */
export type ListRow = {
  id: string;
  name: string;
  status: "draft" | "published";
  /** A line under the name: the role, the company, the price… */
  detail?: string;
  /** A longer line, cut to two lines (a quote, a bio). */
  excerpt?: string;
  /** Small labels beside the name ("On the home page", "Most popular"). */
  tags?: string[];
  /** The photo, logo or price at the start of the row. */
  thumb: ReactNode;
  /** Something to put right before visitors see it ("No photo"). */
  warning?: string;
  /** For the lists whose words translate: the state in each other language, each with its "Translate" link. */
  translations?: ItemTranslations;
};

export type ListWords = {
  /** "Testimonials" */
  title: string;
  /** What the list is, where it shows: one sentence. */
  intro: string;
  /** "testimonial": in the notices and the buttons' names. */
  noun: string;
  /** "Add a testimonial" */
  addLabel: string;
  /** Where visitors see the list ({ href: "/", label: "the home page" }). */
  shownOn: { href: string; label: string };
  empty: { title: string; text: string; icon: string };
};

const rowButton =
  "inline-flex min-h-9 items-center justify-center rounded-full border border-border px-3 text-xs font-semibold transition-colors hover:border-primary hover:text-primary disabled:pointer-events-none disabled:opacity-35";

/**
 * One of the site's lists in the agency's order: each row with Up/Down, Hide/Publish, Edit and Delete
 * (asked again in the row, ?delete=<id>). Every button is a small form posting an `intent` with the
 * item's id, so the list works the same without JavaScript.
 */
export function SiteListPage({
  path,
  words,
  rows,
  notice,
  confirmDelete,
  orderedBy,
}: {
  path: string;
  words: ListWords;
  rows: ListRow[];
  notice: { kind: Notice; id: string | null; name: string } | null;
  confirmDelete: string | null;
  /** A list the site orders itself ("year order"): shown in that order, without moving rows. */
  orderedBy?: string;
}) {
  const told = notice && noticeText(notice.kind, notice.name, words.noun);
  useEffect(() => {
    if (told) toast(told);
    // Once per notice: the address changes with the next one.
  }, [told?.title, told?.description]); // eslint-disable-line react-hooks/exhaustive-deps
  const shown = rows.filter((row) => row.status === "published").length;
  const drag = useDragReorder(path);

  return (
    <div>
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div className="max-w-2xl">
          <h1 className="text-3xl font-bold">{words.title}</h1>
          <p className="mt-1 text-muted">
            {words.intro}{" "}
            <a href={words.shownOn.href} className="font-semibold text-primary hover:underline">
              See {words.shownOn.label}
            </a>
          </p>
        </div>
        {rows.length > 0 && (
          <Link to={`${path}?new`} className={buttonClass("primary")}>
            <span aria-hidden="true" className="text-xl leading-none">
              +
            </span>
            {words.addLabel}
          </Link>
        )}
      </div>

      {told && (
        <p
          role="status"
          className="no-js-only mt-6 rounded-xl border border-secondary bg-secondary/5 px-4 py-3 text-sm"
        >
          <span className="font-semibold text-secondary">{told.title}.</span> {told.description}
        </p>
      )}

      {rows.length === 0 ? (
        <EmptyState words={words} path={path} />
      ) : (
        <>
          <p className="mt-8 text-sm text-muted">
            {shown === rows.length
              ? `${rows.length === 1 ? "On the site" : rows.length === 2 ? "Both on the site" : `All ${rows.length} on the site`}, in ${orderedBy ?? "this order"}.`
              : `${shown} of ${rows.length} on the site, in ${orderedBy ?? "this order"}; hidden ones are kept here for later.`}
          </p>
          <ol className="mt-3 grid gap-3" aria-label={`${words.title} in order`}>
            {rows.map((row, index) => (
              <ItemRow
                key={row.id}
                row={row}
                index={index}
                count={rows.length}
                path={path}
                noun={words.noun}
                confirming={confirmDelete === row.id}
                justDone={notice?.id === row.id}
                drag={orderedBy ? undefined : drag.rowProps(row.id, index)}
                dropTarget={drag.over === index && drag.dragged !== row.id}
              />
            ))}
          </ol>
        </>
      )}
    </div>
  );
}

function EmptyState({ words, path }: { words: ListWords; path: string }) {
  return (
    <div className="relative mt-8 overflow-hidden rounded-3xl border border-dashed border-border bg-card px-6 py-14 text-center">
      <div
        aria-hidden="true"
        className="pointer-events-none absolute -top-24 left-1/2 size-72 -translate-x-1/2 rounded-full bg-primary/10 blur-3xl"
      />
      <div className="relative">
        <span className="mx-auto flex size-16 items-center justify-center rounded-2xl bg-primary/10 text-primary ring-1 ring-primary/20">
          <svg
            aria-hidden="true"
            viewBox="0 0 24 24"
            className="size-8"
            fill="none"
            stroke="currentColor"
            strokeWidth="1.6"
            strokeLinecap="round"
            strokeLinejoin="round"
          >
            <path d={words.empty.icon} />
          </svg>
        </span>
        <h2 className="mt-5 text-xl font-semibold">{words.empty.title}</h2>
        <p className="mx-auto mt-2 max-w-md text-muted">{words.empty.text}</p>
        <Link to={`${path}?new`} className={`mt-6 ${buttonClass("primary")}`}>
          <span aria-hidden="true" className="text-xl leading-none">
            +
          </span>
          {words.addLabel}
        </Link>
      </div>
    </div>
  );
}

function ItemRow({
  row,
  index,
  count,
  path,
  noun,
  confirming,
  justDone,
  drag,
  dropTarget,
}: {
  row: ListRow;
  index: number;
  count: number;
  path: string;
  noun: string;
  confirming: boolean;
  justDone: boolean;
  /** Absent where the site orders the list itself. */
  drag?: ReturnType<ReturnType<typeof useDragReorder>["rowProps"]>;
  dropTarget: boolean;
}) {
  const hidden = row.status === "draft";
  return (
    <li
      id={`item-${row.id}`}
      {...drag}
      className={`scroll-mt-6 rounded-2xl border bg-card p-4 transition-colors ${
        dropTarget
          ? "border-primary ring-2 ring-primary/40"
          : confirming
            ? "border-destructive"
            : justDone
              ? "border-secondary"
              : "border-border"
      }`}
    >
      <div className="grid grid-cols-[auto_minmax(0,1fr)] items-center gap-x-4 gap-y-3 sm:grid-cols-[auto_minmax(0,1fr)_auto]">
        <div className="flex items-center gap-3">
          {drag && <DragHandle />}
          <span className="w-5 text-right text-sm font-semibold text-muted tabular-nums" aria-hidden="true">
            {index + 1}
          </span>
          <div className={hidden ? "opacity-50 grayscale" : ""}>{row.thumb}</div>
        </div>
        <div className="min-w-0">
          <RowTitle row={row} />
          {row.translations && row.translations.length > 0 && (
            <TranslationStates row={row} path={path} translations={row.translations} />
          )}
        </div>
        <div className="col-span-2 flex flex-wrap items-center gap-2 sm:col-span-1 sm:justify-end">
          <Form method="post" action={path} className="flex gap-1.5">
            <input type="hidden" name="id" value={row.id} />
            {drag && <MoveButtons name={row.name} index={index} count={count} className={rowButton} />}
            <button
              name="intent"
              value={hidden ? "show" : "hide"}
              className={`${rowButton} min-w-[4.75rem]`}
              aria-label={`${hidden ? "Publish" : "Hide"} ${row.name}`}
            >
              {hidden ? "Publish" : "Hide"}
            </button>
          </Form>
          <Link to={`${path}?edit=${row.id}`} className={rowButton} aria-label={`Edit ${row.name}`}>
            Edit
          </Link>
          <Link
            to={`${path}?delete=${row.id}#item-${row.id}`}
            preventScrollReset
            className={`${rowButton} hover:!border-destructive hover:!text-destructive`}
            aria-label={`Delete ${row.name}`}
          >
            Delete
          </Link>
        </div>
      </div>
      {confirming && (
        <Form
          method="post"
          action={path}
          role="alertdialog"
          aria-labelledby={`confirm-${row.id}`}
          className="mt-4 flex flex-wrap items-center justify-between gap-3 rounded-xl bg-destructive/10 px-4 py-3"
        >
          <input type="hidden" name="id" value={row.id} />
          <p id={`confirm-${row.id}`} className="text-sm">
            <span className="font-semibold">Delete “{row.name}” for good?</span>{" "}
            <span className="text-muted">
              It cannot be brought back.{hidden ? "" : ` To take it off the site for now, hide it instead.`}
            </span>
          </p>
          <div className="flex gap-2">
            <Link to={`${path}#item-${row.id}`} preventScrollReset className={rowButton}>
              Keep it
            </Link>
            <button
              name="intent"
              value="delete"
              autoFocus
              className="inline-flex min-h-9 items-center rounded-full bg-destructive px-4 text-xs font-semibold text-destructive-fg hover:opacity-90"
            >
              Delete {noun}
            </button>
          </div>
        </Form>
      )}
    </li>
  );
}

function RowTitle({ row }: { row: ListRow }) {
  const hidden = row.status === "draft";
  return (
    <>
      <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
        <h2 className={`font-semibold ${hidden ? "text-muted" : ""}`}>{row.name}</h2>
        <span
          className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ${
            hidden ? "bg-accent/10 text-accent" : "bg-secondary/10 text-secondary"
          }`}
        >
          {hidden ? "Hidden" : "On the site"}
        </span>
        {row.tags?.map((tag) => (
          <span
            key={tag}
            className="rounded-full bg-primary/10 px-2.5 py-0.5 text-xs font-semibold text-primary"
          >
            {tag}
          </span>
        ))}
        {row.warning && (
          <span className="rounded-full bg-accent/10 px-2.5 py-0.5 text-xs font-semibold text-accent">
            {row.warning}
          </span>
        )}
      </div>
      {row.detail && <p className="mt-0.5 truncate text-sm text-muted">{row.detail}</p>}
      {row.excerpt && <p className="mt-1 line-clamp-2 text-sm text-muted">{row.excerpt}</p>}
    </>
  );
}

const STATE_LOOKS = {
  missing: "bg-accent/10 text-accent",
  outdated: "bg-destructive/10 text-destructive",
  "up to date": "bg-secondary/10 text-secondary",
} as const;

/**
 * The item's words in each other language of the site: its state (missing, up to date, outdated) and
 * a link to write them beside the source's. Visitors in a language see only the items translated into it.
 */
function TranslationStates({
  row,
  path,
  translations,
}: {
  row: ListRow;
  path: string;
  translations: ItemTranslations;
}) {
  return (
    <ul className="mt-2 flex flex-wrap gap-2" aria-label={`${row.name} in other languages`}>
      {translations.map(({ lang, name, state }) => (
        <li key={lang} className="flex items-center gap-1.5 text-xs">
          <span className={`rounded-full px-2.5 py-0.5 font-semibold ${STATE_LOOKS[state]}`}>
            {`${name}: ${state === "missing" ? "not translated" : state}`}
          </span>
          <Link
            to={`${path}/translate/${lang}/${row.id}`}
            className="font-semibold text-primary hover:underline"
            aria-label={`${state === "missing" ? "Translate" : "Edit the translation of"} ${row.name} into ${name}`}
          >
            {state === "missing" ? "Translate" : "Edit"}
          </Link>
        </li>
      ))}
    </ul>
  );
}
