import { ErrorPage } from "./error-page";

export function NotFoundPage() {
  return (
    <ErrorPage
      title="404 Page Not Found"
      message="Did you forget to add the page to the router?"
      actions={[{ label: "Back to Home", to: "/" }]}
    />
  );
}
