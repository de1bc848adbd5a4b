import { sql } from "drizzle-orm";
import {
  blob,
  check,
  index,
  integer,
  primaryKey,
  real,
  sqliteTable,
  text,
  uniqueIndex,
} from "drizzle-orm/sqlite-core";

const id = () =>
  text("id")
    .primaryKey()
    .$defaultFn(() => crypto.randomUUID());

/** Milliseconds since the epoch, read back as a Date. */
const timestamp = (name: string) => integer(name, { mode: "timestamp_ms" });
const now = sql`(cast(unixepoch('subsec') * 1000 as integer))`;

/** A list of strings kept as JSON text, e.g. '["SEO","PPC"]'. */
const stringList = (name: string) =>
  text(name, { mode: "json" })
    .$type<string[]>()
    .notNull()
    .default(sql`'[]'`);

/**
 * Staff accounts (decision 031). `owner` may do everything; `editor` writes posts, media and case
 * studies; `contributor` drafts posts and submits them for review (app/platform/http/access.ts). An empty `password` means none is set (a passkey-only account).
 */
export const users = sqliteTable(
  "users",
  {
    id: id(),
    username: text("username").notNull().unique(),
    password: text("password").notNull(),
    role: text("role", { enum: ["owner", "editor", "contributor"] })
      .notNull()
      .default("owner"),
    /** The name posts show; the team member's photo too when linked. */
    name: text("name").notNull().default(""),
    email: text("email").unique(),
    teamMemberId: text("team_member_id").references(() => teamMembers.id, { onDelete: "set null" }),
    /** The authenticator app in force (base32), set only once a code from it has been checked. */
    totpSecret: text("totp_secret"),
    totpConfirmedAt: timestamp("totp_confirmed_at"),
    /** An app being set up: kept apart, so starting a setup never touches the app in force. */
    totpPendingSecret: text("totp_pending_secret"),
    /** The 30-second step of the last code accepted: that code, and any older, cannot be used again. */
    totpLastStep: integer("totp_last_step"),
    /** A password alone is not enough: a passkey, or the password and a code, is. */
    requireSecondFactor: integer("require_second_factor", { mode: "boolean" }).notNull().default(false),
    lastSignInAt: timestamp("last_sign_in_at"),
    // Set by the app: SQLite cannot add a column whose default is an expression (migration 0017).
    createdAt: timestamp("created_at")
      .notNull()
      .$defaultFn(() => new Date()),
  },
  // One person, one name: "Aoife" and "aoife" are the same username (migration 0018).
  (table) => [uniqueIndex("users_username_nocase_unique").on(sql`lower(${table.username})`)],
);

/** WebAuthn credentials (passkeys) a user has registered; the id is the credential's, base64url. */
export const passkeys = sqliteTable(
  "passkeys",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    publicKey: blob("public_key", { mode: "buffer" }).notNull(),
    counter: integer("counter").notNull().default(0),
    transports: stringList("transports"),
    /** What the owner calls it ("Work laptop"); by default the browser and system it was made on. */
    name: text("name").notNull(),
    backedUp: integer("backed_up", { mode: "boolean" }).notNull().default(false),
    createdAt: timestamp("created_at").notNull().default(now),
    lastUsedAt: timestamp("last_used_at"),
  },
  (table) => [index("passkeys_user_idx").on(table.userId)],
);

/** Rules for every account (one row): the owner may require a second step of all staff. */
export const staffPolicy = sqliteTable("staff_policy", {
  id: integer("id").primaryKey(),
  requireSecondFactor: integer("require_second_factor", { mode: "boolean" }).notNull().default(false),
  updatedAt: timestamp("updated_at").notNull().default(now),
});

/** One-time codes for when the authenticator is lost: only a hash is kept, each used once. */
export const recoveryCodes = sqliteTable(
  "recovery_codes",
  {
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    codeHash: text("code_hash").notNull(),
    usedAt: timestamp("used_at"),
  },
  (table) => [primaryKey({ columns: [table.userId, table.codeHash] })],
);

/** An invitation e-mailed to a new member of staff; the link carries its id, sealed, until it expires. */
export const staffInvites = sqliteTable("staff_invites", {
  id: id(),
  email: text("email").notNull(),
  name: text("name").notNull(),
  role: text("role", { enum: ["owner", "editor", "contributor"] }).notNull(),
  invitedBy: text("invited_by").references(() => users.id, { onDelete: "set null" }),
  expiresAt: timestamp("expires_at").notNull(),
  acceptedAt: timestamp("accepted_at"),
  createdAt: timestamp("created_at").notNull().default(now),
});

/** Who did what, when (decision 031): kept a year, read by the owner. The actor's name is copied. */
export const auditLog = sqliteTable(
  "audit_log",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    at: timestamp("at").notNull().default(now),
    actorId: text("actor_id"),
    /** The username at the time, or the address a failed sign-in gave, or "system" (the scheduler). */
    actor: text("actor").notNull(),
    action: text("action").notNull(),
    /** What it was done to, in words ("Post “Local SEO in 2026”"). */
    subject: text("subject").notNull().default(""),
    ip: text("ip"),
  },
  (table) => [
    index("audit_log_at_idx").on(table.at),
    index("audit_log_action_idx").on(table.action, table.at),
    index("audit_log_actor_idx").on(table.actorId, table.at),
  ],
);

/** Sign-in sessions: the cookie carries only the signed id, so signing out ends a session for good. */
export const sessions = sqliteTable(
  "sessions",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    data: text("data", { mode: "json" })
      .$type<Record<string, unknown>>()
      .notNull()
      .default(sql`'{}'`),
    expiresAt: timestamp("expires_at").notNull(),
    createdAt: timestamp("created_at").notNull().default(now),
    /** Moved on as the admin uses the site (at most once a minute); an idle session ends. */
    lastSeenAt: timestamp("last_seen_at").$defaultFn(() => new Date()),
    /** The browser's User-Agent at sign-in, so the admin can tell their sessions apart. */
    userAgent: text("user_agent").notNull().default(""),
  },
  (table) => [index("sessions_expires_idx").on(table.expiresAt)],
);

