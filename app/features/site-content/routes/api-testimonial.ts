import { TestimonialSchema } from "~/features/site-content/content-schemas";
import { saveSiteItem, siteLists } from "~/features/site-content/site-content.server";
import { testimonialJson } from "~/features/site-content/site-content-json";
import { getSessionUser, requireApiAdmin } from "~/features/staff/index.server";
import { jsonError } from "~/platform/http/api.server";
import { getItem } from "~/platform/ordered-lists.server";

import { methodNotAllowed, readAnswer, writeContent } from "../site-content-write.server";
import type { Route } from "./+types/api-testimonial";

const NOT_FOUND = "Testimonial not found";

/** GET /api/testimonials/{id}: a hidden testimonial is "not found" to everyone but the admin. */
export async function loader({ request, params }: Route.LoaderArgs) {
  const admin = Boolean(await getSessionUser(request));
  const testimonial = getItem(siteLists.testimonials, params.id);
  return testimonial && (admin || testimonial.status === "published")
    ? readAnswer(request, testimonialJson(testimonial), admin)
    : jsonError(404, NOT_FOUND);
}

/** PUT /api/testimonials/{id} (admin): replaces a testimonial (200 with it; 404 for an unknown id). */
export async function action({ request, params }: Route.ActionArgs) {
  if (request.method !== "PUT") return methodNotAllowed("GET, PUT", "Use PUT to update a testimonial");
  await requireApiAdmin(request);
  return writeContent(
    request,
    TestimonialSchema,
    { label: "testimonial", notFound: NOT_FOUND, status: 200 },
    (input) => testimonialJson(saveSiteItem("testimonials", params.id, input)),
  );
}
