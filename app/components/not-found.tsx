import { Link } from "react-router";

export function NotFoundPage() {
  return (
    <section className="mx-auto flex min-h-[60vh] max-w-2xl flex-col items-center justify-center px-4 text-center">
      <h1 className="text-3xl font-bold sm:text-4xl">404 Page Not Found</h1>
      <p className="mt-4 text-muted">Did you forget to add the page to the router?</p>
      <Link
        to="/"
        className="mt-8 rounded-full bg-primary px-6 py-3 font-semibold text-primary-fg hover:opacity-90"
      >
        Back to Home
      </Link>
    </section>
  );
}