export const posts = sqliteTable(
  "posts",
  {
    id: id(),
    title: text("title").notNull(),
    slug: text("slug").notNull().unique(),
    excerpt: text("excerpt").notNull(),
    content: text("content").notNull(),
    coverImage: text("cover_image"),
    videoUrl: text("video_url"),
    tags: stringList("tags"),
    /** scheduled: goes live on its own at publishAt (Europe/Dublin in the admin; stored as an instant). */
    status: text("status", { enum: ["draft", "scheduled", "published"] })
      .notNull()
      .default("draft"),
    /** The cover's own alternative text (the editor copies the media library's when a cover is chosen there). */
    coverAlt: text("cover_alt"),
    /** Search and sharing: empty falls back to the title, the excerpt and the cover. */
    seoTitle: text("seo_title"),
    seoDescription: text("seo_description"),
    socialImage: text("social_image"),
    publishAt: timestamp("publish_at"),
    /** When a live post leaves the site on its own (its end, chosen in Dublin time; stored as an instant). */
    unpublishAt: timestamp("unpublish_at"),
    /** When it left the site at its end: its address answers 410, or redirects to `endRedirect`. */
    endedAt: timestamp("ended_at"),
    /** Where its address sends a visitor once it has ended (a path of this site); null: 410 Gone. */
    endRedirect: text("end_redirect"),
    /** When the post first went live: until then its address follows its title. */
    publishedAt: timestamp("published_at"),
    /** A contributor asked for it to be published (an editor or the owner does); cleared once it goes live. */
    reviewRequestedAt: timestamp("review_requested_at"),
    /** Who wrote it (set by the first save); shown on the post. */
    authorId: text("author_id").references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at").notNull().default(now),
    updatedAt: timestamp("updated_at").notNull().default(now),
    deletedAt: timestamp("deleted_at"),
    /** How many problems the checks while writing found at its last save; null: not checked yet. */
    checkProblems: integer("check_problems"),
  },
  // The public list, its count and the tag filter are answered from these two indexes without reading
  // the rows (which carry the bodies), so the blog is as quick at 10,000 posts as at 10. Search has its
  // own full-text index (posts_search, migration 0005).
  (table) => [
    // Its change time too: the sitemap's addresses and dates without reading a body.
    index("posts_listing_idx").on(table.status, table.deletedAt, table.createdAt, table.id, table.updatedAt),
    index("posts_id_state_idx").on(table.id, table.status, table.deletedAt),
    index("posts_schedule_idx").on(table.status, table.publishAt),
    index("posts_end_idx").on(table.status, table.unpublishAt),
    index("posts_check_problems_idx").on(table.checkProblems),
  ],
);

/** The kinds of content the editor writes: they share its autosave and revisions. */
export const EDITED_KINDS = ["post", "case-study"] as const;
export type EditedKind = (typeof EDITED_KINDS)[number];
/**
 * What the admin's unsaved work is kept for: the editor's kinds, a page's copy (keyed by the page's key),
 * and a post's or case study's translation (keyed "<source id>-<language>", made or not).
 */
export const AUTOSAVE_KINDS = [
  ...EDITED_KINDS,
  "page",
  "post-translation",
  "case-study-translation",
] as const;
export type AutosaveKind = (typeof AUTOSAVE_KINDS)[number];

/**
 * What a post or a case study looked like after each save while it was live, for the admin to compare
 * and restore. Exactly one of post_id and case_study_id is set: each cascades with its own row.
 */
export const revisions = sqliteTable(
  "revisions",
  {
    id: id(),
    postId: text("post_id").references(() => posts.id, { onDelete: "cascade" }),
    caseStudyId: text("case_study_id").references(() => caseStudies.id, { onDelete: "cascade" }),
    /** The editable fields as saved (title, slug, excerpt, body, cover, tags, SEO...). */
    snapshot: text("snapshot", { mode: "json" }).$type<Record<string, unknown>>().notNull(),
    authorId: text("author_id").references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at").notNull().default(now),
  },
  (table) => [
    index("revisions_post_idx").on(table.postId, table.createdAt),
    index("revisions_case_study_idx").on(table.caseStudyId, table.createdAt),
    check("revisions_one_owner", sql`(${table.postId} is null) <> (${table.caseStudyId} is null)`),
  ],
);

/** Every image, video, audio file and document (PDF) uploaded to the site: the media library. */
export const media = sqliteTable(
  "media",
  {
    id: id(),
    /** The public address (/uploads/...), the same string posts store. */
    url: text("url").notNull().unique(),
    /** The uploaded file's own name ("team-offsite.jpg"): how the owner knows it ("" when not sent). */
    name: text("name").notNull().default(""),
    kind: text("kind", { enum: ["image", "video", "audio", "document"] }).notNull(),
    mime: text("mime").notNull(),
    width: integer("width"),
    height: integer("height"),
    bytes: integer("bytes").notNull(),
    alt: text("alt").notNull().default(""),
    caption: text("caption").notNull().default(""),
    /** A video's WebVTT captions file (/uploads/captions/...). */
    captionsUrl: text("captions_url"),
    /** The point every crop keeps in view, in % across and down (the middle by default). */
    focalX: integer("focal_x").notNull().default(50),
    focalY: integer("focal_y").notNull().default(50),
    createdAt: timestamp("created_at").notNull().default(now),
  },
  (table) => [index("media_created_idx").on(table.createdAt)],
);

/**
 * The editor's unsaved work, saved as the admin types: one per admin and post or case study ("new" for
 * one not created yet), or page (its key: "services/seo").
 */
export const autosaves = sqliteTable(
  "autosaves",
  {
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: AUTOSAVE_KINDS }).notNull(),
    itemKey: text("item_key").notNull(),
    values: text("values", { mode: "json" }).$type<Record<string, unknown>>().notNull(),
    updatedAt: timestamp("updated_at").notNull().default(now),
  },
  (table) => [primaryKey({ columns: [table.userId, table.kind, table.itemKey] })],
);

/**
 * One row per tag of a post: the indexed copy of posts.tags that the tag filter and the tag list
 * read. Written together with the post, in the same transaction (services/posts.server.ts).
 */
export const postTags = sqliteTable(
  "post_tags",
  {
    postId: text("post_id")
      .notNull()
      .references(() => posts.id, { onDelete: "cascade" }),
    tag: text("tag").notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.postId, table.tag] }),
    index("post_tags_tag_idx").on(table.tag, table.postId),
  ],
);

/**
 * Redirects the owner keeps (decision 030): an exact path, or with `prefix` everything under it (the
 * rest of the path carried over), to a path or an absolute URL, answered with `status` (301 or 302).
 */
export const redirects = sqliteTable("redirects", {
  id: id(),
  fromPath: text("from_path").notNull().unique(),
  toPath: text("to_path").notNull(),
  status: integer("status").notNull().default(301),
  prefix: integer("prefix", { mode: "boolean" }).notNull().default(false),
  createdAt: timestamp("created_at").notNull().default(now),
});

/** The paths visitors found missing (404): how often, when last, and the page that linked there. */
export const notFoundHits = sqliteTable(
  "not_found_hits",
  {
    path: text("path").primaryKey(),
    count: integer("count").notNull().default(1),
    referrer: text("referrer"),
    firstSeenAt: timestamp("first_seen_at").notNull().default(now),
    lastSeenAt: timestamp("last_seen_at").notNull().default(now),
  },
  (table) => [index("not_found_hits_last_seen_idx").on(table.lastSeenAt)],
);

/**
 * Newsletter subscribers (decision 029): "pending" until the address's owner opens the confirmation
 * link; only "confirmed" ones are sent anything. The consent record is what they agreed to (the
 * wording and its version), on which form, from which client address (a keyed hash), and when.
 */
