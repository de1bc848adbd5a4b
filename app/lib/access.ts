export const ROLES = ["owner", "editor"] as const;
export const MIN_PASSWORD_LENGTH = 12;
export type Role = (typeof ROLES)[number];

export const ROLE_LABELS: Record<Role, string> = { owner: "Owner", editor: "Editor" };
export const ROLE_SUMMARIES: Record<Role, string> = {
  owner: "Everything, including settings, enquiries, subscribers, exports and staff.",
  editor: "Posts, media and case studies. No settings, exports, staff or personal data.",
};

/**
 * What an editor may open (decision 031): writing posts, the media library, case studies, and their
 * own account. Everything else in the admin and the admin API is the owner's, so a screen added later
 * is the owner's until it is listed here. Checked by requireAdmin/requireApiAdmin on every request.
 */
const EDITOR_PATHS = [
  /^\/admin\/(blog|media|work|account|sessions)(\/|$)/,
  /^\/api\/(blog|images|videos|media|links|work)(\/|$)/,
];
/** Within those, still the owner's: sending a post to the subscribers (personal data). */
const OWNER_WITHIN = [/^\/admin\/blog\/[^/]+\/newsletter(\/|$)/];

export function mayOpen(role: Role, pathname: string): boolean {
  if (role === "owner") return true;
  const path = pathname.replace(/\.data$/, "");
  return EDITOR_PATHS.some((p) => p.test(path)) && !OWNER_WITHIN.some((p) => p.test(path));
}

export const OWNER_ONLY_MESSAGE = "This is for the site's owner. Ask them if you need something here.";
