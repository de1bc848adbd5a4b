import { pino } from "pino";

/**
 * The one logger: JSON lines on stdout (the container's log). Request lines carry method, path,
 * status and duration only — never headers, cookies, query strings or bodies. Tests and quiet runs
 * can lower the level with LOG_LEVEL.
 */
export const log = pino({
  level: process.env.LOG_LEVEL ?? "info",
  base: undefined,
  timestamp: pino.stdTimeFunctions.isoTime,
});