export const newsletterSubscribers = sqliteTable(
  "newsletter_subscribers",
  {
    id: id(),
    /** Stored lower-case, so one address is one subscriber. */
    email: text("email").notNull().unique(),
    status: text("status", { enum: ["pending", "confirmed"] })
      .notNull()
      .default("pending"),
    /** When they asked (the latest sign-up while pending). */
    createdAt: timestamp("created_at").notNull().default(now),
    confirmedAt: timestamp("confirmed_at"),
    consentVersion: text("consent_version"),
    consentText: text("consent_text"),
    /** Where they signed up: "blog", "api", "unsubscribe page". */
    consentSource: text("consent_source"),
    consentClientHash: text("consent_client_hash"),
    /** The language of the page they signed up on ("ga"): their e-mails and pages are in it; null is the default. */
    lang: text("lang"),
  },
  (table) => [index("newsletter_subscribers_status_idx").on(table.status, table.createdAt)],
);

/** Addresses that unsubscribed, kept only as a hash so they are never mailed again. */
export const newsletterSuppressions = sqliteTable("newsletter_suppressions", {
  emailHash: text("email_hash").primaryKey(),
  createdAt: timestamp("created_at").notNull().default(now),
});

/**
 * A post sent as a newsletter: once per post. The e-mail is rendered when it is sent and kept, so a
 * send that resumes after a restart sends what was approved; each recipient is a job of this batch.
 */
export const newsletterSends = sqliteTable(
  "newsletter_sends",
  {
    id: id(),
    postId: text("post_id")
      .notNull()
      .references(() => posts.id, { onDelete: "cascade" }),
    subject: text("subject").notNull(),
    html: text("html").notNull(),
    text: text("text").notNull(),
    recipients: integer("recipients").notNull(),
    createdAt: timestamp("created_at").notNull().default(now),
    /** The language whose subscribers it went to; none: everyone not reached by an earlier send of the post. */
    audience: text("audience"),
    /**
     * While its subscribers are still being made into jobs, a slice at a time: the last subscriber's
     * rowid done (0 before the first). Null once every one is queued.
     */
    queueAfter: integer("queue_after"),
  },
  // A post goes to each audience once (the rest, null, counted as one audience too).
  (table) => [
    uniqueIndex("newsletter_sends_post_audience_idx").on(table.postId, sql`coalesce(${table.audience}, '')`),
  ],
);

/** A result of a case study: "312%" over "Online Bookings". */
export type Metric = { value: string; label: string };
/** An image of a case study's gallery, from the media library, with the text that stands in for it. */
export type GalleryImage = { url: string; alt: string; caption?: string };

/** Whether an item the agency edits (a case study, a testimonial…) is shown on the site. */
const visibility = () =>
  text("status", { enum: ["draft", "published"] })
    .notNull()
    .default("published");
/** The agency's own order (the admin's Up/Down): smaller first. */
const position = () => integer("position").notNull().default(0);

export const caseStudies = sqliteTable(
  "case_studies",
  {
    id: id(),
    title: text("title").notNull(),
    slug: text("slug").notNull().unique(),
    clientName: text("client_name").notNull().default(""),
    excerpt: text("excerpt").notNull(),
    /** The old single write-up (simple markdown): moved into the fields below at start-up, then empty. */
    legacyMarkdown: text("content").notNull().default(""),
    /** What the client was up against (plain text, paragraphs). */
    challenge: text("challenge").notNull().default(""),
    /** The approach: sanitized HTML written with the blog's editor. */
    body: text("body").notNull().default(""),
    /** What came of it, beside the metrics (plain text). */
    outcome: text("outcome").notNull().default(""),
    category: text("category").notNull(),
    coverImage: text("cover_image"),
    coverAlt: text("cover_alt"),
    gallery: text("gallery", { mode: "json" })
      .$type<GalleryImage[]>()
      .notNull()
      .default(sql`'[]'`),
    metrics: text("metrics", { mode: "json" })
      .$type<Metric[]>()
      .notNull()
      .default(sql`'[]'`),
    tags: stringList("tags"),
    /** The services delivered. */
    credits: stringList("credits"),
    testimonialId: text("testimonial_id").references(() => testimonials.id, { onDelete: "set null" }),
    featured: integer("featured", { mode: "boolean" }).notNull().default(false),
    status: visibility(),
    position: position(),
    /** When it was first published: until then its address follows its title. */
    publishedAt: timestamp("published_at"),
    createdAt: timestamp("created_at").notNull().default(now),
    updatedAt: timestamp("updated_at").notNull().default(now),
    deletedAt: timestamp("deleted_at"),
    /** When a published case study leaves the site on its own (null: it stays). */
    unpublishAt: timestamp("unpublish_at"),
    /** When it left the site at its end: its address answers 410, or redirects to `endRedirect`. */
    endedAt: timestamp("ended_at"),
    /** Where its address sends visitors once it has ended (a path of this site); null: 410 Gone. */
    endRedirect: text("end_redirect"),
    /** How many problems the checks while writing found at its last save (null: not checked yet). */
    checkProblems: integer("check_problems"),
  },
  (table) => [
    index("case_studies_category_idx").on(table.category),
    index("case_studies_order_idx").on(table.status, table.position),
    // The public lists, their counts, the categories, a service's studies and the addresses with their
    // change times are answered from these without reading the rows: every column after the write-up (status,
    // category, position, times) sits past 100 KB of it, in pages SQLite walks one by one.
    index("case_studies_listing_idx").on(
      table.status,
      table.deletedAt,
      table.position,
      table.createdAt,
      table.id,
      table.updatedAt,
      // What the home's and a service's studies are chosen by, and a service's quotes.
      table.featured,
      table.credits,
      table.testimonialId,
    ),
    // The admin's list, drafts too, a page at a time in the same order.
    index("case_studies_admin_idx").on(table.deletedAt, table.position, table.createdAt, table.id),
    index("case_studies_category_listing_idx").on(
      table.status,
      table.deletedAt,
      table.category,
      table.position,
      table.createdAt,
      table.id,
    ),
    index("case_studies_end_idx").on(table.status, table.unpublishAt),
    index("case_studies_check_problems_idx").on(table.checkProblems),
  ],
);

/**
 * A post's or a case study's earlier slugs, answered with a 301 to its current address; keyed by the
 * kind, as each kind has its own addresses. The row's own post_id or case_study_id (the one of its
 * kind) cascades with it.
 */
