import type { AddressInfo } from "node:net";

import express from "express";
import { afterAll, beforeAll } from "vitest";

import { pageViews } from "#db/schema";
import { flushPageViews } from "~/features/analytics/analytics.server";
import { pageViewRoute } from "~/features/analytics/page-view-route.server";
import { getDb } from "~/platform/db.server";

/**
 * The page beacon's route alone on a free port for the test file (trusting X-Forwarded-For, so a test
 * can speak as many addresses): `base` and `port` are set once it listens.
 */
export function beaconServer() {
  const served = { base: "", port: 0 };
  let server: ReturnType<express.Express["listen"]>;
  beforeAll(async () => {
    const app = express();
    app.set("trust proxy", true);
    app.all("/api/event", pageViewRoute);
    server = app.listen(0, "127.0.0.1");
    await new Promise((resolve) => server.once("listening", resolve));
    served.port = (server.address() as AddressInfo).port;
    served.base = `http://127.0.0.1:${served.port}`;
  });
  afterAll(() => new Promise((resolve) => server.close(resolve)));
  return served;
}

/** The paths of the page views stored so far (those still queued written first), in the order stored. */
export function storedPaths(): string[] {
  flushPageViews();
  return getDb()
    .select({ path: pageViews.path })
    .from(pageViews)
    .all()
    .map((row) => row.path);
}
