// Creates the admin account, or with --reset gives an existing one a new password.
//   npm run admin:create -- --username admin            (asks for your name, e-mail and the password twice)
//   npm run admin:create -- -u admin --name "Aoife Byrne" --email aoife@example.ie   (or ADMIN_NAME, ADMIN_EMAIL)
//   echo "$PASSWORD" | npm run admin:create -- -u admin   (reads it from standard input)
//   ADMIN_PASSWORD=... npm run admin:create -- -u admin --reset
//   ... --reset --without-second-step   (also turns off the authenticator app: the phone and codes are lost)
import { createInterface } from "node:readline";
import { parseArgs } from "node:util";

import { z } from "zod";

import {
  createUser,
  findUserByUsername,
  setPassword,
  setSecondFactorRequired,
  turnOffTotp,
} from "~/features/staff/index.server";
import { closeDb } from "~/platform/db.server";
import { getEnv } from "~/platform/env.server";
import { MIN_PASSWORD_LENGTH } from "~/platform/http/access";
import { ConflictError } from "~/platform/http/errors.server";
import { siteAddress } from "~/platform/site-address.server";

function ask(question: string, hidden = false): Promise<string> {
  return new Promise((resolve) => {
    const rl = createInterface({ input: process.stdin, output: process.stdout, terminal: true });
    if (hidden) {
      // Echo nothing of what is typed after the question.
      (rl as unknown as { _writeToOutput: (s: string) => void })._writeToOutput = (s: string) => {
        if (s.startsWith(question)) process.stdout.write(question);
      };
    }
    // Input that ends before an answer (a closed or empty stdin) is no answer, not a wait for ever.
    // After an answer this changes nothing: the promise is settled by then.
    rl.on("close", () => resolve(""));
    rl.question(question, (answer) => {
      if (hidden) process.stdout.write("\n");
      resolve(answer);
      rl.close();
    });
  });
}

/**
 * The password piped in: one line, or the same line twice (what the prompts ask for, so a script
 * written for them works). Never the lines joined: a password with a line break in it could not be
 * typed into the sign-in form.
 */
async function readStdin(): Promise<string> {
  let text = "";
  for await (const chunk of process.stdin) text += chunk;
  const lines = text.replace(/\r?\n$/, "").split(/\r?\n/);
  if (lines.length === 2 && lines[0] !== lines[1]) throw new Error("The two passwords differ");
  if (lines.length > 2)
    // The answers the prompts ask at a terminal, piped in: only the password is read from a pipe.
    throw new Error(
      "Give only the password on standard input, on one line (or the same line twice); give your name and e-mail with --name and --email (or ADMIN_NAME and ADMIN_EMAIL)",
    );
  return lines[0]!;
}

async function readPassword(): Promise<string> {
  if (process.env.ADMIN_PASSWORD) return process.env.ADMIN_PASSWORD;
  if (!process.stdin.isTTY) return readStdin();
  const first = await ask(`Password (at least ${MIN_PASSWORD_LENGTH} characters): `, true);
  const second = await ask("Repeat the password: ", true);
  if (first !== second) throw new Error("The two passwords differ");
  return first;
}

const USAGE = `npm run admin:create -- [--username NAME] [--name "FULL NAME"] [--email ADDRESS] [--reset [--without-second-step]]

Makes an owner account (it asks for your name and e-mail, which the admin greets you by and sends test
e-mails to, and for the password twice; at least 12 characters), or with --reset sets
a new password for an existing account (--without-second-step also turns its authenticator app off).
The account is made in the database at DATABASE_PATH (default ./data/app.db): run it where the site runs.`;

/** The owner's name and e-mail: from the flags, else ADMIN_NAME / ADMIN_EMAIL, else asked at a terminal. */
async function readOwner(
  values: { name?: string; email?: string },
  env: { ADMIN_NAME?: string; ADMIN_EMAIL?: string },
): Promise<{ name: string; email: string | null }> {
  const asking = process.stdin.isTTY && !process.env.ADMIN_PASSWORD;
  const name = (
    values.name ??
    env.ADMIN_NAME ??
    (asking ? await ask("Your name (the admin greets you and signs replies with it): ") : "")
  ).trim();
  const email = (
    values.email ??
    env.ADMIN_EMAIL ??
    (asking ? await ask("Your e-mail (test e-mails and alerts go to it): ") : "")
  ).trim();
  if (name.length > 100) throw new Error("The name must be at most 100 characters");
  if (email && !z.email().safeParse(email).success) throw new Error(`"${email}" is not an e-mail address`);
  return { name, email: email || null };
}

async function main() {
  const { values } = parseArgs({
    options: {
      username: { type: "string", short: "u" },
      name: { type: "string" },
      email: { type: "string" },
      reset: { type: "boolean", default: false },
      "without-second-step": { type: "boolean", default: false },
      help: { type: "boolean", short: "h", default: false },
    },
  });
  if (values.help) {
    console.log(USAGE);
    return;
  }
  const env = getEnv();
  const username = (values.username ?? env.ADMIN_USERNAME ?? (await ask("Username: "))).trim();
  if (!username) throw new Error("A username is required (--username NAME)");
  const owner = values.reset ? undefined : await readOwner(values, env);
  const password = await readPassword();

  if (values.reset) {
    if (!(await setPassword(username, password))) throw new Error(`No user named "${username}"`);
    console.log(`Password changed for "${username}".`);
    if (values["without-second-step"]) {
      const { id } = findUserByUsername(username)!;
      turnOffTotp(id, { operatorReset: true });
      setSecondFactorRequired(id, false, { operatorReset: true });
      console.log("The authenticator app is off and the password alone signs in (passkeys are kept).");
    }
  } else {
    await createUser(username, password, owner);
    const who = owner?.name ? ` (${owner.name})` : "";
    console.log(`Admin "${username}"${who} created. Sign in at ${siteAddress(env)}/admin/login`);
  }
}

try {
  await main();
} catch (error) {
  const hint = error instanceof ConflictError ? " (use --reset to change its password)" : "";
  console.error(`${error instanceof Error ? error.message : String(error)}${hint}`);
  process.exitCode = 1;
} finally {
  closeDb();
}
