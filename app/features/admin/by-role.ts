import { frameFor } from "~/features/admin/frame.server";
import { roleMayOpen } from "~/features/staff/index.server";

import type { Route } from "./+types/by-role";

/**
 * The admin's pages, inside its frame: each opens to the roles its `handle.access` names (editors
 * where it says so, else the owner alone). A refusal is a 403 the frame draws, with the frame's data.
 */
export const middleware: Route.MiddlewareFunction[] = [roleMayOpen("page", frameFor)];
