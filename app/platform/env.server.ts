import { randomBytes } from "node:crypto";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";

import { z } from "zod";

import { withoutTrailing } from "~/platform/text/trailing";

/** An unset variable and an empty one mean the same: use the default. */
const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (value === "" ? undefined : value), schema.optional());

/** An address or range the client address may be taken from `X-Forwarded-For` behind (see trustProxy). */
const TRUSTED_ADDRESS = z.union([
  z.enum(["loopback", "linklocal", "uniquelocal"]),
  z.ipv4(),
  z.ipv6(),
  z.cidrv4(),
  z.cidrv6(),
]);

const EnvSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: z.preprocess(
    (value) => (value === undefined || value === "" ? 3000 : Number(value)),
    z.number({ error: "must be a port number" }).int("must be a whole number").min(0).max(65535),
  ),
  HOST: optional(z.string()).transform((v) => v ?? "0.0.0.0"),
  DATABASE_PATH: optional(z.string()).transform((v) => v ?? "./data/app.db"),
  UPLOADS_DIR: optional(z.string()).transform((v) => v ?? "./uploads"),
  SITE_URL: optional(z.url({ protocol: /^https?$/, error: "must be an absolute http(s) URL" })),
  SESSION_SECRET: optional(z.string().min(32, "must be at least 32 characters")),
  ADMIN_USERNAME: optional(z.string().trim().min(1)),
  ADMIN_PASSWORD: optional(z.string().min(12, "must be at least 12 characters")),
  /** The first admin's name and e-mail (the admin greets them by it; test sends and alerts go to it). */
  ADMIN_NAME: optional(z.string().trim().max(100, "must be at most 100 characters")),
  ADMIN_EMAIL: optional(z.email("must be an e-mail address")),
  SMTP_URL: optional(z.url({ protocol: /^smtps?$/, error: "must be an smtp:// or smtps:// URL" })),
  /** Where each enquiry's alert goes (else the Contact e-mail in Site settings). */
  ENQUIRY_NOTIFY_TO: optional(z.email("must be an e-mail address")),
  MAIL_FROM: optional(z.string().min(3)),
  ENQUIRY_RATE_LIMIT: z.preprocess(
    (value) => (value === undefined || value === "" ? 5 : Number(value)),
    z.number({ error: "must be a whole number" }).int("must be a whole number").min(1, "must be at least 1"),
  ),
  ENQUIRY_MIN_FILL_SECONDS: z.preprocess(
    (value) => (value === undefined || value === "" ? 3 : Number(value)),
    z.number({ error: "must be a number of seconds" }).min(0).max(600),
  ),
  TRUST_PROXY: optional(z.string().trim())
    .transform((v) => v ?? "loopback")
    .refine(
      (v) =>
        /^(none|\d+)$/.test(v) ||
        v.split(",").every((part) => TRUSTED_ADDRESS.safeParse(part.trim()).success),
      {
        error: 'must be "none", a number of proxies, or addresses/ranges (e.g. "loopback, 10.0.0.0/8")',
      },
    ),
  /** Enquiries (and the e-mails about them) older than this are deleted daily (GDPR: decision 026). */
  ENQUIRY_RETENTION_DAYS: z.preprocess(
    (value) => (value === undefined || value === "" ? 730 : Number(value)),
    z
      .number({ error: "must be a whole number of days" })
      .int("must be a whole number of days")
      .min(1, "must be at least 1"),
  ),
  /** Each new enquiry is POSTed here, signed with ENQUIRY_WEBHOOK_SECRET (a CRM, Zapier, n8n: decision 027). */
  ENQUIRY_WEBHOOK_URL: optional(z.url({ protocol: /^https?$/, error: "must be an absolute http(s) URL" })),
  ENQUIRY_WEBHOOK_SECRET: optional(z.string().min(16, "must be at least 16 characters")),
  /** How many newsletter e-mails a minute go to the mail server (a provider's sending limit). */
  NEWSLETTER_RATE_PER_MINUTE: z.preprocess(
    (value) => (value === undefined || value === "" ? 60 : Number(value)),
    z.number({ error: "must be a number" }).positive("must be greater than 0").max(60_000),
  ),
  /** Off-site copy of the database and uploads: `file:///path` or `s3://bucket/prefix` (decision 031). */
  BACKUP_REPLICA_URL: optional(
    z
      .string()
      .trim()
      .refine((v) => /^(file:\/\/\/|s3:\/\/[^/]+)/.test(v) && URL.canParse(v), {
        error: "must be file:///absolute/path or s3://bucket/prefix",
      }),
  ),
  /**
   * For tests only: origins an import may fetch images from although they are on a private address
   * (a local stand-in for the old site), e.g. "http://127.0.0.1:4100". Every other address is refused.
   */
  IMPORT_ALLOWED_ORIGINS: optional(z.string())
    .transform((v) =>
      (v ?? "")
        .split(",")
        .map((origin) => withoutTrailing(origin.trim(), "/"))
        .filter(Boolean),
    )
    .pipe(z.array(z.url({ protocol: /^https?$/, error: "must be http(s) origins, comma separated" }))),
  // How many marketing pages a production start renders before it listens (page-cache.server.ts's
  // warm, which keeps to a quarter of its 500 pages): 0 leaves each page to its first visitor.
  PAGES_WARMED_AT_START: z.preprocess(
    (value) => (value === undefined || value === "" ? 125 : Number(value)),
    z
      .number({ error: "must be a whole number" })
      .int("must be a whole number")
      .min(0, "must be 0 or more")
      .max(125, "must be at most 125"),
  ),
  RATE_LIMIT_FACTOR: z.preprocess(
    (value) => (value === undefined || value === "" ? 1 : Number(value)),
    z.number({ error: "must be a number" }).positive("must be greater than 0"),
  ),
});

