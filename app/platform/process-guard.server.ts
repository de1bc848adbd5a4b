import type { Logger } from "pino";

/**
 * An error nothing handled (a stream's `error` event with no listener, a promise nobody awaited) would
 * end the process, and with it the site for everyone, for one request's mistake. Instead it is logged
 * with the id of the request it came from (`requestId()`, read from the request's scope: the context
 * follows the error's callbacks) and the server carries on. Every stream still handles its own errors
 * where it is made; this is what catches the one that was missed.
 */
export function keepRunningOnEscapedErrors(log: Logger, requestId: () => string | number | undefined) {
  process.on("uncaughtException", (error) => {
    log.error({ err: error, reqId: requestId() }, "An error escaped its request's handling; still running");
  });
  process.on("unhandledRejection", (reason) => {
    log.error({ err: reason, reqId: requestId() }, "A promise failed with no one awaiting it; still running");
  });
}
