import { Body, Container, Head, Hr, Html, Link, Preview, Section, Text } from "@react-email/components";
import type { CSSProperties, ReactNode } from "react";

/** The brand's light-theme colours (app.css): e-mail clients cannot read the site's CSS. */
export const mailColours = {
  bg: "#f5f5fa",
  card: "#ffffff",
  fg: "#11111b",
  muted: "#4a4a60",
  border: "#dedeea",
  primary: "#6d28d9",
  secondary: "#0f766e",
} as const;

export const mailText: CSSProperties = {
  fontSize: "16px",
  lineHeight: "26px",
  color: mailColours.fg,
  margin: "0 0 16px",
};

/**
 * Dark mode: clients that honour the media query (Apple Mail, Outlook on the web, iOS) get the site's
 * dark colours; the rest keep the light card, whose colours are all set explicitly so a client that
 * inverts colours inverts a whole design rather than half of one.
 */
const darkMode = `
:root { color-scheme: light dark; supported-color-schemes: light dark; }
@media (prefers-color-scheme: dark) {
  .nw-bg, .nw-bg > table > tbody > tr > td { background-color: #0b0b12 !important; }
  .nw-card { background-color: #161622 !important; border-color: #2a2a3c !important; }
  .nw-fg, .nw-card h1, .nw-card h2, .nw-card h3, .nw-card p, .nw-card li, .nw-card td { color: #ececf4 !important; }
  .nw-muted { color: #a6a6bd !important; }
  .nw-brand { color: #b79cff !important; }
  .nw-rule { border-color: #2a2a3c !important; }
  .nw-card a, .nw-link { color: #b79cff !important; }
  .nw-card a.nw-button { background-color: #8b5cf6 !important; color: #ffffff !important; }
  .nw-card a.nw-fg { color: #ececf4 !important; }
  .nw-inset { background-color: #1f1f2e !important; }
}`;

/**
 * Every e-mail the site sends, in one frame: the wordmark, a white card, and the agency's details
 * under it. Rendered to HTML and to plain text by emails.server.ts.
 */
export function BrandedEmail({
  preview,
  agency,
  footer,
  siteUrl,
  footerNote,
  lang = "en-IE",
  children,
}: {
  preview: string;
  /** The language tag of the e-mail's words ("ga-IE"). */
  lang?: string;
  /** Above the agency's details: why the reader gets this e-mail and how to stop it. */
  footerNote?: ReactNode;
  agency: string;
  /** The agency's address, one line. */
  footer: string;
  siteUrl: string;
  children: ReactNode;
}) {
  return (
    <Html lang={lang}>
      <Head>
        <meta name="color-scheme" content="light dark" />
        <meta name="supported-color-schemes" content="light dark" />
        <style>{darkMode}</style>
      </Head>
      <Preview>{preview}</Preview>
      <Body
        className="nw-bg"
        style={{
          backgroundColor: mailColours.bg,
          fontFamily: "'Helvetica Neue', Helvetica, Arial, sans-serif",
          margin: 0,
          padding: "32px 12px",
        }}
      >
        <Container style={{ maxWidth: "560px", margin: "0 auto" }}>
          <Text style={{ fontSize: "20px", fontWeight: 700, letterSpacing: "-0.02em", margin: "0 0 20px" }}>
            <span className="nw-brand" style={{ color: mailColours.primary }}>
              {agency.split(" ")[0]}
            </span>
            <span className="nw-fg" style={{ color: mailColours.fg }}>
              {" "}
              {agency.split(" ").slice(1).join(" ")}
            </span>
          </Text>
          <Section
            className="nw-card"
            style={{
              backgroundColor: mailColours.card,
              border: `1px solid ${mailColours.border}`,
              borderRadius: "16px",
              padding: "28px",
            }}
          >
            {children}
          </Section>
          <Hr className="nw-rule" style={{ borderColor: mailColours.border, margin: "24px 0 12px" }} />
          {footerNote && (
            <Text
              className="nw-muted"
              style={{ fontSize: "13px", lineHeight: "20px", color: mailColours.muted, margin: "0 0 12px" }}
            >
              {footerNote}
            </Text>
          )}
          <Text
            className="nw-muted"
            style={{ fontSize: "13px", lineHeight: "20px", color: mailColours.muted, margin: 0 }}
          >
            {agency} · {footer}
            <br />
            <Link
              href={siteUrl}
              className="nw-muted"
              style={{ color: mailColours.muted, textDecoration: "underline" }}
            >
              {siteUrl.replace(/^https?:\/\//, "")}
            </Link>
          </Text>
        </Container>
      </Body>
    </Html>
  );
}

/** What the enquirer wrote, set apart: the alert and the auto-reply both show it. */
export function EnquiryDetails({ rows, goals }: { rows: [string, string][]; goals: string }) {
  const label: CSSProperties = {
    fontSize: "13px",
    color: mailColours.muted,
    margin: "0",
    width: "96px",
    verticalAlign: "top",
    padding: "4px 12px 4px 0",
  };
  const value: CSSProperties = { fontSize: "15px", color: mailColours.fg, margin: "0", padding: "4px 0" };
  return (
    <Section
      className="nw-inset"
      style={{
        backgroundColor: mailColours.bg,
        borderRadius: "12px",
        padding: "16px 20px",
        margin: "8px 0 20px",
      }}
    >
      <table role="presentation" cellPadding={0} cellSpacing={0} style={{ width: "100%" }}>
        <tbody>
          {rows.map(([name, text]) => (
            <tr key={name}>
              <td style={label}>{name}</td>
              <td style={value}>{text}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <Text
        style={{
          ...mailText,
          fontSize: "15px",
          lineHeight: "24px",
          whiteSpace: "pre-wrap",
          margin: "12px 0 0",
        }}
      >
        {goals}
      </Text>
    </Section>
  );
}
