// Being written (issue 16): answers 404 until then.
export function loader() {
  return new Response(null, { status: 404 });
}
