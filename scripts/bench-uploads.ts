// npm run bench:uploads: figures for the upload pipeline against the production build.
//  - time to accept and process a 4000×3000 JPEG, and the bytes of each variant;
//  - the server's peak RSS growth while a 100 MB video streams in on the multipart route (goal ≤ 64 MB).
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";

import sharp from "sharp";

import { adminSessionCookie, startServer } from "./lib/start-server";

const MB = 1024 * 1024;

function rssOf(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? 0) * 1024;
}

const server = await startServer();
try {
  const pid = Number(/pid (\d+)/.exec(server.output())?.[1] ?? 0) || (await findPid(server.baseURL));
  const cookie = await adminSessionCookie(server.baseURL);

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
  const form = new FormData();
  form.append("image", new Blob([photo], { type: "image/jpeg" }), "photo.jpg");
  const started = performance.now();
  const response = await fetch(`${server.baseURL}/api/images`, {
    method: "POST",
    headers: { Cookie: cookie },
    body: form,
  });
  const elapsed = performance.now() - started;
  const { publicURL } = (await response.json()) as { publicURL: string };
  console.log(
    `4000×3000 JPEG (${(photo.length / MB).toFixed(1)} MB) accepted and processed in ${elapsed.toFixed(0)} ms (HTTP ${response.status})`,
  );
  const dir = path.join(server.uploadsDir, path.dirname(publicURL).replace("/uploads/", ""));
  for (const file of readdirSync(dir).sort((a, b) => parseInt(a) - parseInt(b) || a.localeCompare(b))) {
    console.log(
      `  ${file.padEnd(10)} ${(statSync(path.join(dir, file)).size / 1024).toFixed(0).padStart(6)} KB`,
    );
  }

  // 100 MB of "video", generated as it is sent: the client never holds it either.
  const header = Buffer.concat([Buffer.from("\0\0\0\x18ftypmp42\0\0\0\0mp42isom")]);
  const boundary = "----bench" + Date.now();
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="video"; filename="big.mp4"\r\nContent-Type: video/mp4\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const total = 100 * MB - 1024;
  const chunk = Buffer.alloc(256 * 1024, 7);
  let sent = 0;
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(head);
      controller.enqueue(header);
      sent = header.length;
    },
    pull(controller) {
      if (sent >= total) {
        controller.enqueue(tail);
        controller.close();
        return;
      }
      const piece = chunk.subarray(0, Math.min(chunk.length, total - sent));
      sent += piece.length;
      controller.enqueue(piece);
    },
  });
  const before = rssOf(pid);
  let peak = before;
  const sampler = setInterval(() => (peak = Math.max(peak, rssOf(pid))), 20);
  const videoStart = performance.now();
  const upload = await fetch(`${server.baseURL}/api/videos/upload`, {
    method: "POST",
    headers: { Cookie: cookie, "Content-Type": `multipart/form-data; boundary=${boundary}` },
    body,
    duplex: "half",
  } as RequestInit);
  clearInterval(sampler);
  console.log(
    `100 MB video streamed in ${((performance.now() - videoStart) / 1000).toFixed(1)} s (HTTP ${upload.status}); server RSS ${(before / MB).toFixed(0)} MB → peak ${(peak / MB).toFixed(0)} MB, growth ${((peak - before) / MB).toFixed(1)} MB (goal ≤ 64 MB)`,
  );
} finally {
  await server.stop();
}

async function findPid(baseURL: string): Promise<number> {
  const port = new URL(baseURL).port;
  for (const entry of readdirSync("/proc").filter((d) => /^\d+$/.test(d))) {
    try {
      const cmd = readFileSync(`/proc/${entry}/cmdline`, "utf8");
      const env = readFileSync(`/proc/${entry}/environ`, "utf8");
      if (cmd.includes("server.ts") && env.includes(`PORT=${port}`)) return Number(entry);
    } catch {
      // gone or not ours
    }
  }
  throw new Error("server process not found");
}
