// npm run bench:uploads: figures for the upload pipeline against the production build.
//  - time to accept and process a 4000×3000 JPEG, and the bytes of each variant;
//  - the server's peak memory growth for a 7000×7000 PNG (goal ≤ 256 MB) and for six at once (≤ 512 MB),
//    each on a fresh server;
//  - the same growth while a 100 MB video streams in, as multipart and as the JSON data URL (≤ 64 MB);
//  - how soon an oversized upload gets its 413 while the client is still sending.
// Memory is the server process's peak resident set (VmHWM, reset through /proc/<pid>/clear_refs just
// before each step), less its resident set at that moment.
import { readdirSync, statSync } from "node:fs";
import http from "node:http";
import path from "node:path";

import sharp from "sharp";

import { peakGrowth } from "../lib/process-memory";
import { adminSessionCookie, type RunningServer, startServer } from "../lib/start-server";

const MB = 1024 * 1024;
const mb = (bytes: number) => `${(bytes / MB).toFixed(0)} MB`;

async function withServer(run: (server: RunningServer, pid: number, cookie: string) => Promise<void>) {
  const server = await startServer({}, { atRest: true });
  try {
    await run(server, server.pid, await adminSessionCookie(server.baseURL));
  } finally {
    await server.stop();
  }
}

async function postImage(baseURL: string, cookie: string, image: Buffer, name: string) {
  const form = new FormData();
  form.append("image", new Blob([new Uint8Array(image)], { type: "image/png" }), name);
  const response = await fetch(`${baseURL}/api/images`, {
    method: "POST",
    headers: { Cookie: cookie },
    body: form,
  });
  return { status: response.status, body: (await response.json()) as { publicURL?: string; error?: string } };
}

/** A body of `size` bytes made as it is sent: `head`, then filler, then `tail`. */
function generated(head: Buffer, size: number, tail: Buffer, filler = 0x41) {
  const chunk = Buffer.alloc(256 * 1024, filler);
  let sent = 0;
  return new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(head);
    },
    pull(controller) {
      if (sent >= size) {
        controller.enqueue(tail);
        controller.close();
        return;
      }
      const piece = chunk.subarray(0, Math.min(chunk.length, size - sent));
      sent += piece.length;
      controller.enqueue(piece);
    },
  });
}

const mp4Header = Buffer.from("\0\0\0\x18ftypmp42\0\0\0\0mp42isom");

/**
 * Sends `total` bytes of an oversized file (multipart, no Content-Length, so the server has to count)
 * and reports when the answer came: how much had been sent by then, and how long it took.
 */
function oversized(baseURL: string, cookie: string, pathname: string, field: string, total: number) {
  return new Promise<{ status: number; sentWhenAnswered: number; ms: number }>((resolve, reject) => {
    const url = new URL(pathname, baseURL);
    const boundary = "----bench-oversized";
    const started = performance.now();
    const request = http.request(url, {
      method: "POST",
      headers: { Cookie: cookie, "Content-Type": `multipart/form-data; boundary=${boundary}` },
    });
    let sent = 0;
    let answered = false;
    request.on("response", (response) => {
      answered = true;
      resolve({ status: response.statusCode ?? 0, sentWhenAnswered: sent, ms: performance.now() - started });
      response.resume();
      request.destroy();
    });
    request.on("error", (error) => {
      if (!answered) reject(error);
    });
    request.write(
      `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="big"\r\nContent-Type: application/octet-stream\r\n\r\n`,
    );
    request.write(mp4Header);
    const chunk = Buffer.alloc(64 * 1024, 7);
    const pump = () => {
      while (!answered && sent < total) {
        sent += chunk.length;
        if (!request.write(chunk)) return void request.once("drain", pump);
      }
      if (!answered) request.end(`\r\n--${boundary}--\r\n`);
    };
    pump();
  });
}

