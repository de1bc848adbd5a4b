import type { AddressInfo } from "node:net";

import { type ParsedMail, simpleParser } from "mailparser";
import { SMTPServer } from "smtp-server";

export type CaughtMail = { to: string[]; raw: string };

/**
 * A real SMTP server on a free local port that keeps every message it accepts (tests, benches).
 * `parse` turns one into its headers, text and HTML; `clear` forgets them.
 */
export async function startSmtpCatcher() {
  const mails: CaughtMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    size: 10 * 1024 * 1024,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        mails.push({
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString("utf8"),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.server.address() as AddressInfo).port;
  return {
    port,
    url: `smtp://127.0.0.1:${port}`,
    mails,
    clear: () => mails.splice(0),
    /** The messages to one address, parsed, oldest first. */
    to: (address: string): Promise<ParsedMail[]> =>
      Promise.all(mails.filter((m) => m.to.includes(address)).map((m) => simpleParser(m.raw))),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
/** A header of a parsed message as it was written (mailparser folds the List-* headers into one object). */
export function headerOf(mail: ParsedMail, name: string): string | undefined {
  const line = mail.headerLines.find((h) => h.key === name.toLowerCase())?.line;
  return line
    ?.slice(line.indexOf(":") + 1)
    .replace(/\r?\n\s+/g, " ")
    .trim();
}

export type SmtpCatcher = Awaited<ReturnType<typeof startSmtpCatcher>>;
