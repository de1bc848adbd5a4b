/** What was just done to an item of a list, told after the redirect (?done=…). */
export type Notice = "created" | "updated" | "hidden" | "shown" | "deleted";

/** The editor's file input (no JavaScript: the image is sent with the form). */
export const IMAGE_FILE_FIELD = "imageFile";
/** The team editor's second file input: the candid photo, sent beside the portrait. */
export const CANDID_FILE_FIELD = "candidFile";

/** The words of a notice: “Aoife Kelly” added, … */
export function noticeText(kind: Notice, name: string, noun: string): { title: string; description: string } {
  const quoted = name ? `“${name}”` : `The ${noun}`;
  switch (kind) {
    case "created":
      return {
        title: `${quoted} added`,
        description: "It is at the top of the list below, first in the order.",
      };
    case "updated":
      return { title: "Changes saved", description: `${quoted} is up to date on the site.` };
    case "hidden":
      return {
        title: `${quoted} is hidden`,
        description: "Visitors no longer see it. Publish it to bring it back.",
      };
    case "shown":
      return { title: `${quoted} is on the site`, description: "Visitors see it now." };
    case "deleted":
      return { title: `${quoted} deleted`, description: `The ${noun} is gone from the site and the list.` };
  }
}