export const oldAddresses = sqliteTable(
  "old_addresses",
  {
    kind: text("kind", { enum: EDITED_KINDS }).notNull(),
    oldSlug: text("old_slug").notNull(),
    postId: text("post_id").references(() => posts.id, { onDelete: "cascade" }),
    caseStudyId: text("case_study_id").references(() => caseStudies.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at").notNull().default(now),
  },
  (table) => [
    primaryKey({ columns: [table.kind, table.oldSlug] }),
    check(
      "old_addresses_owner_of_its_kind",
      sql`(${table.kind} = 'post' and ${table.postId} is not null and ${table.caseStudyId} is null) or (${table.kind} = 'case-study' and ${table.caseStudyId} is not null and ${table.postId} is null)`,
    ),
  ],
);

export const testimonials = sqliteTable("testimonials", {
  id: id(),
  quote: text("quote").notNull(),
  name: text("name").notNull(),
  role: text("role").notNull().default(""),
  company: text("company").notNull().default(""),
  /** A photo of the person or the company's logo (/uploads/...). */
  image: text("image"),
  featured: integer("featured", { mode: "boolean" }).notNull().default(false),
  status: visibility(),
  position: position(),
  createdAt: timestamp("created_at").notNull().default(now),
  updatedAt: timestamp("updated_at").notNull().default(now),
});

export const teamMembers = sqliteTable("team_members", {
  id: id(),
  name: text("name").notNull(),
  role: text("role").notNull(),
  bio: text("bio").notNull().default(""),
  photo: text("photo"),
  /** A relaxed picture of them at work (landscape or square), shown on the about page with others'. */
  candidPhoto: text("candid_photo"),
  highlights: stringList("highlights"),
  /** The team this person leads ("Creative Team"), shown with what the team does; empty: none. */
  team: text("team").notNull().default(""),
  teamSummary: text("team_summary").notNull().default(""),
  status: visibility(),
  position: position(),
  createdAt: timestamp("created_at").notNull().default(now),
  updatedAt: timestamp("updated_at").notNull().default(now),
});

export const clientLogos = sqliteTable("client_logos", {
  id: id(),
  name: text("name").notNull(),
  logo: text("logo"),
  url: text("url").notNull().default(""),
  status: visibility(),
  position: position(),
  createdAt: timestamp("created_at").notNull().default(now),
  updatedAt: timestamp("updated_at").notNull().default(now),
});

/** The about page's story: a milestone a year, in the agency's order. */
export const milestones = sqliteTable("milestones", {
  id: id(),
  year: integer("year").notNull(),
  /** The milestone's title (called name, as every list's item is). */
  name: text("name").notNull(),
  text: text("text").notNull().default(""),
  /** The founding: shown with the settings' year founded, so the story and the settings agree. */
  founding: integer("founding", { mode: "boolean" }).notNull().default(false),
  status: visibility(),
  position: position(),
  createdAt: timestamp("created_at").notNull().default(now),
  updatedAt: timestamp("updated_at").notNull().default(now),
});
export type Milestone = typeof milestones.$inferSelect;

export type PackageFeature = { name: string; detail: string };

export const packages = sqliteTable("packages", {
  id: id(),
  name: text("name").notNull(),
  description: text("description").notNull().default(""),
  /** Whole euro per month. */
  pricePerMonth: integer("price_per_month").notNull(),
  features: text("features", { mode: "json" })
    .$type<PackageFeature[]>()
    .notNull()
    .default(sql`'[]'`),
  popular: integer("popular", { mode: "boolean" }).notNull().default(false),
  status: visibility(),
  position: position(),
  createdAt: timestamp("created_at").notNull().default(now),
  updatedAt: timestamp("updated_at").notNull().default(now),
});

/** The agency's facts (name, contact details, address, headline stats): one row, see site-settings.server.ts. */
export const siteSettings = sqliteTable("site_settings", {
  id: integer("id").primaryKey(),
  values: text("values", { mode: "json" }).$type<Record<string, unknown>>().notNull(),
  updatedAt: timestamp("updated_at").notNull().default(now),
});

/** Which kinds of seeded content have been written once (so the admin emptying a list keeps it empty). */
export const seededContent = sqliteTable("seeded_content", {
  kind: text("kind").primaryKey(),
  seededAt: timestamp("seeded_at").notNull().default(now),
});

/** Where a visit came from: UTM tags first, else the referring site, else "Direct". */
export type Attribution = {
  source: string;
  medium: string;
  campaign: string | null;
  referrer: string | null;
  landingPage: string;
};

export const enquiries = sqliteTable(
  "enquiries",
  {
    id: id(),
    name: text("name").notNull(),
    email: text("email").notNull(),
    budget: text("budget"),
    goals: text("goals").notNull(),
    /** new → contacted → closed (and back), or spam until rescued: see docs/decisions/006 and 026. */
    status: text("status", { enum: ["new", "contacted", "closed", "spam"] })
      .notNull()
      .default("new"),
    /** What made it look automated, in words, with its score (0 for a clean one): decision 026. */
    spamScore: integer("spam_score").notNull().default(0),
    spamReasons: text("spam_reasons", { mode: "json" }).$type<string[]>().notNull().default([]),
    /** A hash of the form's start token: a token is good for one enquiry, across restarts. */
    formToken: text("form_token"),
    /** Where the visit that sent it came from, and the pages it saw (decision 028); null if unknown. */
    attribution: text("attribution", { mode: "json" }).$type<Attribution>(),
    visitPages: text("visit_pages", { mode: "json" }).$type<string[]>().notNull().default([]),
    /** The counted visit (visits.id) it was sent in, when the beacon saw one: what the conversion rate counts. */
    visitId: integer("visit_id"),
    /** The language of the page it was sent from ("ga" from /ga/contact); null for the API and older enquiries. */
    lang: text("lang"),
    createdAt: timestamp("created_at").notNull().default(now),
  },
  (table) => [
    index("enquiries_created_idx").on(table.createdAt),
    index("enquiries_status_idx").on(table.status, table.createdAt),
    index("enquiries_form_token_idx").on(table.formToken),
    index("enquiries_email_idx").on(table.email, table.createdAt),
  ],
);

/** What happened to an enquiry after it arrived: moves between folders and notes, with who and when. */
export const enquiryEvents = sqliteTable(
  "enquiry_events",
  {
    id: id(),
    enquiryId: text("enquiry_id")
      .notNull()
      .references(() => enquiries.id, { onDelete: "cascade" }),
    /** A move between folders, a note, or a reply e-mailed from the admin (note: its subject and text). */
    kind: text("kind", { enum: ["status", "note", "reply"] }).notNull(),
    /** For a move: the folder it moved to. */
    status: text("status", { enum: ["new", "contacted", "closed", "spam"] }),
    note: text("note"),
    /** The admin's username (kept as written, so the history reads the same after an account goes). */
    by: text("by").notNull(),
    createdAt: timestamp("created_at").notNull().default(now),
  },
  (table) => [index("enquiry_events_enquiry_idx").on(table.enquiryId, table.createdAt)],
);

/**
 * The durable queue (decision 027): e-mails and webhook deliveries are written in the transaction of
 * what they report and tried until done, with back-off, for about a day. `target` is where it goes (an
 * address or a URL), `about` the e-mail address of the person it concerns (for erasure), `payload` what
 * the worker needs (an e-mail's parts, a webhook's body).
 */
export const jobs = sqliteTable(
  "jobs",
  {
    id: id(),
    kind: text("kind", { enum: ["mail", "webhook", "newsletter"] }).notNull(),
    target: text("target").notNull(),
    /** What the delivery log shows: an e-mail's subject, a webhook's event. */
    title: text("title").notNull(),
    about: text("about"),
    payload: text("payload", { mode: "json" }).$type<Record<string, unknown>>().notNull(),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: timestamp("next_attempt_at").notNull().default(now),
    doneAt: timestamp("done_at"),
    lastError: text("last_error"),
    /** The newsletter send a job is one recipient of: one job per address and send. */
    batch: text("batch"),
    /** Set while a newsletter e-mail is being handed to the mail server (see markInterruptedSends). */
    startedAt: timestamp("started_at"),
    createdAt: timestamp("created_at").notNull().default(now),
  },
  (table) => [
    index("jobs_pending_idx").on(table.doneAt, table.nextAttemptAt),
    uniqueIndex("jobs_batch_target_idx").on(table.batch, table.target),
    index("jobs_about_idx").on(table.about),
    // An address's pending newsletter e-mails, dropped when it unsubscribes or is removed.
    index("jobs_target_idx").on(table.target),
    index("jobs_created_idx").on(table.createdAt),
  ],
);

/**
 * Cookie-free analytics (decision 028). The salt that makes today's visitor hashes is deleted when the
 * day is over, so no hash can be linked to an address afterwards or to the same visitor another day.
 */
export const analyticsSalts = sqliteTable("analytics_salts", {
  day: text("day").primaryKey(),
  salt: text("salt").notNull(),
});

/** A visit: one visitor's page views with no 30-minute gap and one source. Kept a few days. */
export const visits = sqliteTable(
  "visits",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    day: text("day").notNull(),
    visitor: text("visitor").notNull(),
    startedAt: timestamp("started_at").notNull(),
    lastSeenAt: timestamp("last_seen_at").notNull(),
    landingPage: text("landing_page").notNull(),
    referrer: text("referrer"),
    source: text("source").notNull(),
    medium: text("medium").notNull(),
    campaign: text("campaign"),
    device: text("device", { enum: ["mobile", "tablet", "desktop"] }).notNull(),
  },
  (table) => [
    index("visits_visitor_idx").on(table.visitor, table.day, table.lastSeenAt),
    index("visits_day_idx").on(table.day),
  ],
);

