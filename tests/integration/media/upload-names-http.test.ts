// An image sent by the editor's three steps (a one-time address, the bytes, the registration) joins the
// library under the file's own name, as one sent in a single multipart request does. Against the
// built server.
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { adminSessionCookie, type RunningServer, startServer } from "../../../scripts/lib/start-server";

let server: RunningServer;
let cookie = "";

beforeAll(async () => {
  server = await startServer();
  cookie = await adminSessionCookie(server.baseURL);
}, 120_000);
afterAll(() => server?.stop());

const call = (path: string, init: RequestInit = {}) =>
  fetch(`${server.baseURL}${path}`, {
    ...init,
    headers: { Cookie: cookie, Origin: server.baseURL, ...(init.headers as Record<string, string>) },
  });

describe("an image uploaded from the editor", () => {
  it("is named in the library by the file it came from", async () => {
    const { uploadURL } = (await (await call("/api/images/upload", { method: "POST" })).json()) as {
      uploadURL: string;
    };
    const jpeg = await sharp({ create: { width: 800, height: 600, channels: 3, background: "#39c" } })
      .jpeg()
      .toBuffer();
    const sent = await call(`${uploadURL}?name=${encodeURIComponent("Shop front, Capel St.jpg")}`, {
      method: "PUT",
      body: new Uint8Array(jpeg),
    });
    expect(sent.status).toBe(200);
    const { publicURL } = (await sent.json()) as { publicURL: string };
    const library = (await (await call("/api/media?q=Capel")).json()) as { url: string; name: string }[];
    expect(library.find((item) => item.url === publicURL)?.name).toBe("Shop front, Capel St.jpg");
  });
});
