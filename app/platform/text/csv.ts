/** A CSV cell, quoted, with formulas defused so a spreadsheet never runs one. */
const cell = (value: string) => `"${(/^[=+\-@\t\r]/.test(value) ? `'${value}` : value).replace(/"/g, '""')}"`;

/** A CSV file (RFC 4180: CRLF lines, every cell quoted) from a header and rows of text. */
export function toCsv(header: string[], rows: string[][]): string {
  return [header.join(","), ...rows.map((row) => row.map(cell).join(","))].join("\r\n") + "\r\n";
}

/** The answer that downloads a CSV file, never cached. */
export function csvDownload(csv: string, filename: string): Response {
  return new Response(csv, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${filename}"`,
      "Cache-Control": "private, no-store",
    },
  });
}

/**
 * The answer to a GET of a download of personal data: those are POSTs from the admin's own buttons
 * (refused from other sites), so a link elsewhere cannot start one in a signed-in browser.
 */
export function exportNeedsPost(): Response {
  return new Response("Use the export button in the admin: this download is a POST.", {
    status: 405,
    headers: { Allow: "POST", "Content-Type": "text/plain; charset=utf-8" },
  });
}