/** A page view of a visit. Kept a few days, then only the daily roll-up remains. */
export const pageViews = sqliteTable(
  "page_views",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    visitId: integer("visit_id").notNull(),
    day: text("day").notNull(),
    path: text("path").notNull(),
    at: timestamp("at").notNull(),
  },
  (table) => [index("page_views_day_idx").on(table.day), index("page_views_visit_idx").on(table.visitId)],
);

/**
 * A finished day's figures per dimension ("total" with value "", "page", "landing", "source", "medium",
 * "campaign", "referrer", "device"): a year is a few tens of thousands of rows.
 */
export const analyticsDaily = sqliteTable(
  "analytics_daily",
  {
    day: text("day").notNull(),
    dimension: text("dimension").notNull(),
    value: text("value").notNull(),
    visitors: integer("visitors").notNull(),
    visits: integer("visits").notNull(),
    views: integer("views").notNull(),
  },
  (table) => [primaryKey({ columns: [table.day, table.dimension, table.value] })],
);

/**
 * Today's figures (and those of any day not rolled up yet) per dimension and value, counted as the page
 * views arrive, so a report reads a few thousand rows however busy the day was. `id` orders the values
 * by when they were first seen (a tie between values kept by name goes to the first); `sketch` holds the
 * day's distinct visitors of the value (visitor-sketch.ts). Up to LIVE_VALUES values a day and
 * dimension by name, the rest as "(other)"; the roll-up keeps VALUES_PER_DAY of them.
 */
export const analyticsLive = sqliteTable(
  "analytics_live",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    day: text("day").notNull(),
    dimension: text("dimension").notNull(),
    value: text("value").notNull(),
    visitors: integer("visitors").notNull(),
    visits: integer("visits").notNull(),
    views: integer("views").notNull(),
    sketch: blob("sketch", { mode: "buffer" }).$type<Buffer>().notNull(),
  },
  (table) => [uniqueIndex("analytics_live_value_idx").on(table.day, table.dimension, table.value)],
);

/**
 * The Web Vitals of a day not rolled up yet per page and device class, and for the whole site (page
 * "*"), counted as they arrive: the histograms and causes of vitals_daily, the causes not cut to the
 * few kept yet.
 */
export const vitalsLive = sqliteTable(
  "vitals_live",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    day: text("day").notNull(),
    page: text("page").notNull(),
    device: text("device", { enum: ["phone", "desktop"] }).notNull(),
    measured: integer("measured").notNull(),
    histograms: text("histograms", { mode: "json" }).$type<Record<string, number[]>>().notNull(),
    causes: text("causes", { mode: "json" }).$type<Record<string, [string, number][]>>().notNull(),
  },
  (table) => [uniqueIndex("vitals_live_page_idx").on(table.day, table.page, table.device)],
);

/**
 * A page view's Web Vitals as the visitor's browser measured them (decision 048): the last value of
 * each, and for LCP, INP and CLS the element that caused it. Kept as long as the page views, then only
 * the daily histograms remain.
 */
export const pageVitals = sqliteTable(
  "page_vitals",
  {
    pageViewId: integer("page_view_id").notNull(),
    day: text("day").notNull(),
    vital: text("vital", { enum: ["LCP", "INP", "CLS", "FCP", "TTFB"] }).notNull(),
    value: real("value").notNull(),
    cause: text("cause"),
  },
  (table) => [
    primaryKey({ columns: [table.pageViewId, table.vital] }),
    index("page_vitals_day_idx").on(table.day),
  ],
);

/**
 * A finished day's Web Vitals per page and device class, and for the whole site (page "*"): one fixed
 * histogram per vital, and the elements most often behind the values that were not good.
 */
export const vitalsDaily = sqliteTable(
  "vitals_daily",
  {
    day: text("day").notNull(),
    page: text("page").notNull(),
    device: text("device", { enum: ["phone", "desktop"] }).notNull(),
    /** How many values the histograms hold: what ranks the pages. */
    measured: integer("measured").notNull(),
    /** `{"LCP": [250, 3, 251, 1], …}`: bucket number, then how many values fell in it (vitals/histogram.ts). */
    histograms: text("histograms", { mode: "json" }).$type<Record<string, number[]>>().notNull(),
    /** `{"LCP": [["img.hero", 3]], …}`: the causes of the values that were not good, most frequent first. */
    causes: text("causes", { mode: "json" }).$type<Record<string, [string, number][]>>().notNull(),
  },
  (table) => [primaryKey({ columns: [table.day, table.page, table.device] })],
);

