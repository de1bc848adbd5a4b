// Run by escaped-errors.test.ts as its own process: the guard on, then, inside two requests' scopes, a
// stream's error with no listener and a promise that fails with no one awaiting it. Without the guard
// either ends the process; with it, both are logged with their request's id and "still here" follows.
import { EventEmitter } from "node:events";

import { pino } from "pino";

import { requestScope, runInRequestScope } from "../../../app/platform/http/request-scope.server.ts";
import { keepRunningOnEscapedErrors } from "../../../app/platform/process-guard.server.ts";

// Written at once, as "still here" is: pino's own stdout is written later, after it on a busy machine.
const log = pino({ base: undefined }, pino.destination({ dest: 1, sync: true }));
keepRunningOnEscapedErrors(log, () => requestScope()?.requestId);

runInRequestScope(
  "203.0.113.1",
  () => setImmediate(() => new EventEmitter().emit("error", new Error("no listener"))),
  41,
);
runInRequestScope("203.0.113.2", () => void Promise.reject(new Error("no one awaits")), 42);
// After the stream's error however late its turn comes: on a busy machine the timer was due before the
// loop first ran, and "still here" came first. An immediate queued now runs after the earlier one.
setTimeout(() => setImmediate(() => console.log("still here")), 100);
