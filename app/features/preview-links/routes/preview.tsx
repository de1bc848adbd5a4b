import { data, isRouteErrorResponse, redirect, useRouteError } from "react-router";

import { useWords } from "~/platform/i18n/use-words";
import type { RouteHandle } from "~/platform/pages/route-handle";
import { pageMeta } from "~/platform/pages/seo";
import { ErrorPage } from "~/ui/feedback/error-page";

import { openPreviewLink, sharedAddress } from "../preview-links.server";
import { openingRefused, PREVIEW_HEADERS } from "../shared-preview.server";
import type { Route } from "./+types/preview";

// Not a page of the site: never kept by the page cache, never in the sitemap.
export const handle: RouteHandle = {};

export const meta: Route.MetaFunction = () => pageMeta({ title: "Preview", noindex: true });

export const headers: Route.HeadersFunction = ({ errorHeaders, loaderHeaders }) =>
  errorHeaders ?? loaderHeaders;

/**
 * A shared preview link: sends its holder to the draft's current address with the token, or answers
 * 404 saying whether the link expired, was revoked or never was.
 */
export async function loader({ params }: Route.LoaderArgs) {
  const refused = await openingRefused();
  if (refused) throw refused;
  const opened = openPreviewLink(params.token);
  if (opened.state === "live")
    throw redirect(sharedAddress(opened.address, params.token), { headers: PREVIEW_HEADERS });
  throw data({ previewLink: opened.state }, { status: 404, headers: PREVIEW_HEADERS });
}

// Never rendered: the loader always redirects or answers 404.
export default function PreviewLink() {
  return null;
}

export function ErrorBoundary() {
  const error = useRouteError();
  const { t } = useWords();
  if (!isRouteErrorResponse(error) || error.status !== 404) throw error;
  const state = (error.data as { previewLink?: string } | null)?.previewLink;
  const reason =
    state === "expired"
      ? "previewLinks.expired"
      : state === "revoked"
        ? "previewLinks.revoked"
        : "previewLinks.unknown";
  return (
    <ErrorPage
      title={t("previewLinks.closedTitle")}
      message={t(reason)}
      actions={[{ label: t("previewLinks.home"), to: "/" }]}
    />
  );
}