export type User = typeof users.$inferSelect;
export type Post = typeof posts.$inferSelect;
export type Media = typeof media.$inferSelect;
export type NewPost = typeof posts.$inferInsert;
export type CaseStudy = typeof caseStudies.$inferSelect;
export type NewCaseStudy = typeof caseStudies.$inferInsert;
export type Testimonial = typeof testimonials.$inferSelect;
export type TeamMember = typeof teamMembers.$inferSelect;
export type ClientLogo = typeof clientLogos.$inferSelect;
export type Package = typeof packages.$inferSelect;
export type Enquiry = typeof enquiries.$inferSelect;
export type NewsletterSubscriber = typeof newsletterSubscribers.$inferSelect;
export type NewsletterSend = typeof newsletterSends.$inferSelect;
export type Redirect = typeof redirects.$inferSelect;
export type NotFoundHit = typeof notFoundHits.$inferSelect;
export type NewEnquiry = typeof enquiries.$inferInsert;
export type EnquiryEvent = typeof enquiryEvents.$inferSelect;
export type Job = typeof jobs.$inferSelect;
export type Visit = typeof visits.$inferSelect;

/**
 * A site brought over from WordPress or Ghost: the uploaded export (kept until the import ends), what
 * it holds, and how far the import has gone. It runs in the background and resumes after a restart.
 */
export const imports = sqliteTable("imports", {
  id: id(),
  /** Where it comes from: a WordPress or Ghost export, or an archive of a site like this one. */
  source: text("source", { enum: ["wordpress", "ghost", "archive"] }).notNull(),
  /** The old site's address, as its export names it: what each imported item is matched on. */
  site: text("site").notNull(),
  fileName: text("file_name").notNull(),
  /** The export on disk, under the data folder, while the import needs it. */
  filePath: text("file_path"),
  status: text("status", { enum: ["previewed", "running", "done", "failed"] })
    .notNull()
    .default("previewed"),
  /** What the export holds (the preview), then what came across. */
  plan: text("plan", { mode: "json" }).$type<ImportCounts>().notNull(),
  counts: text("counts", { mode: "json" }).$type<ImportCounts>().notNull(),
  problems: stringList("problems"),
  error: text("error"),
  startedBy: text("started_by"),
  /**
   * Runs begun and not yet ended, cleanly or not: one left over at a start means the last run died
   * with the process; two, that its retry did too, and the import is then failed, not run again.
   */
  attempts: integer("attempts").notNull().default(0),
  /** The owner's choice: a post whose images could not be fetched stays a draft until they are. */
  keepDrafts: integer("keep_drafts", { mode: "boolean" }).notNull().default(true),
  /**
   * What the preview offers the owner to choose (where each old address without a page like it here
   * goes, what each tag becomes) and what they chose: the run follows it.
   */
  choices: text("choices", { mode: "json" }).$type<ImportChoices>().notNull().default({}),
  createdAt: timestamp("created_at").notNull().default(now),
  finishedAt: timestamp("finished_at"),
});
export type Import = typeof imports.$inferSelect;
/** An old address without a page like it here: the closest page is offered first; `to` null is a 404. */
export type AddressChoice = { from: string; title: string; closest: string; to: string | null };
/** A tag of the export (its spellings merged), how many posts carry it, and the tag it becomes. */
export type TagChoice = { name: string; uses: number; to: string };
export type ImportChoices = { addresses?: AddressChoice[]; tags?: TagChoice[] };

/**
 * What an import could not fetch, for each post that uses it: the address the post was given (which
 * links to the old site until the file is here) and the file to fetch. "Fetch the missing images
 * again" tries exactly these, and a row goes once its file is here.
 */
export const importFailures = sqliteTable(
  "import_failures",
  {
    importId: text("import_id")
      .notNull()
      .references(() => imports.id, { onDelete: "cascade" }),
    postId: text("post_id").notNull(),
    /** "image" in a body, "cover" for a post's cover, "media" for another file (a PDF, a recording). */
    kind: text("kind", { enum: ["image", "cover", "media"] }).notNull(),
    address: text("address").notNull(),
    source: text("source").notNull(),
    createdAt: timestamp("created_at").notNull().default(now),
  },
  (table) => [primaryKey({ columns: [table.importId, table.postId, table.kind, table.address] })],
);
export type ImportCounts = Record<string, number>;

/**
 * A post an import kept as a draft only because some of its files could not be fetched: the status it
 * had there, and when the import last left it (a later change is someone's edit). Once a retry has
 * fetched all it misses and nobody edited it, it goes live as it was.
 */
export const importHeldPosts = sqliteTable(
  "import_held_posts",
  {
    importId: text("import_id")
      .notNull()
      .references(() => imports.id, { onDelete: "cascade" }),
    postId: text("post_id").notNull(),
    status: text("status", { enum: ["scheduled", "published"] }).notNull(),
    untouchedAt: timestamp("untouched_at").notNull(),
    /** When a retry put it live; null while it waits. */
    releasedAt: timestamp("released_at"),
    /** When a retry had fetched all it missed but found it edited since: it stays a draft. */
    keptAt: timestamp("kept_at"),
  },
  (table) => [primaryKey({ columns: [table.importId, table.postId] })],
);

/**
 * What each item of an old site became here (a post, an image, a redirect), so an import run again,
 * or resumed, adds nothing twice. Keyed on the old site and the item's old id.
 */
export const importedItems = sqliteTable(
  "imported_items",
  {
    site: text("site").notNull(),
    /** "post:123", "image:https://old.example/wp-content/uploads/a.jpg" … */
    oldKey: text("old_key").notNull(),
    /** Where it lives here: a post's id, an image's address. */
    newValue: text("new_value").notNull(),
    createdAt: timestamp("created_at").notNull().default(now),
  },
  (table) => [primaryKey({ columns: [table.site, table.oldKey] })],
);

/**
 * The words of every public page (home, each service, about, contact, the legal pages, the 404), one
 * row a page, keyed by its address-like key ("home", "services/seo", "legal/privacy"). The copy is the
 * page's fields as JSON, checked by the page's schema (app/features/pages/copy): what visitors read
 * (published) and the next version being written (draft, null when none). `position` and `hidden`
 * are the service pages' place in the lists and whether they show, for when services are rearranged.
 */
export const pageCopy = sqliteTable("page_copy", {
  key: text("key").primaryKey(),
  published: text("published", { mode: "json" }).$type<Record<string, unknown>>().notNull(),
  draft: text("draft", { mode: "json" }).$type<Record<string, unknown>>(),
  position: integer("position").notNull().default(0),
  hidden: integer("hidden", { mode: "boolean" }).notNull().default(false),
  publishedAt: timestamp("published_at").notNull().default(now),
  publishedBy: text("published_by").references(() => users.id, { onDelete: "set null" }),
  draftSavedAt: timestamp("draft_saved_at"),
  draftSavedBy: text("draft_saved_by").references(() => users.id, { onDelete: "set null" }),
  /**
   * How many problems the checks while writing find in the draft waiting, else in the published words:
   * kept at each save, publish and restore; null until counted (a page seeded, imported or from before).
   */
  checkProblems: integer("check_problems"),
});

