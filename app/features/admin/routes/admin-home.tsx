import type { ReactNode } from "react";
import { Link } from "react-router";

import { adminHome } from "~/features/admin/home.server";
import { greetingName } from "~/features/admin/names";
import { staffOf } from "~/features/staff/index.server";
import type { RouteHandle } from "~/platform/pages/route-handle";
import { pageMeta } from "~/platform/pages/seo";
import { momentInDublin, timeAgo } from "~/platform/text/dates";
import { plural } from "~/platform/text/metrics";

import type { Route } from "./+types/admin-home";

export const handle: RouteHandle = { access: "contributor" };

export const meta: Route.MetaFunction = () => pageMeta({ title: "Home", noindex: true });

/** /admin: where the day starts, each figure a link to where it is worked on. */
export function loader({ context }: Route.LoaderArgs) {
  const user = staffOf(context);
  return {
    name: greetingName(user),
    role: user.role,
    now: Date.now(),
    ...adminHome(user.role, new Date(), user.id),
  };
}

function Card({
  to,
  title,
  figure,
  detail,
  tone = "normal",
  children,
}: {
  to: string;
  title: string;
  figure: string;
  detail?: string;
  tone?: "normal" | "attention";
  children?: ReactNode;
}) {
  return (
    <section
      aria-label={title}
      className={`grid content-start gap-2 rounded-2xl border bg-card p-5 ${tone === "attention" ? "border-accent" : "border-border"}`}
    >
      <h2 className="text-sm font-semibold tracking-wide text-muted uppercase">
        <Link to={to} className="hover:text-fg">
          {title} <span aria-hidden>→</span>
        </Link>
      </h2>
      <p className="text-2xl font-bold tracking-tight">{figure}</p>
      {detail && <p className="text-sm text-muted">{detail}</p>}
      {children}
    </section>
  );
}