export type Env = Omit<z.infer<typeof EnvSchema>, "SITE_URL" | "SESSION_SECRET" | "MAIL_FROM"> & {
  SITE_URL: string;
  SESSION_SECRET: string;
  MAIL_FROM: string;
};

export class EnvError extends Error {
  override name = "EnvError";
}

/** Variables renamed so that they say "enquiry", as the product does: each old name still reads. */
const RENAMED = {
  CONTACT_NOTIFY_TO: "ENQUIRY_NOTIFY_TO",
  CONTACT_RATE_LIMIT: "ENQUIRY_RATE_LIMIT",
  CONTACT_MIN_FILL_SECONDS: "ENQUIRY_MIN_FILL_SECONDS",
  LEAD_WEBHOOK_URL: "ENQUIRY_WEBHOOK_URL",
  LEAD_WEBHOOK_SECRET: "ENQUIRY_WEBHOOK_SECRET",
} as const;

const isSet = (value: string | undefined) => value !== undefined && value !== "";

/** `source` with each old name's value under its new name, unless the new name is set (it wins). */
function withNewNames(source: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const renamed = { ...source };
  for (const [old, now] of Object.entries(RENAMED)) {
    if (isSet(source[old]) && !isSet(source[now])) renamed[now] = source[old];
  }
  return renamed;
}

/** One line for each old name still set, naming the new one: logged once at start. */
export function renamedEnvWarnings(source: NodeJS.ProcessEnv): string[] {
  return Object.entries(RENAMED)
    .filter(([old]) => isSet(source[old]))
    .map(([old, now]) =>
      isSet(source[now])
        ? `${old} is now ${now}; both are set, so ${now} is used and ${old} is ignored: remove ${old}`
        : `${old} is now ${now}; the old name still works`,
    );
}

/** A bad value is named as it was given: "ENQUIRY_NOTIFY_TO (set as CONTACT_NOTIFY_TO)". */
function givenName(name: string, source: NodeJS.ProcessEnv): string {
  const old = Object.entries(RENAMED).find(([, now]) => now === name)?.[0];
  return old && isSet(source[old]) && !isSet(source[name]) ? `${name} (set as ${old})` : name;
}

