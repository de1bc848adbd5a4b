export const ROLES = ["owner", "editor", "contributor"] as const;
export const MIN_PASSWORD_LENGTH = 12;
export type Role = (typeof ROLES)[number];

export const ROLE_LABELS: Record<Role, string> = {
  owner: "Owner",
  editor: "Editor",
  contributor: "Contributor",
};
export const ROLE_SUMMARIES: Record<Role, string> = {
  owner: "Everything, including settings, enquiries, subscribers, exports and staff.",
  editor: "Posts, media and case studies. No settings, exports, staff or personal data.",
  contributor:
    "Writes posts and submits them for review: an editor or the owner publishes them. Cannot publish, schedule or change others' work.",
};

/** "an owner", "an editor", "a contributor": in sentences (the invitation e-mail). */
export const roleWithArticle = (role: Role) => `${role === "contributor" ? "a" : "an"} ${role}`;

/**
 * Who on the staff may use a route: its `handle.access` says so (app/platform/pages/route-handle.ts).
 * "editor" opens it to editors as well as the owner (writing posts, the media library, case studies,
 * their own account); "contributor" opens it to contributors too (the posts' list and editor, adding
 * images, their own account), whose posts' own rules (posts/post-rules.server) keep them to drafts of
 * their own. A route that says nothing is the owner's alone, so a screen added later stays the owner's
 * until its route opens it. It applies where the route asks for a signed-in member of staff (the staff
 * groups in app/routes.ts, and requireApiAdmin for the writes of a public API).
 */
export type Access = "editor" | "contributor";

export function accessOf(handle: { access?: Access }): Access | undefined {
  return handle.access === "editor" || handle.access === "contributor" ? handle.access : undefined;
}

export function mayOpen(role: Role, access: Access | undefined): boolean {
  if (role === "owner") return true;
  if (role === "editor") return access !== undefined;
  return access === "contributor";
}

/** Whether a role may publish, schedule and change anyone's posts (a contributor drafts their own). */
export const mayPublish = (role: Role) => role !== "contributor";

export const OWNER_ONLY_MESSAGE = "This is for the site's owner. Ask them if you need something here.";
export const NOT_FOR_CONTRIBUTORS_MESSAGE =
  "Contributors write drafts and submit them for review: an editor or the owner does this.";

/** Why a role may not open a route of `access` (only asked once mayOpen said no). */
export const refusalOf = (access: Access | undefined) =>
  access === "editor" ? NOT_FOR_CONTRIBUTORS_MESSAGE : OWNER_ONLY_MESSAGE;