// 1. Time and variant sizes of a 12-megapixel photo; videos as multipart and as JSON; oversized uploads.
await withServer(async (server, pid, cookie) => {
  const photo = await sharp({
    create: {
      width: 4000,
      height: 3000,
      channels: 3,
      background: "#000",
      noise: { type: "gaussian", mean: 128, sigma: 40 },
    },
  })
    .jpeg({ quality: 90 })
    .toBuffer();
  const started = performance.now();
  const { status, body } = await postImage(server.baseURL, cookie, photo, "photo.jpg");
  const elapsed = performance.now() - started;
  console.log(
    `4000×3000 JPEG (${(photo.length / MB).toFixed(1)} MB) accepted and processed in ${elapsed.toFixed(0)} ms (HTTP ${status})`,
  );
  const dir = path.join(server.uploadsDir, path.dirname(body.publicURL!).replace("/uploads/", ""));
  for (const file of readdirSync(dir).sort((a, b) => parseInt(a) - parseInt(b) || a.localeCompare(b))) {
    console.log(
      `  ${file.padEnd(10)} ${(statSync(path.join(dir, file)).size / 1024).toFixed(0).padStart(6)} KB`,
    );
  }

  // 100 MB of "video", generated as it is sent: the client never holds it either.
  const boundary = "----bench" + Date.now();
  const head = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="video"; filename="big.mp4"\r\nContent-Type: video/mp4\r\n\r\n`,
    ),
    mp4Header,
  ]);
  const videoStart = performance.now();
  const multipart = await peakGrowth(pid, () =>
    fetch(`${server.baseURL}/api/videos/upload`, {
      method: "POST",
      headers: { Cookie: cookie, "Content-Type": `multipart/form-data; boundary=${boundary}` },
      body: generated(head, 100 * MB - 1024, Buffer.from(`\r\n--${boundary}--\r\n`)),
      duplex: "half",
    } as RequestInit),
  );
  console.log(
    `100 MB video as multipart streamed in ${((performance.now() - videoStart) / 1000).toFixed(1)} s (HTTP ${multipart.result.status}): server memory growth ${mb(multipart.growth)} (goal ≤ 64 MB)`,
  );

  // The original JSON body with a data URL: ~99 MB of video is ~132 MB of base64. "AAAA" decodes to zeros.
  const jsonHead = Buffer.from(
    `{"fileName":"big.mp4","mimeType":"video/mp4","video":"data:video/mp4;base64,`,
  );
  const json = async (base64Bytes: number) => {
    const response = await fetch(`${server.baseURL}/api/videos/upload`, {
      method: "POST",
      headers: { Cookie: cookie, "Content-Type": "application/json" },
      body: generated(
        Buffer.concat([jsonHead, Buffer.from(mp4Header.toString("base64"))]),
        base64Bytes,
        Buffer.from(`"}`),
      ),
      duplex: "half",
    } as RequestInit);
    return { status: response.status, body: await response.text() };
  };
  const jsonStart = performance.now();
  const fits = await peakGrowth(pid, () => json(132 * MB));
  console.log(
    `~99 MB video as a 132 MB JSON data URL in ${((performance.now() - jsonStart) / 1000).toFixed(1)} s (HTTP ${fits.result.status}): server memory growth ${mb(fits.growth)} (goal ≤ 64 MB)`,
  );
  const over = await peakGrowth(pid, () => json(138 * MB));
  console.log(
    `138 MB JSON data URL (over 100 MB decoded): HTTP ${over.result.status}, server memory growth ${mb(over.growth)}`,
  );

  for (const [label, pathname, field, total] of [
    ["50 MB image", "/api/images", "image", 50 * MB],
    ["300 MB video", "/api/videos/upload", "video", 300 * MB],
  ] as const) {
    const answer = await Promise.race([
      oversized(server.baseURL, cookie, pathname, field, total),
      new Promise<null>((resolve) => setTimeout(() => resolve(null), 30_000)),
    ]);
    console.log(
      answer
        ? `${label} as chunked multipart: HTTP ${answer.status} after ${answer.ms.toFixed(0)} ms, with ${mb(answer.sentWhenAnswered)} of ${mb(total)} sent`
        : `${label} as chunked multipart: no answer in 30 s`,
    );
  }
});

// 2. A 7000×7000 PNG (RGBA, ~200 KB: it decodes to 196 MB of pixels), alone and six at once.
const bigPng = await sharp({
  create: { width: 7000, height: 7000, channels: 4, background: { r: 40, g: 90, b: 160, alpha: 0.6 } },
})
  .png({ compressionLevel: 9 })
  .toBuffer();
await withServer(async (server, pid, cookie) => {
  const started = performance.now();
  const one = await peakGrowth(pid, () => postImage(server.baseURL, cookie, bigPng, "big.png"));
  console.log(
    `7000×7000 PNG (${(bigPng.length / 1024).toFixed(0)} KB) in ${((performance.now() - started) / 1000).toFixed(1)} s (HTTP ${one.result.status}): server memory growth ${mb(one.growth)} (goal ≤ 256 MB)`,
  );
});
await withServer(async (server, pid, cookie) => {
  const started = performance.now();
  const six = await peakGrowth(pid, () =>
    Promise.all(
      Array.from({ length: 6 }, (_, i) => postImage(server.baseURL, cookie, bigPng, `big-${i}.png`)),
    ),
  );
  console.log(
    `six 7000×7000 PNGs at once in ${((performance.now() - started) / 1000).toFixed(1)} s (HTTP ${six.result.map((r) => r.status).join(", ")}): server memory growth ${mb(six.growth)} (goal ≤ 512 MB)`,
  );
});