export default function AdminHome({ loaderData }: Route.ComponentProps) {
  const { name, now, writing, owner, role } = loaderData;
  const ago = (at: string | Date) => timeAgo(at, now);
  return (
    <div className="max-w-5xl">
      <h1 className="text-3xl font-bold">Hello, {name}</h1>
      <p className="mt-1 text-muted">What is waiting for you today.</p>
      {owner && <PlaceholderNotice {...owner.placeholders} />}
      <div className="mt-8 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {owner && (
          <>
            <Card
              to="/admin/enquiries"
              title="Enquiries"
              figure={`${owner.enquiries.today} today`}
              detail={`${plural(owner.enquiries.week, "enquiry", "enquiries")} in the last 7 days`}
            />
            <Card
              to="/admin/analytics"
              title="Visits"
              figure={`${owner.visits.week.toLocaleString("en-IE")} this week`}
              detail={
                owner.visits.topSource ? `Most came from ${owner.visits.topSource}` : "No visits counted yet"
              }
            />
          </>
        )}
        {writing.reviews.length > 0 && (
          <Card
            to="/admin/posts"
            title="Waiting for review"
            tone={role === "contributor" ? "normal" : "attention"}
            figure={plural(writing.reviews.length, "post")}
            detail={
              role === "contributor"
                ? "An editor or the owner publishes them."
                : "Submitted by contributors: read, then publish or schedule."
            }
          >
            <ul className="grid gap-1.5 text-sm">
              {writing.reviews.map((post) => (
                <li key={post.id}>
                  <Link to={`/admin/posts?edit=${post.id}`} className="font-medium hover:underline">
                    {post.title}
                  </Link>{" "}
                  <span className="text-muted">
                    {post.author ? `by ${post.author}, ` : ""}submitted {ago(post.reviewRequestedAt)}
                  </span>
                </li>
              ))}
            </ul>
          </Card>
        )}
        <Card
          to="/admin/posts"
          title="Posts"
          figure={
            role === "contributor"
              ? plural(writing.draftCount, "draft")
              : `${plural(writing.draftCount, "draft")}, ${writing.scheduled.length} scheduled`
          }
        >
          {(writing.drafts.length > 0 ||
            writing.scheduled.length > 0 ||
            writing.ending.length > 0 ||
            writing.ended.length > 0) && (
            <ul className="grid gap-1.5 text-sm">
              {writing.ending.map((post) => (
                <li key={post.id}>
                  <Link to={post.href} className="font-medium hover:underline">
                    {post.title}
                  </Link>{" "}
                  <span className="text-muted">{`ends ${momentInDublin(post.unpublishAt, now)}`}</span>
                </li>
              ))}
              {writing.scheduled.map((post) => (
                <li key={post.id}>
                  <Link to={`/admin/posts?edit=${post.id}`} className="font-medium hover:underline">
                    {post.title}
                  </Link>{" "}
                  <span className="text-muted">{`goes live ${momentInDublin(post.publishAt, now)}`}</span>
                </li>
              ))}
              {writing.ended.map((item) => (
                <li key={item.id}>
                  <Link to={item.href} className="font-medium hover:underline">
                    {item.title}
                  </Link>{" "}
                  <span className="text-muted">{`ended ${momentInDublin(item.endedAt, now)}, off the site`}</span>
                </li>
              ))}
              {writing.drafts.map((post) => (
                <li key={post.id}>
                  <Link to={`/admin/posts?edit=${post.id}`} className="font-medium hover:underline">
                    {post.title}
                  </Link>{" "}
                  <span className="text-muted">{`draft, edited ${ago(post.updatedAt)}`}</span>
                </li>
              ))}
            </ul>
          )}
        </Card>
        {owner && (
          <>
            <Card
              to="/admin/outbox"
              title="Outbox"
              tone={
                owner.outbox.failed > 0 || (!owner.outbox.mail && owner.outbox.waiting > 0)
                  ? "attention"
                  : "normal"
              }
              figure={
                owner.outbox.failed > 0
                  ? `${owner.outbox.failed} failed`
                  : owner.outbox.waiting > 0
                    ? `${owner.outbox.waiting} waiting`
                    : owner.outbox.mail
                      ? "All sent"
                      : "Nothing waiting"
              }
              detail={
                owner.outbox.mail
                  ? "E-mails and CRM deliveries go out as they are queued."
                  : "E-mail is not set up: e-mails wait in the outbox, where you can read them."
              }
            />
            <Card
              to="/admin/settings"
              title="Off-site backup"
              tone={
                owner.backup.enabled && (owner.backup.stale || owner.backup.error) ? "attention" : "normal"
              }
              figure={
                !owner.backup.enabled
                  ? "Not set up"
                  : owner.backup.error || owner.backup.stale
                    ? "Needs attention"
                    : owner.backup.replicatedAt
                      ? `Copied ${ago(owner.backup.replicatedAt)}`
                      : "Up to date"
              }
              detail={
                owner.backup.enabled
                  ? (owner.backup.error ?? "Every change is copied off this machine within seconds.")
                  : "Set BACKUP_REPLICA_URL on the server to copy every change off this machine."
              }
            />
            <Card
              to="/admin/settings"
              title="Background work"
              tone={owner.tasks.failing.length > 0 ? "attention" : "normal"}
              figure={
                owner.tasks.failing.length > 0 ? `${owner.tasks.failing.length} failing` : "All running"
              }
              detail={
                owner.tasks.failing.length > 0
                  ? owner.tasks.failing.join(", ")
                  : `${plural(owner.tasks.count, "task")}: e-mails, schedules, roll-ups, backups`
              }
            />
          </>
        )}
      </div>
    </div>
  );
}

/**
 * The team and testimonials a new site starts with are invented: said here until each is replaced,
 * so the site never goes out with strangers' faces and made-up praise by accident.
 */
function PlaceholderNotice({ team, testimonials }: { team: number; testimonials: number }) {
  if (team === 0 && testimonials === 0) return null;
  return (
    <section
      aria-labelledby="placeholders-heading"
      className="mt-6 rounded-2xl border border-accent bg-card p-5"
    >
      <h2 id="placeholders-heading" className="font-semibold">
        Your site still shows example people
      </h2>
      <p className="mt-1 text-sm text-muted">
        They came with the site as placeholders. Replace them with your own people and clients&apos; words (a
        portrait photo of each person shows best) before you share the site.
      </p>
      <ul className="mt-3 flex flex-wrap gap-x-6 gap-y-2 text-sm font-semibold">
        {team > 0 && (
          <li>
            <Link to="/admin/team" className="text-primary underline-offset-4 hover:underline">
              {plural(team, "example team member")} to replace
            </Link>
          </li>
        )}
        {testimonials > 0 && (
          <li>
            <Link to="/admin/testimonials" className="text-primary underline-offset-4 hover:underline">
              {plural(testimonials, "example testimonial")} to replace
            </Link>
          </li>
        )}
      </ul>
    </section>
  );
}
