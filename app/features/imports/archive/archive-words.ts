import { plural } from "~/platform/text/metrics";

/**
 * What each kind of row in a site archive is, in the owner's words: one and many. Kinds left out are
 * the site's own bookkeeping (which starting content was written once), nothing the owner would count.
 */
const WORDS = new Map<string, [string, string]>([
  ["posts", ["post", "posts"]],
  ["post_tags", ["tag on a post", "tags on posts"]],
  ["case_studies", ["case study", "case studies"]],
  ["media", ["image or file in the media library", "images and files in the media library"]],
  ["team_members", ["person in the team", "people in the team"]],
  [
    "users",
    [
      // The owner who made the archive is one: already here, they are not added again.
      "member of staff (one not already here joins as an editor, invited to sign in)",
      "members of staff (those not already here join as editors, invited to sign in)",
    ],
  ],
  ["testimonials", ["testimonial", "testimonials"]],
  ["client_logos", ["client logo", "client logos"]],
  ["milestones", ["milestone in the agency's story", "milestones in the agency's story"]],
  ["packages", ["price package", "price packages"]],
  ["site_settings", ["set of the agency's facts and settings", "sets of the agency's facts and settings"]],
  ["revisions", ["earlier version of a post or case study", "earlier versions of posts and case studies"]],
  [
    "old_addresses",
    ["earlier address of a post or case study", "earlier addresses of posts and case studies"],
  ],
  ["redirects", ["redirect", "redirects"]],
  ["language_settings", ["choice of the site's languages", "choices of the site's languages"]],
  ["page_translations", ["page in another language", "pages in other languages"]],
  ["post_translations", ["post in another language", "posts in other languages"]],
  [
    "post_translation_old_slugs",
    ["earlier address of a translated post", "earlier addresses of translated posts"],
  ],
  [
    "site_settings_translations",
    ["tagline and auto-reply in another language", "taglines and auto-replies in other languages"],
  ],
  ["experiments", ["experiment on a page's words", "experiments on pages' words"]],
  ["experiment_daily", ["day of an experiment's results", "days of experiments' results"]],
  ["newsletter_subscribers", ["newsletter subscriber", "newsletter subscribers"]],
  [
    "newsletter_suppressions",
    [
      "unsubscribed address (kept so it is never mailed)",
      "unsubscribed addresses (kept so they are never mailed)",
    ],
  ],
  ["enquiries", ["enquiry", "enquiries"]],
  ["enquiry_events", ["note or move on an enquiry", "notes and moves on enquiries"]],
]);

/** An archive's counts in the owner's words ("361 tags on posts"), in the order the archive lists them. */
export function archiveContentWords(counts: Record<string, number>): string[] {
  return Object.entries(counts).flatMap(([kind, n]) => {
    const words = Object.hasOwn(counts, kind) ? WORDS.get(kind) : undefined;
    return words && Number.isSafeInteger(n) && n > 0 ? [plural(n, ...words)] : [];
  });
}

/** What an archive never carries, said beside what it does. */
export const ARCHIVE_LEAVES_OUT =
  "An archive does not carry analytics, the audit log, the Outbox (e-mails sent and waiting), or anyone's password, passkeys and second steps: staff are invited again to sign in. " +
  "Preview links stay behind too (each is a secret shared with someone: make new ones), and so do an experiment's visitors of the day and sign-ups not yet confirmed (its results by day come, and a running one goes on). " +
  "The checks while writing are counted again once the posts are in.";
