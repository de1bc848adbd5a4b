import { data } from "react-router";

import {
  type CaseStudySnapshot,
  getCaseStudyById,
  restoreCaseStudyRevision,
} from "~/features/case-studies/case-studies.server";
import { CaseStudyArticle } from "~/features/case-studies/components/case-study-article";
import { RevisionHistory } from "~/features/editor";
import { type ComparedField, restoreFromForm, revisionScreen } from "~/features/editor/index.server";
import { staffOf } from "~/features/staff/index.server";
import type { RouteHandle } from "~/platform/pages/route-handle";
import { pageMeta } from "~/platform/pages/seo";
import { sanitizePostHtml } from "~/platform/text/sanitize.server";

import type { Route } from "./+types/admin-revisions";

export const handle: RouteHandle = { access: "editor" };

export const meta: Route.MetaFunction = () => pageMeta({ title: "Revisions", noindex: true });

/** What restoring a case study's revision puts back, in the editor's words. */
const COMPARED: ComparedField[] = [
  { name: "title", label: "Title" },
  { name: "clientName", label: "Client name" },
  { name: "category", label: "Category" },
  { name: "excerpt", label: "Summary" },
  { name: "challenge", label: "The challenge" },
  { name: "body", label: "The approach", html: true },
  { name: "gallery", label: "Gallery" },
  { name: "metrics", label: "Results" },
  { name: "outcome", label: "The outcome" },
  { name: "coverImage", label: "Cover image" },
  { name: "coverAlt", label: "Cover description" },
  { name: "credits", label: "Services delivered" },
  { name: "tags", label: "Channels and tags" },
];

/** /admin/case-studies/{id}/revisions: every saved version of a live case study; ?revision= shows one as readers would see it. */
export function loader({ request, params }: Route.LoaderArgs) {
  const caseStudy = getCaseStudyById(params.id);
  if (!caseStudy) throw data(null, { status: 404 });
  const screen = revisionScreen(
    "case-study",
    caseStudy,
    new URL(request.url),
    COMPARED,
    ({ body, ...fields }: CaseStudySnapshot) => ({
      ...fields,
      html: sanitizePostHtml(body),
      createdAt: caseStudy.createdAt,
    }),
  );
  return { caseStudy: { id: caseStudy.id, title: caseStudy.title }, ...screen };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const user = staffOf(context);
  return restoreFromForm(
    request,
    (revisionId) => restoreCaseStudyRevision(params.id, revisionId, { userId: user.id }),
    "/admin/case-studies",
  );
}

export default function CaseStudyRevisions({
  loaderData: { caseStudy, revisions, shown, changes, confirming },
}: Route.ComponentProps) {
  return (
    <RevisionHistory
      title={caseStudy.title}
      editLink={`/admin/case-studies?edit=${caseStudy.id}`}
      what="case study"
      revisions={revisions}
      shown={shown}
      changes={changes}
      confirming={confirming}
    >
      {shown && <CaseStudyArticle caseStudy={shown.article} preview />}
    </RevisionHistory>
  );
}
