/** The log is kept a year: long enough to answer "who published that last spring?". */
export const AUDIT_KEEP_DAYS = 366;

/** What the audit log records (decision 032), in the words the owner reads, grouped for the filter. */
export const AUDIT_ACTIONS = {
  "sign-in": { label: "Signed in", group: "sign-ins" },
  "sign-in.failed": { label: "Sign-in failed", group: "sign-ins" },
  "post.published": { label: "Published a post", group: "publishing" },
  "post.scheduled": { label: "Scheduled a post", group: "publishing" },
  "post.unpublished": { label: "Unpublished a post", group: "publishing" },
  "post.end-set": { label: "Set when a post ends", group: "publishing" },
  "post.ended": { label: "A post ended on schedule", group: "publishing" },
  "preview-link.shared": { label: "Shared a preview link to a draft", group: "publishing" },
  "preview-link.revoked": { label: "Revoked a preview link", group: "publishing" },
  "post.deleted": { label: "Deleted a post", group: "deletes" },
  "newsletter.sent": { label: "Sent a newsletter", group: "publishing" },
  "newsletter.test-sent": { label: "Sent a test newsletter", group: "publishing" },
  "case-study.published": { label: "Published a case study", group: "publishing" },
  "case-study.unpublished": { label: "Unpublished a case study", group: "publishing" },
  "case-study.deleted": { label: "Deleted a case study", group: "deletes" },
  "case-study.added": { label: "Added a case study", group: "content" },
  "case-study.edited": { label: "Edited a case study", group: "content" },
  "case-study.end-set": { label: "Set when a case study ends", group: "publishing" },
  "case-study.ended": { label: "A case study ended on schedule", group: "publishing" },
  "team-member.added": { label: "Added a team member", group: "content" },
  "team-member.edited": { label: "Edited a team member", group: "content" },
  "team-member.shown": { label: "Showed a team member", group: "publishing" },
  "team-member.hidden": { label: "Hid a team member", group: "publishing" },
  "team-member.deleted": { label: "Deleted a team member", group: "deletes" },
  "testimonial.added": { label: "Added a testimonial", group: "content" },
  "testimonial.edited": { label: "Edited a testimonial", group: "content" },
  "testimonial.shown": { label: "Showed a testimonial", group: "publishing" },
  "testimonial.hidden": { label: "Hid a testimonial", group: "publishing" },
  "testimonial.deleted": { label: "Deleted a testimonial", group: "deletes" },
  "client.added": { label: "Added a client", group: "content" },
  "client.edited": { label: "Edited a client", group: "content" },
  "client.shown": { label: "Showed a client", group: "publishing" },
  "client.hidden": { label: "Hid a client", group: "publishing" },
  "client.deleted": { label: "Deleted a client", group: "deletes" },
  "import.started": { label: "Started an import from another site", group: "content" },
  "import.finished": { label: "Finished an import from another site", group: "content" },
  "milestone.added": { label: "Added a milestone to the story", group: "content" },
  "milestone.edited": { label: "Edited a milestone of the story", group: "content" },
  "milestone.shown": { label: "Showed a milestone of the story", group: "publishing" },
  "milestone.hidden": { label: "Hid a milestone of the story", group: "publishing" },
  "milestone.deleted": { label: "Deleted a milestone of the story", group: "deletes" },
  "page.draft-saved": { label: "Saved a draft of a page's words", group: "content" },
  "page.published": { label: "Published a page's words", group: "publishing" },
  "service.added": { label: "Added a service (hidden)", group: "content" },
  "service.moved": { label: "Moved a service in the list", group: "content" },
  "service.hidden": { label: "Hid a service", group: "publishing" },
  "service.shown": { label: "Showed a service", group: "publishing" },
  "service.readdressed": { label: "Gave a service a new address", group: "publishing" },
  "page.revision-restored": { label: "Restored a page's earlier words as its draft", group: "content" },
  "experiment.started": { label: "Started an experiment on a page's words", group: "publishing" },
  "experiment.stopped": { label: "Stopped an experiment", group: "publishing" },
  "experiment.applied": { label: "Published an experiment's winning words", group: "publishing" },
  "package.added": { label: "Added a package", group: "content" },
  "package.edited": { label: "Edited a package", group: "content" },
  "package.shown": { label: "Showed a package", group: "publishing" },
  "package.hidden": { label: "Hid a package", group: "publishing" },
  "package.deleted": { label: "Deleted a package", group: "deletes" },
  /** Entries written before deletes were recorded per kind of item. */
  "site-item.deleted": { label: "Deleted from the site", group: "deletes" },
  "enquiry.status-changed": { label: "Moved an enquiry", group: "enquiries" },
  "enquiry.note-added": { label: "Added a note to an enquiry", group: "enquiries" },
  "enquiry.replied": { label: "Replied to an enquiry", group: "enquiries" },
  "media.deleted": { label: "Deleted a file", group: "deletes" },
  "settings.changed": { label: "Changed the site settings", group: "settings" },
  "languages.changed": { label: "Changed the site's languages", group: "settings" },
  "settings.translated": { label: "Changed the site settings in another language", group: "settings" },
  "page.translation-saved": { label: "Saved a draft of a page's translation", group: "content" },
  "page.translation-published": { label: "Published a page's translation", group: "publishing" },
  "post.translation-saved": { label: "Saved a post's translation", group: "content" },
  "case-study.translation-published": { label: "Published a case study's translation", group: "publishing" },
  "case-study.translation-saved": { label: "Saved a case study's translation", group: "content" },
  "post.translation-published": { label: "Published a post's translation", group: "publishing" },
  "site-item.translated": {
    label: "Changed a team member's, testimonial's or package's words in another language",
    group: "content",
  },
  "redirect.added": { label: "Added a redirect", group: "settings" },
  "redirect.removed": { label: "Removed a redirect", group: "settings" },
  "export.site": { label: "Downloaded the whole site", group: "exports" },
  "export.enquiries": { label: "Exported the enquiries", group: "exports" },
  "export.subscribers": { label: "Exported the subscribers", group: "exports" },
  "export.personal-data": { label: "Exported a person's data", group: "exports" },
  "erasure.personal-data": { label: "Erased a person's data", group: "exports" },
  "subscriber.removed": { label: "Removed a subscriber", group: "exports" },
  "staff.invited": { label: "Invited staff", group: "staff" },
  "staff.invite-withdrawn": { label: "Withdrew an invitation", group: "staff" },
  "staff.joined": { label: "Joined the staff", group: "staff" },
  "staff.role-changed": { label: "Changed a role", group: "staff" },
  "staff.removed": { label: "Removed staff", group: "staff" },
  "staff.renamed": { label: "Renamed an account", group: "staff" },
  "staff.second-factor-required": { label: "Required a second step of all staff", group: "staff" },
  "staff.second-factor-optional": { label: "Left the second step to each member of staff", group: "staff" },
  "account.confirmed": { label: "Confirmed it was them", group: "staff" },
  "account.password-changed": { label: "Changed their password", group: "staff" },
  "account.passkey-added": { label: "Added a passkey", group: "staff" },
  "account.passkey-removed": { label: "Removed a passkey", group: "staff" },
  "account.passkeys-removed": { label: "Removed all their passkeys", group: "staff" },
  "account.totp-setup-begun": { label: "Began setting up an authenticator app", group: "staff" },
  "account.recovery-codes-new": { label: "Made new recovery codes", group: "staff" },
  "account.totp-on": { label: "Turned on an authenticator app", group: "staff" },
  "account.totp-off": { label: "Turned off the authenticator app", group: "staff" },
  "account.second-factor-required": { label: "Required a second step to sign in", group: "staff" },
  "account.second-factor-optional": { label: "Made the second step optional", group: "staff" },
  "account.recovery-code-used": { label: "Signed in with a recovery code", group: "sign-ins" },
} as const;

export type AuditAction = keyof typeof AUDIT_ACTIONS;

export const AUDIT_GROUPS = {
  "sign-ins": "Sign-ins",
  publishing: "Publishing",
  content: "Site content",
  enquiries: "Enquiries",
  deletes: "Deletes",
  settings: "Settings and redirects",
  exports: "Exports and personal data",
  staff: "Staff and security",
} as const;

export type AuditGroup = keyof typeof AUDIT_GROUPS;

export function auditLabel(action: string): string {
  return action in AUDIT_ACTIONS ? AUDIT_ACTIONS[action as AuditAction].label : action;
}

/** The agency's hand-ordered lists, as the audit log names them. */
export type SiteItemKind = "team-member" | "testimonial" | "client" | "package" | "milestone";
export type SiteItemChange = "added" | "edited" | "shown" | "hidden" | "deleted";

export function actionsIn(group: AuditGroup): AuditAction[] {
  return (Object.keys(AUDIT_ACTIONS) as AuditAction[]).filter((a) => AUDIT_ACTIONS[a].group === group);
}