/** Validates `given` (old names read as their new ones); throws an EnvError whose message names every bad variable. */
export function parseEnv(given: NodeJS.ProcessEnv): Env {
  const source = withNewNames(given);
  const result = EnvSchema.safeParse(source);
  if (!result.success) {
    const problems = result.error.issues.map(
      (issue) => `${givenName(issue.path.join("."), given)} ${issue.message}`,
    );
    throw new EnvError(`Invalid environment: ${problems.join("; ")}`);
  }
  const env = result.data;
  if (Boolean(env.ADMIN_USERNAME) !== Boolean(env.ADMIN_PASSWORD)) {
    throw new EnvError("ADMIN_USERNAME and ADMIN_PASSWORD must be set together");
  }
  if (env.ENQUIRY_WEBHOOK_URL && !env.ENQUIRY_WEBHOOK_SECRET) {
    throw new EnvError(
      "ENQUIRY_WEBHOOK_SECRET is required with ENQUIRY_WEBHOOK_URL (at least 16 random characters, e.g. `openssl rand -hex 32`): the receiver checks each delivery's signature with it",
    );
  }
  const siteUrl = withoutTrailing(env.SITE_URL ?? `http://localhost:${env.PORT || 3000}`, "/");
  return {
    ...env,
    SITE_URL: siteUrl,
    MAIL_FROM: env.MAIL_FROM ?? `"Northwall Digital website" <no-reply@${new URL(siteUrl).hostname}>`,
    SESSION_SECRET: env.SESSION_SECRET ?? keptSecret(env.DATABASE_PATH),
  };
}

/**
 * Without SESSION_SECRET, the secret is made once and kept with the data (`session-secret` beside the
 * database, readable by its owner alone): a restart keeps staff signed in and the links already sent
 * working. A database in memory (tests) gets one for the process.
 */
function keptSecret(databasePath: string): string {
  if (databasePath === ":memory:") return randomBytes(32).toString("hex");
  const file = path.join(path.dirname(path.resolve(databasePath)), "session-secret");
  const cannot = (error: unknown) =>
    new EnvError(
      `SESSION_SECRET is not set and ${file} cannot be written (${(error as Error).message}): set SESSION_SECRET (at least 32 random characters) or make the data folder writable`,
    );
  let secret: string;
  try {
    mkdirSync(path.dirname(file), { recursive: true });
    // "wx": only when there is none yet, so two processes starting together keep the same one.
    writeFileSync(file, `${randomBytes(32).toString("hex")}\n`, { flag: "wx", mode: 0o600 });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw cannot(error);
  }
  try {
    secret = readFileSync(file, "utf8").trim();
  } catch (error) {
    throw cannot(error);
  }
  if (secret.length < 32)
    throw new EnvError(`${file} holds fewer than 32 characters: delete it to have a new secret made`);
  return secret;
}

let parsed: Env | undefined;

/** The validated environment, parsed once per process. */
export function getEnv(): Env {
  parsed ??= parseEnv(process.env);
  return parsed;
}

/** Tests change process.env between files; this drops the cached copy. */
export function resetEnvCache() {
  parsed = undefined;
}

/**
 * Express's `trust proxy` from TRUST_PROXY: "none" trusts no forwarded header, a number trusts that
 * many proxies in front, a list trusts those addresses and ranges. The default trusts only a proxy on
 * the same machine (README: behind Docker, a reverse proxy or a CDN).
 */
export function trustProxy(env: Pick<Env, "TRUST_PROXY">): boolean | number | string {
  if (env.TRUST_PROXY === "none") return false;
  if (/^\d+$/.test(env.TRUST_PROXY)) return Number(env.TRUST_PROXY);
  return env.TRUST_PROXY;
}
