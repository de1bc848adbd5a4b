export const ROLES = ["owner", "editor"] as const;
export const MIN_PASSWORD_LENGTH = 12;
export type Role = (typeof ROLES)[number];

export const ROLE_LABELS: Record<Role, string> = { owner: "Owner", editor: "Editor" };
export const ROLE_SUMMARIES: Record<Role, string> = {
  owner: "Everything, including settings, enquiries, subscribers, exports and staff.",
  editor: "Posts, media and case studies. No settings, exports, staff or personal data.",
};

/**
 * Who on the staff may use a route: its `handle.access` says so (app/platform/pages/route-handle.ts). "editor"
 * opens it to editors as well as the owner (writing posts, the media library, case studies, their own
 * account); a route that says nothing is the owner's alone, so a screen added later stays the owner's
 * until its route opens it. It applies where the route asks for a signed-in member of staff
 * (the staff groups in app/routes.ts, and requireApiAdmin for the writes of a public API).
 */
export type Access = "editor";

export function accessOf(handle: { access?: Access }): Access | undefined {
  return handle.access === "editor" ? "editor" : undefined;
}

export function mayOpen(role: Role, access: Access | undefined): boolean {
  return role === "owner" || access === "editor";
}

export const OWNER_ONLY_MESSAGE = "This is for the site's owner. Ask them if you need something here.";
