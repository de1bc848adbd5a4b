// An upload whose body ends inside its file (a connection cut, or a hostile client) against the built
// server, at every address that takes a file: each answers 400 saying so (JSON from /api, the form's
// page otherwise), keeps nothing in the uploads' temporary folder, and the server keeps answering.
// The multipart parser fails the file's stream as soon as the body ends; that stream once had no
// listener until the upload's folder and file were open, and its error ended the process.
import { readdirSync } from "node:fs";
import path from "node:path";

import { afterAll, beforeAll, describe, expect, it } from "vitest";

import type { RunningServer } from "../../../scripts/lib/start-server";
import { signedInServer } from "../../setup/signed-in-server";

const CUT_OFF = "The upload was cut off before the end";
let server: RunningServer;
let cookie = "";
let videoId = "";

beforeAll(async () => {
  ({ server, cookie } = await signedInServer());
  // A video to give captions to: its bytes only need to say MP4.
  const video = new FormData();
  video.set("file", new Blob([Buffer.from("\0\0\0\x18ftypmp42 a video of sorts")]), "clip.mp4");
  const added = await fetch(`${server.baseURL}/api/media`, {
    method: "POST",
    headers: { Cookie: cookie, Origin: server.baseURL },
    body: video,
  });
  expect(added.status).toBe(201);
  videoId = ((await added.json()) as { id: string }).id;
}, 120_000);

afterAll(async () => {
  await server?.stop();
});

/** The body: a JPEG's first three bytes, then nothing (no closing boundary). */
const cutOff = (field: string) =>
  Buffer.concat([
    Buffer.from(`--zz\r\nContent-Disposition: form-data; name="${field}"; filename="a.jpg"\r\n\r\n`),
    Buffer.from([0xff, 0xd8, 0xff]),
  ]);

const UPLOADS: [address: () => string, field: string][] = [
  [() => "/api/media", "file"],
  [() => "/api/images", "image"],
  [() => "/api/videos/upload", "video"],
  [() => `/api/media/${videoId}/captions`, "captions"],
  [() => "/api/import", "file"],
  [() => "/admin/media", "file"],
  [() => `/admin/media?captions=${videoId}`, "captions"],
  [() => "/admin/posts", "coverFile"],
  [() => "/admin/team", "imageFile"],
  [() => "/admin/clients", "imageFile"],
  [() => "/admin/testimonials", "imageFile"],
  [() => "/admin/import", "file"],
];

describe("an upload cut off inside its file", () => {
  it.each(UPLOADS)("%s is refused with 400, leaves no file and the server up", async (address, field) => {
    const answer = await fetch(`${server.baseURL}${address()}`, {
      method: "POST",
      headers: { Cookie: cookie, Origin: server.baseURL, "Content-Type": "multipart/form-data; boundary=zz" },
      body: cutOff(field),
    });
    expect(answer.status).toBe(400);
    const text = await answer.text();
    if (address().startsWith("/api/")) expect(JSON.parse(text)).toEqual({ error: CUT_OFF });
    else expect(text).toContain(CUT_OFF);
    expect((await fetch(`${server.baseURL}/healthz`)).status).toBe(200);
    // An upload's temporary file is named by 24 hex digits (social cards are drawn there too).
    const temporary = readdirSync(path.join(server.uploadsDir, ".tmp")).filter((name) =>
      /^[0-9a-f]{24}/.test(name),
    );
    expect(temporary).toEqual([]);
  });
});
