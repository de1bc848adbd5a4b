import type { ShouldRevalidateFunctionArgs } from "react-router";

/**
 * The editor's pages read their data again after a save refused with 409 too (React Router leaves it
 * after a 4xx): when the item was saved again since the page opened, the page then carries that
 * version's time, so a second save replaces it knowingly instead of being refused again.
 */
export function editorShouldRevalidate({
  actionStatus,
  defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs) {
  return actionStatus === 409 || defaultShouldRevalidate;
}
