import type { RequestHandler } from "express";

import { log } from "~/platform/log.server";

import { BEACON_LIMIT_BYTES, recordBeacon } from "./analytics.server";
import { beaconWait } from "./beacon-limits.server";

const problem = (status: number, error: string) => ({ status, body: { error } });

/**
 * POST /api/event: the page beacon, a page view or its Web Vitals (decisions 028, 048) → 204, or a JSON error (400 not an event, 405 not a
 * POST, 413 over 1 KB, 429 over the beacon limits: not recorded, decision 033). An Express route in
 * front of React Router rather than a resource route, and of the request log and the other middleware:
 * it is the busiest request the site answers (one per page view), and the router's request handling
 * cost more than the rest of it together (≈ 1,100 against ≈ 3,000 beacons a second here); a log line
 * per page view would repeat the analytics.
 */
export const pageViewRoute: RequestHandler = (req, res) => {
  const answer = (error?: { status: number; body: { error: string } }) =>
    error ? res.status(error.status).json(error.body) : res.status(204).end();
  if (req.method !== "POST") {
    res.set("Allow", "POST");
    return answer(problem(405, "Use POST to send a page view"));
  }
  if (Number(req.headers["content-length"]) > BEACON_LIMIT_BYTES)
    return answer(problem(413, `The body must be at most ${BEACON_LIMIT_BYTES} bytes`));
  const chunks: Buffer[] = [];
  let size = 0;
  let refused = false;
  req.on("data", (chunk: Buffer) => {
    size += chunk.length;
    if (size > BEACON_LIMIT_BYTES && !refused) {
      refused = true;
      answer(problem(413, `The body must be at most ${BEACON_LIMIT_BYTES} bytes`));
    }
    if (!refused) chunks.push(chunk);
  });
  req.on("end", async () => {
    if (refused) return;
    const ip = req.ip ?? req.socket.remoteAddress ?? "unknown";
    try {
      const wait = await beaconWait(ip);
      if (wait) {
        res.set("Retry-After", String(wait));
        return answer(problem(429, "Too many page views; try again later"));
      }
      const refused = recordBeacon(Buffer.concat(chunks).toString("utf8"), {
        ip,
        userAgent: req.get("user-agent") ?? "",
        siteHost: req.get("host") ?? "",
      });
      answer(refused ? problem(400, refused) : undefined);
    } catch (error) {
      // A full disk, say: the visitor's page is not theirs to worry about.
      log.error({ err: error }, "Recording a page view failed");
      answer(problem(503, "The page view could not be recorded"));
    }
  });
};
