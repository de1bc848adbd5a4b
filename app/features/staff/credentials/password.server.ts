import { randomBytes, scrypt as scryptCallback, type ScryptOptions, timingSafeEqual } from "node:crypto";

// scrypt with N=2^17, r=8, p=1 (OWASP's recommendation): ~128 MiB and a few hundred ms per hash.
const HASH_PARAMS = { N: 2 ** 17, r: 8, p: 1 } as const;
// The unit and service tests hash hundreds of times on two cores. Each stored hash carries its own
// cost, so a cheaper one there exercises the same code; the built server never runs with NODE_ENV=test.
const TEST_HASH_PARAMS = { N: 2 ** 10, r: 8, p: 1 } as const;
type Cost = { N: number; r: number; p: number };
const hashParams = (): Cost => (process.env.NODE_ENV === "test" ? TEST_HASH_PARAMS : HASH_PARAMS);
const KEY_LENGTH = 64;

/**
 * One hash at a time (each takes ~128 MiB, a CPU core and one of libuv's four threads, which file reads
 * share) and a short queue behind them; past that the caller hears at once that we are busy. A browser
 * the account has signed in on before (known-device.server) waits in a queue of its own that is served
 * first, so strangers' guesses cannot keep the hasher full against its person.
 */
export const CONCURRENT_HASHES = 1;
export const QUEUED_HASHES = 4;
export type HashLane = "known-device" | "other";
const waiting: Record<HashLane, (() => void)[]> = { "known-device": [], other: [] };
let active = 0;

export class HashingBusyError extends Error {
  constructor() {
    super("Too many password checks at once");
  }
}

function startNext() {
  const next = waiting["known-device"].shift() ?? waiting.other.shift();
  next?.();
}

function scrypt(password: string, salt: Buffer, options: ScryptOptions, lane: HashLane): Promise<Buffer> {
  if (active >= CONCURRENT_HASHES && waiting[lane].length >= QUEUED_HASHES)
    return Promise.reject(new HashingBusyError());
  return new Promise<Buffer>((resolve, reject) => {
    const start = () => {
      active++;
      const done = (error: Error | null, key?: Buffer) => {
        active--;
        startNext();
        if (error) reject(error);
        else resolve(key!);
      };
      try {
        scryptCallback(password.normalize("NFKC"), salt, KEY_LENGTH, options, done);
      } catch (error) {
        done(error as Error); // parameters scrypt refuses outright (a damaged stored hash)
      }
    };
    if (active < CONCURRENT_HASHES) start();
    else waiting[lane].push(start);
  });
}

/** Hashes being computed and waiting (for tests and the load test). */
export const hashingLoad = () => ({
  active,
  queued: waiting["known-device"].length + waiting.other.length,
});

const withMemory = (p: Cost): ScryptOptions => ({
  ...p,
  maxmem: 256 * p.N * p.r,
});

/** Returns "scrypt$N$r$p$salt$hash" so the parameters can be raised later without breaking old hashes. */
export async function hashPassword(password: string): Promise<string> {
  return hashAt(password, hashParams());
}

async function hashAt(password: string, cost: Cost): Promise<string> {
  const salt = randomBytes(16);
  const key = await scrypt(password, salt, withMemory(cost), "other");
  return ["scrypt", cost.N, cost.r, cost.p, salt.toString("base64"), key.toString("base64")].join("$");
}

export async function verifyPassword(
  password: string,
  stored: string,
  lane: HashLane = "other",
): Promise<boolean> {
  const [scheme, n, r, p, salt, hash] = stored.split("$");
  if (scheme !== "scrypt" || !salt || !hash) return false;
  const params = { N: Number(n), r: Number(r), p: Number(p) };
  const expected = Buffer.from(hash, "base64");
  const actual = await scrypt(password, Buffer.from(salt, "base64"), withMemory(params), lane);
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

/** The cost a stored hash names, when it is one the hasher could have made (else undefined). */
function costOf(stored: string): Cost | undefined {
  const [scheme, n, r, p] = stored.split("$");
  const cost = { N: Number(n), r: Number(r), p: Number(p) };
  const within = (value: number, max: number) => Number.isInteger(value) && value >= 1 && value <= max;
  const log = Math.log2(cost.N);
  const sane = scheme === "scrypt" && Number.isInteger(log) && log >= 10 && log <= 20;
  return sane && within(cost.r, 32) && within(cost.p, 16) ? cost : undefined;
}

// A real hash of a random password, checked when the username is unknown, so a failed sign-in takes
// as long whether or not the account exists. It costs what the accounts' own hashes cost (`like`, one
// of them): the same as theirs when the hashing cost was raised after they were made, and on a test
// server whose accounts hash cheaply, a stranger's guess is not the one check that takes a third of a second.
const dummyHashes = new Map<string, Promise<string>>();
export function timingDummyHash(like?: string): Promise<string> {
  const cost = (like && costOf(like)) || hashParams();
  const key = `${cost.N}$${cost.r}$${cost.p}`;
  let dummy = dummyHashes.get(key);
  if (!dummy) {
    dummy = hashAt(randomBytes(16).toString("hex"), cost).catch((error: unknown) => {
      dummyHashes.delete(key); // busy this time: the next sign-in makes it
      throw error;
    });
    dummyHashes.set(key, dummy);
  }
  return dummy;
}