/** A page's published copy as it was before each publish, newest last: for comparing and restoring. */
export const pageRevisions = sqliteTable(
  "page_revisions",
  {
    id: id(),
    pageKey: text("page_key")
      .notNull()
      .references(() => pageCopy.key, { onDelete: "cascade" }),
    copy: text("copy", { mode: "json" }).$type<Record<string, unknown>>().notNull(),
    /** Who had published this copy, and when it went live. */
    publishedBy: text("published_by").references(() => users.id, { onDelete: "set null" }),
    publishedAt: timestamp("published_at").notNull(),
    createdAt: timestamp("created_at").notNull().default(now),
  },
  (table) => [index("page_revisions_page_idx").on(table.pageKey, table.createdAt)],
);

/** One arm of an experiment: its key ("control", "b", "c", "d") and the words it shows. */
export type ExperimentArm = { key: string; text: string };

/**
 * A test of one plain field of a page's copy (decision 056): the control (the published words when it
 * started) and one to three variants, the share of visitors in it, and what counts as a conversion. At
 * most one runs per page. Not tied to `page_copy` by a foreign key: a service given a new address moves
 * its row, and an experiment's results outlive the page.
 */
export const experiments = sqliteTable(
  "experiments",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    pageKey: text("page_key").notNull(),
    /** The field's path in the page's copy ("hero.headline", "sections.2.title"). */
    field: text("field").notNull(),
    arms: text("arms", { mode: "json" }).$type<ExperimentArm[]>().notNull(),
    goal: text("goal", { enum: ["enquiry", "newsletter", "contact"] }).notNull(),
    /** The percentage of visitors in the test; the others see the control and are not counted. */
    share: integer("share").notNull().default(100),
    status: text("status", { enum: ["running", "stopped"] })
      .notNull()
      .default("running"),
    startedAt: timestamp("started_at").notNull().default(now),
    startedBy: text("started_by").references(() => users.id, { onDelete: "set null" }),
    stoppedAt: timestamp("stopped_at"),
    stoppedBy: text("stopped_by").references(() => users.id, { onDelete: "set null" }),
    /** The arm whose words were published when it stopped, if any. */
    appliedArm: text("applied_arm"),
  },
  (table) => [
    uniqueIndex("experiments_one_running_per_page")
      .on(table.pageKey)
      .where(sql`status = 'running'`),
  ],
);

/**
 * Who saw an arm: one row a visitor-day (the analytics' salted daily hash, which nobody can tie to a
 * person once the day's salt is deleted), counted on the server whether or not the page's script ran,
 * and whether that visitor-day converted.
 */
export const experimentVisitors = sqliteTable(
  "experiment_visitors",
  {
    experimentId: integer("experiment_id")
      .notNull()
      .references(() => experiments.id, { onDelete: "cascade" }),
    day: text("day").notNull(),
    visitor: text("visitor").notNull(),
    arm: text("arm").notNull(),
    converted: integer("converted", { mode: "boolean" }).notNull().default(false),
  },
  (table) => [
    primaryKey({ columns: [table.experimentId, table.day, table.visitor] }),
    index("experiment_visitors_arm_idx").on(table.experimentId, table.arm, table.day),
    // The roll-up deletes finished days' rows: found by day, not by reading every row of today.
    index("experiment_visitors_day_idx").on(table.day),
  ],
);

/**
 * An experiment's figures per day and arm, counted as the visitor-days and conversions arrive: the
 * results read these (a few rows a day), never the visitor rows, which are kept only for the day they
 * are about (a conversion must come the same day) and then deleted by the roll-up.
 */
export const experimentDaily = sqliteTable(
  "experiment_daily",
  {
    experimentId: integer("experiment_id")
      .notNull()
      .references(() => experiments.id, { onDelete: "cascade" }),
    day: text("day").notNull(),
    arm: text("arm").notNull(),
    visitors: integer("visitors").notNull().default(0),
    conversions: integer("conversions").notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.experimentId, table.day, table.arm] })],
);

/**
 * A newsletter sign-up waiting for its confirmation, for the arm its visitor-day saw: the sign-up
 * counts as a conversion only once confirmed (an unconfirmed address is nobody's yet), for the day it
 * was made. Keyed by a hash of the address, never the address; gone when confirmed or the link expires.
 */
export const experimentSignups = sqliteTable(
  "experiment_signups",
  {
    emailKey: text("email_key").notNull(),
    experimentId: integer("experiment_id")
      .notNull()
      .references(() => experiments.id, { onDelete: "cascade" }),
    day: text("day").notNull(),
    arm: text("arm").notNull(),
    createdAt: timestamp("created_at").notNull().default(now),
  },
  (table) => [
    primaryKey({ columns: [table.emailKey, table.experimentId] }),
    index("experiment_signups_created_idx").on(table.createdAt),
  ],
);

/**
 * The languages the site is in (one row): the default one, whose addresses have no prefix and in which
 * the pages' own copy is written, and the others, each under its prefix ("/ga/…"). Codes are those the
 * product has interface words for (app/platform/i18n/languages.ts).
 */
export const languageSettings = sqliteTable("language_settings", {
  id: integer("id").primaryKey(),
  defaultLanguage: text("default_language").notNull(),
  languages: text("languages", { mode: "json" }).$type<string[]>().notNull(),
  updatedAt: timestamp("updated_at").notNull().default(now),
});

/**
 * A page's copy in another language: at most one a language, linked to its source page (follows it when
 * a service is readdressed, goes with it). Published and draft as in page_copy; `sourcePublishedAt` is
 * when the source had been published at the moment this translation was, so a later publish of the
 * source marks the translation outdated.
 */
export const pageTranslations = sqliteTable(
  "page_translations",
  {
    pageKey: text("page_key")
      .notNull()
      .references(() => pageCopy.key, { onDelete: "cascade", onUpdate: "cascade" }),
    lang: text("lang").notNull(),
    published: text("published", { mode: "json" }).$type<Record<string, unknown>>(),
    draft: text("draft", { mode: "json" }).$type<Record<string, unknown>>(),
    publishedAt: timestamp("published_at"),
    publishedBy: text("published_by").references(() => users.id, { onDelete: "set null" }),
    sourcePublishedAt: timestamp("source_published_at"),
    draftSavedAt: timestamp("draft_saved_at"),
    draftSavedBy: text("draft_saved_by").references(() => users.id, { onDelete: "set null" }),
  },
  (table) => [primaryKey({ columns: [table.pageKey, table.lang] })],
);

/**
 * Links that show a draft (a post, a case study or a page's copy) to anyone who has one, without signing
 * in (decision 061). Only the token's SHA-256 is kept: the link is shown once, when it is made. A link
 * stops at `expiresAt` or when revoked; `lastOpenedAt` tells the editor whether it was used.
 */
