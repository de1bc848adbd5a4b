// A production start renders the marketing pages before it listens, so their first visitors are
// answered from memory; PAGES_WARMED_AT_START bounds how many (the test servers start with none).
import { afterEach, describe, expect, it } from "vitest";

import { type RunningServer, startServer } from "../../../scripts/lib/start-server";

let server: RunningServer | undefined;
afterEach(async () => {
  await server?.stop();
  server = undefined;
});

const firstAnswer = async (path: string) => (await fetch(server!.baseURL + path)).headers.get("x-page-cache");

describe("pages rendered at start", () => {
  it("are the marketing pages, by default: a first visitor of the home page or a service is answered from memory", async () => {
    server = await startServer({ PAGES_WARMED_AT_START: "" });
    expect(await firstAnswer("/")).toBe("hit");
    expect(await firstAnswer("/services/seo")).toBe("hit");
    expect(await firstAnswer("/privacy")).toBe("hit");
  });

  it("are none with PAGES_WARMED_AT_START=0: the first visitor's page is rendered, the next is from memory", async () => {
    server = await startServer({ PAGES_WARMED_AT_START: "0" });
    expect(await firstAnswer("/")).toBe("miss");
    expect(await firstAnswer("/")).toBe("hit");
  });

  it("refuses a count that is not a whole number from 0 to 125, saying which setting", async () => {
    await expect(startServer({ PAGES_WARMED_AT_START: "many" })).rejects.toThrow(
      "PAGES_WARMED_AT_START must be a whole number",
    );
    await expect(startServer({ PAGES_WARMED_AT_START: "126" })).rejects.toThrow(
      "PAGES_WARMED_AT_START must be at most 125",
    );
  });
});
