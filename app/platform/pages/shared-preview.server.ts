import { requestScope, type SharedPreview } from "~/platform/http/request-scope.server";

/**
 * A preview link's token travels in this query parameter on the draft's own address ("/blog/x?share=…").
 * The page cache sends such a request to the renderer, as it is never a visitor's published page.
 */
export const SHARED_PREVIEW_PARAM = "share";

/** The id (or page key) of the draft of `kind` a live preview link opens on this request, else undefined. */
export function sharedPreviewTarget(kind: SharedPreview["kind"]): string | undefined {
  const shared = requestScope()?.sharedPreview;
  return shared?.kind === kind ? shared.target : undefined;
}