export const previewLinks = sqliteTable(
  "preview_links",
  {
    id: id(),
    kind: text("kind", { enum: ["post", "case-study", "page"] }).notNull(),
    /** The post's or case study's id, or the page's key ("services/seo"). */
    target: text("target").notNull(),
    tokenHash: text("token_hash").notNull().unique(),
    createdBy: text("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at").notNull().default(now),
    expiresAt: timestamp("expires_at").notNull(),
    revokedAt: timestamp("revoked_at"),
    lastOpenedAt: timestamp("last_opened_at"),
  },
  (table) => [index("preview_links_target_idx").on(table.kind, table.target)],
);

/**
 * The agency's own words in another language (one row a language): the tagline and the enquiry
 * auto-reply. A language without a row uses the default language's words from site_settings.
 */
export const siteSettingsTranslations = sqliteTable("site_settings_translations", {
  lang: text("lang").primaryKey(),
  tagline: text("tagline").notNull(),
  autoReplySubject: text("auto_reply_subject").notNull(),
  autoReplyBody: text("auto_reply_body").notNull(),
  updatedAt: timestamp("updated_at").notNull().default(now),
});

/**
 * A post in another language: at most one a post and language, linked to its source post (goes with
 * it). Its own address (`slug`, unique in its language) under the language's prefix. `sourceUpdatedAt`
 * is when the source had last been saved at the moment this translation was: a later edit of the
 * source marks it outdated.
 */
export const postTranslations = sqliteTable(
  "post_translations",
  {
    id: id(),
    postId: text("post_id")
      .notNull()
      .references(() => posts.id, { onDelete: "cascade" }),
    lang: text("lang").notNull(),
    title: text("title").notNull(),
    slug: text("slug").notNull(),
    excerpt: text("excerpt").notNull(),
    content: text("content").notNull(),
    tags: stringList("tags"),
    seoTitle: text("seo_title"),
    seoDescription: text("seo_description"),
    status: text("status", { enum: ["draft", "published"] })
      .notNull()
      .default("draft"),
    sourceUpdatedAt: timestamp("source_updated_at").notNull(),
    publishedAt: timestamp("published_at"),
    createdAt: timestamp("created_at").notNull().default(now),
    updatedAt: timestamp("updated_at").notNull().default(now),
  },
  (table) => [
    uniqueIndex("post_translations_post_lang_idx").on(table.postId, table.lang),
    uniqueIndex("post_translations_lang_slug_idx").on(table.lang, table.slug),
    index("post_translations_listing_idx").on(table.lang, table.status, table.publishedAt),
  ],
);

/** A translated post's earlier addresses in its language: each answers 301 to its current one. */
export const postTranslationOldSlugs = sqliteTable(
  "post_translation_old_slugs",
  {
    lang: text("lang").notNull(),
    oldSlug: text("old_slug").notNull(),
    translationId: text("translation_id")
      .notNull()
      .references(() => postTranslations.id, { onDelete: "cascade" }),
  },
  (table) => [primaryKey({ columns: [table.lang, table.oldSlug] })],
);

export type PostTranslation = typeof postTranslations.$inferSelect;

/**
 * A team member's, testimonial's or package's words in another language (decision 065): at most one an
 * item and language. `words` holds only the item's text fields (checked by its schema's text part);
 * `sourceWords` is what the source said when this was saved, so a later change of those words (not of
 * a photo, a price or its place) marks it outdated. An item's translations go with it: the migration's
 * triggers delete them when the item's row is deleted, however it is deleted.
 */
export const siteItemTranslations = sqliteTable(
  "site_item_translations",
  {
    kind: text("kind", { enum: ["team", "testimonials", "packages"] }).notNull(),
    itemId: text("item_id").notNull(),
    lang: text("lang").notNull(),
    words: text("words", { mode: "json" }).$type<Record<string, unknown>>().notNull(),
    sourceWords: text("source_words", { mode: "json" }).$type<Record<string, unknown>>().notNull(),
    savedAt: timestamp("saved_at").notNull().default(now),
    savedBy: text("saved_by").references(() => users.id, { onDelete: "set null" }),
  },
  (table) => [
    primaryKey({ columns: [table.kind, table.itemId, table.lang] }),
    index("site_item_translations_lang_idx").on(table.lang),
  ],
);
export type SiteItemTranslation = typeof siteItemTranslations.$inferSelect;

/**
 * A case study in another language: at most one a case study and language, linked to its source (goes
 * with it). Its own address (`slug`, unique in its language); the words that translate, not the
 * images, figures, client or dates. `sourceUpdatedAt` is when the source had last been saved at the
 * moment this translation was: a later edit of the source marks it outdated.
 */
export const caseStudyTranslations = sqliteTable(
  "case_study_translations",
  {
    id: id(),
    caseStudyId: text("case_study_id")
      .notNull()
      .references(() => caseStudies.id, { onDelete: "cascade" }),
    lang: text("lang").notNull(),
    title: text("title").notNull(),
    slug: text("slug").notNull(),
    category: text("category").notNull(),
    excerpt: text("excerpt").notNull(),
    challenge: text("challenge").notNull().default(""),
    body: text("body").notNull().default(""),
    outcome: text("outcome").notNull().default(""),
    coverAlt: text("cover_alt"),
    /** The results' labels in this language, in the source's order (the figures are the source's). */
    metricLabels: stringList("metric_labels"),
    tags: stringList("tags"),
    seoTitle: text("seo_title"),
    seoDescription: text("seo_description"),
    status: text("status", { enum: ["draft", "published"] })
      .notNull()
      .default("draft"),
    sourceUpdatedAt: timestamp("source_updated_at").notNull(),
    publishedAt: timestamp("published_at"),
    createdAt: timestamp("created_at").notNull().default(now),
    updatedAt: timestamp("updated_at").notNull().default(now),
  },
  (table) => [
    uniqueIndex("case_study_translations_study_lang_idx").on(table.caseStudyId, table.lang),
    uniqueIndex("case_study_translations_lang_slug_idx").on(table.lang, table.slug),
    // A language's live translations and their change times without reading a write-up.
    index("case_study_translations_live_idx").on(
      table.lang,
      table.status,
      table.caseStudyId,
      table.updatedAt,
    ),
  ],
);

/** A translated case study's earlier addresses in its language: each answers 301 to its current one. */
export const caseStudyTranslationOldSlugs = sqliteTable(
  "case_study_translation_old_slugs",
  {
    lang: text("lang").notNull(),
    oldSlug: text("old_slug").notNull(),
    translationId: text("translation_id")
      .notNull()
      .references(() => caseStudyTranslations.id, { onDelete: "cascade" }),
  },
  (table) => [primaryKey({ columns: [table.lang, table.oldSlug] })],
);

export type CaseStudyTranslation = typeof caseStudyTranslations.$inferSelect;
