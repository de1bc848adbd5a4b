/** What an admin action did, said under the heading: a status when it worked, an alert when it did not. */
export function ActionMessage({ result }: { result: { ok: boolean; message?: string } | undefined }) {
  if (!result?.message) return null;
  return (
    <p
      role={result.ok ? "status" : "alert"}
      className={`mt-4 text-sm font-medium ${result.ok ? "text-secondary" : "text-destructive"}`}
    >
      {result.message}
    </p>
  );
}
