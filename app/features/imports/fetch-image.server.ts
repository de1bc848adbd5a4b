import http from "node:http";
import https from "node:https";
import type { Readable } from "node:stream";

import { useAgent as filteringAgentFor } from "request-filtering-agent";

import { getEnv } from "~/platform/env.server";

const REDIRECTS_FOLLOWED = 3;
/** A whole image, headers to last byte; the upload pipeline caps its size. */
export const FETCH_TIMEOUT_MS = 30_000;

/** An image the old site did not give: the owner's report names it and why. */
export class FetchRefused extends Error {}

/**
 * Opens an image on the old site for the upload pipeline. Only http(s); only public addresses, checked
 * when each connection is made (after DNS, and again for every redirect, so a name that resolves to
 * 127.0.0.1 or a redirect into the office network gets nowhere) by request-filtering-agent; at most
 * three redirects. One deadline for the whole image, redirects, headers and every byte (30 seconds):
 * an old site that sends a byte now and then is cut off at it, not allowed forever.
 * IMPORT_ALLOWED_ORIGINS names origins that may be private (tests).
 */
export function openRemoteImage(
  address: string,
  {
    timeoutMs = FETCH_TIMEOUT_MS,
    accept = "image/*",
  }: {
    timeoutMs?: number;
    /** What is asked for: another file than an image (a PDF) takes any. */ accept?: string;
  } = {},
): Promise<Readable> {
  const late = () => new FetchRefused(`took longer than ${Math.round(timeoutMs / 1000)} seconds`);
  return openWithin(address, 0, AbortSignal.timeout(timeoutMs), late, accept);
}

async function openWithin(
  address: string,
  redirects: number,
  deadline: AbortSignal,
  late: () => FetchRefused,
  accept: string,
): Promise<Readable> {
  let url: URL;
  try {
    url = new URL(address);
  } catch {
    throw new FetchRefused("not an address");
  }
  if (url.protocol !== "http:" && url.protocol !== "https:")
    throw new FetchRefused("only http and https are fetched");
  if (deadline.aborted) throw late();
  const allowPrivate = getEnv().IMPORT_ALLOWED_ORIGINS.includes(url.origin);
  const agent = filteringAgentFor(url.href, {
    allowPrivateIPAddress: allowPrivate,
    allowMetaIPAddress: false,
  });
  const client = url.protocol === "https:" ? https : http;
  const response = await new Promise<http.IncomingMessage>((resolve, reject) => {
    const request = client.get(url, { agent, headers: { Accept: accept } }, (answer) => {
      deadline.removeEventListener("abort", cut);
      resolve(answer);
    });
    const cut = () => request.destroy(late());
    deadline.addEventListener("abort", cut, { once: true });
    request.on("error", (error) => {
      deadline.removeEventListener("abort", cut);
      reject(error instanceof FetchRefused ? error : new FetchRefused(publicReason(error)));
    });
  });
  const status = response.statusCode ?? 0;
  if (status >= 300 && status < 400 && response.headers.location) {
    response.resume();
    if (redirects >= REDIRECTS_FOLLOWED) throw new FetchRefused("too many redirects");
    return openWithin(new URL(response.headers.location, url).href, redirects + 1, deadline, late, accept);
  }
  if (status !== 200) {
    response.resume();
    throw new FetchRefused(`the old site answered ${status}`);
  }
  if (deadline.aborted) {
    response.destroy();
    throw late();
  }
  const cut = () => response.destroy(late());
  deadline.addEventListener("abort", cut, { once: true });
  response.once("close", () => deadline.removeEventListener("abort", cut));
  return response;
}

function publicReason(error: Error): string {
  if (/is not allowed|private|meta/i.test(error.message)) return "its address is not public";
  if ("code" in error && error.code === "ENOTFOUND") return "the old site's name does not resolve";
  if ("code" in error && error.code === "ECONNREFUSED") return "the old site refused the connection";
  return error.message.split("\n")[0]!.slice(0, 120);
}
