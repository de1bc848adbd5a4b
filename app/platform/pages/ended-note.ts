import { momentInDublin } from "~/platform/text/dates";

/**
 * What the signed-in admin reads on an ended post's or case study's page: that it ended, when, and
 * what its visitors get instead (not "a draft until it is published", which it is not).
 */
export function endedNote(noun: string, endedAt: Date | string, endRedirect: string | null): string {
  const instead = endRedirect
    ? `visitors are sent to ${endRedirect}`
    : "its address tells visitors it is gone (410)";
  return `Ended ${momentInDublin(endedAt)}: ${instead}. Only you can see this ${noun}.`;
}
