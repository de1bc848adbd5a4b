import { addressKey } from "~/platform/rate-limit.server";

/**
 * The visitor-days one address may add to the experiments in a day. A visitor is a hash of address and
 * browser, so a script that changes its User-Agent on every request would otherwise be a new visitor
 * each time, and could dilute the rates, break the split or push one arm. An office or a home behind
 * one address has a handful of browsers; the rest from that address see the current words, uncounted.
 * An address is a client as the rate limits count it (addressKey): an IPv6 /64 is one, or a script
 * rotating through its 2^64 addresses would be 2^64 offices.
 */
export const VISITORS_PER_ADDRESS = 20;
/** Addresses remembered at once (about 1 MB for every thousand at the cap); then begun again. */
const ADDRESSES_KEPT = 20_000;

let today = "";
const visitorsOf = new Map<string, Set<string>>();

/** Whether this visitor-day may be in the experiments: already admitted today, or its address is under the cap. */
export function admitVisitor(day: string, ip: string, visitor: string): boolean {
  const address = addressKey(ip);
  if (day !== today) {
    visitorsOf.clear();
    today = day;
  }
  let seen = visitorsOf.get(address);
  if (!seen) {
    if (visitorsOf.size >= ADDRESSES_KEPT) visitorsOf.clear();
    visitorsOf.set(address, (seen = new Set()));
  }
  if (seen.has(visitor)) return true;
  if (seen.size >= VISITORS_PER_ADDRESS) return false;
  seen.add(visitor);
  return true;
}
