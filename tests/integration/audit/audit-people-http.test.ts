// The audit log's person filter offers the members of staff: staff are above the log (they write to
// it), so the running server connects the two at start rather than the log importing staff.
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import {
  adminSessionCookie,
  E2E_ADMIN,
  type RunningServer,
  startServer,
} from "../../../scripts/lib/start-server";

let server: RunningServer;
let cookie: string;

beforeAll(async () => {
  server = await startServer();
  cookie = await adminSessionCookie(server.baseURL);
}, 60_000);
afterAll(() => server?.stop());

describe("the audit log's filter", () => {
  it("offers each member of staff by name", async () => {
    const response = await fetch(`${server.baseURL}/admin/audit`, { headers: { Cookie: cookie } });
    expect(response.status).toBe(200);
    expect(await response.text()).toMatch(new RegExp(`<option value="[^"]+">${E2E_ADMIN.username}</option>`));
  });
});
