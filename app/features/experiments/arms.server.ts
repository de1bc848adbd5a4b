import type { RequestHandler } from "express";
import { isbot } from "isbot";
import onHeaders from "on-headers";

import { visitorToday } from "~/features/analytics/index.server";
import { withTextAt } from "~/features/pages/index.server";
import { hasLiveSession } from "~/features/staff/index.server";
import { noteConversion } from "~/platform/conversions.server";
import { requestScope, setExperimentArms } from "~/platform/http/request-scope.server";
import { withoutTrailing } from "~/platform/text/trailing";

import { armOf } from "./assignment";
import { countVisitorDay } from "./counting.server";
import { type Running, runningByPath } from "./experiments.server";
import { admitVisitor } from "./visitors-per-address";

/** A signed-in member of staff sees an arm with `?arm=b` on the page's address (the admin links to it). */
export const ARM_PREVIEW_PARAM = "arm";

/** A page under test may be kept by the visitor's browser (and revalidated), never by a shared cache. */
const UNDER_TEST_CACHE = "private, max-age=0, must-revalidate";

/** The page a path shows, as the page cache reads it: `/_.data` is `/`'s data, `/about.data` is `/about`'s. */
function pageOf(path: string): string {
  const page = path.endsWith("/_.data")
    ? path.slice(0, -"_.data".length)
    : path.endsWith(".data")
      ? path.slice(0, -".data".length)
      : path;
  return withoutTrailing(page, "/", 1) || "/";
}

/** A browser fetching ahead (a link hovered) is not a visitor seeing the page yet. */
const isPrefetch = (req: Parameters<RequestHandler>[0]) =>
  /prefetch/i.test(req.get("sec-purpose") ?? req.get("purpose") ?? req.get("x-purpose") ?? "");

function show(experiment: Running, arm: string | null) {
  const words = experiment.arms.find((each) => each.key === arm && arm !== "control");
  setExperimentArms({
    tag: `${experiment.id}=${words?.key ?? "control"}`,
    words: words ? { [experiment.pageKey]: { field: experiment.field, text: words.text } } : {},
  });
}

/**
 * Before the page cache: which arm of a running experiment this request is shown, rendered on the server
 * (and kept by the page cache once per arm). A visitor's arm comes from their daily visitor hash and is
 * counted once a day (up to VISITORS_PER_ADDRESS from one address); a bot sees the control, uncounted; signed-in staff see the control, or the arm
 * they ask for with `?arm=`. Every answer for a page under test is kept from shared caches, the
 * control's too, since a CDN would otherwise give one visitor's arm to all. A visit to the contact page
 * is a conversion for experiments with that goal.
 */
export const experimentArms: RequestHandler = async (req, res, next) => {
  if (req.method !== "GET" && req.method !== "HEAD") return next();
  const running = runningByPath();
  if (!running.size) return next();
  const page = pageOf(req.path);
  const userAgent = req.get("user-agent") ?? "";
  const ip = requestScope()?.ip ?? "unknown";
  try {
    if (page === "/contact" && req.method === "GET" && !isbot(userAgent) && !isPrefetch(req))
      noteConversion("contact", { ip, userAgent });
    const experiment = running.get(page);
    if (!experiment) return next();
    onHeaders(res, () => {
      if (!/\bno-store\b/.test(String(res.getHeader("Cache-Control") ?? "")))
        res.setHeader("Cache-Control", UNDER_TEST_CACHE);
    });
    if (await hasLiveSession(req.get("cookie"))) {
      show(
        experiment,
        typeof req.query[ARM_PREVIEW_PARAM] === "string" ? req.query[ARM_PREVIEW_PARAM] : null,
      );
      return next();
    }
    if (isbot(userAgent)) {
      show(experiment, null);
      return next();
    }
    const today = visitorToday({ ip, userAgent }, { create: true })!;
    const arm = admitVisitor(today.day, ip, today.visitor) ? armOf(today.visitor, experiment) : null;
    if (arm && req.method === "GET" && !isPrefetch(req))
      countVisitorDay({ experimentId: experiment.id, day: today.day, visitor: today.visitor, arm });
    show(experiment, arm);
    next();
  } catch (error) {
    next(error);
  }
};

/** The copy layer (connected at start): a page under test shows this request's arm's words. */
export function showArm(key: string, copy: Record<string, unknown>): Record<string, unknown> {
  const words = requestScope()?.experimentArms?.words[key];
  return words ? withTextAt(copy, words.field, words.text) : copy;
}
