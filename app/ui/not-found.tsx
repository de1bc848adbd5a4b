import { ErrorPage } from "./error-page";

export function NotFoundPage() {
  return (
    <ErrorPage
      title="404 Page Not Found"
      // The first sentence here was a developer's note ("Did you forget to add the page to the router?"):
      // a prospect gets a human one and the ways on.
      message="Sorry, there is no page at this address. It may have moved, or the link may have a typo."
      actions={[
        { label: "Back to Home", to: "/" },
        { label: "See Our Work", to: "/work" },
        { label: "Read the Blog", to: "/blog" },
        { label: "Contact Us", to: "/contact" },
      ]}
    />
  );
}
