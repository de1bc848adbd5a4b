import type { ReactElement } from "react";

/** Plain text as people write it: headings as they are, not in capitals. */
const asText = {
  plainText: true,
  htmlToTextOptions: {
    selectors: [1, 2, 3, 4].map((level) => ({ selector: `h${level}`, options: { uppercase: false } })),
  },
} as const;

/** An e-mail as HTML and as plain text, from one component (React Email). */
export async function renderEmail(email: ReactElement): Promise<{ html: string; text: string }> {
  const { render } = await import("./react-email-render");
  const [html, text] = await Promise.all([render(email), render(email, asText)]);
  return { html, text };
}
