import { jsonError } from "~/lib/api.server";
import { UploadError } from "~/services/uploads.server";

/** Runs an upload and turns what the client can fix into its JSON error (413, 415, 400). */
export async function answerUpload(run: () => Promise<Response>): Promise<Response> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof UploadError) return jsonError(error.status, error.message);
    throw error;
  }
}
