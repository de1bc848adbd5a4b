import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { Readable } from "node:stream";

import { RouterContextProvider } from "react-router";
import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";

import { caseStudies, clientLogos, media, posts, teamMembers } from "#db/schema";
import { getMediaByUrl, listMedia, registerExistingUploads, usageOf } from "~/features/media/media.server";
import { action as imagesAction } from "~/features/media/routes/api-images";
import { action as imagesPutAction } from "~/features/media/routes/api-images-put";
import { action as uploadAction, loader as listLoader } from "~/features/media/routes/api-media";
import { action as captionsAction } from "~/features/media/routes/api-media-captions";
import { action as itemAction } from "~/features/media/routes/api-media-item";
import { action as videosAction } from "~/features/media/routes/api-videos-upload";
import { createUploadSlot, uploadUrlFor } from "~/features/media/upload-slots.server";
import { ensureUploadFolders, mediaName, saveImage, saveVideo } from "~/features/media/uploads.server";
import { startSession } from "~/features/staff/index.server";
import { staffContext } from "~/features/staff/index.server";
import { createUser, type StaffUser } from "~/features/staff/index.server";
import { getDb } from "~/platform/db.server";
import { parseUploadedImage } from "~/platform/images";

const uploads = () => path.resolve(process.env.UPLOADS_DIR!);
const from = (bytes: Buffer) => Readable.from([bytes]);
const rows = () => getDb().select().from(media).all();
const jpeg = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: "#0e7490" } })
    .jpeg()
    .toBuffer();
const mp4 = Buffer.concat([Buffer.from("\0\0\0\x18ftypmp42\0\0\0\0mp42isom"), Buffer.alloc(2048)]);

let cookie = "";
let admin: StaffUser;
const api = (url: string, init: RequestInit = {}) =>
  new Request(`http://localhost${url}`, {
    ...init,
    headers: { Cookie: cookie, ...(init.headers as Record<string, string>) },
  });
const form = (field: string, name: string, bytes: Buffer | string, type = "application/octet-stream") => {
  const body = new FormData();
  body.append(field, new Blob([typeof bytes === "string" ? bytes : new Uint8Array(bytes)], { type }), name);
  return body;
};
const json = (body: unknown) => ({
  method: "PUT",
  headers: { "Content-Type": "application/json" },
  body: JSON.stringify(body),
});

beforeAll(async () => {
  ensureUploadFolders();
  admin = await createUser("media-admin", "a long enough password");
  cookie = (await startSession(admin.id)).split(";")[0]!;
});

describe("every upload is in the library", () => {
  it("an image gets one row, with its size, type and dimensions, once its variants exist", async () => {
    const { publicURL } = await saveImage(from(await jpeg(1200, 800)));
    const row = getMediaByUrl(publicURL)!;
    expect(row).toMatchObject({ kind: "image", mime: "image/jpeg", width: 1200, height: 800, alt: "" });
    const dir = parseUploadedImage(publicURL)!.dir.replace("/uploads/", "");
    expect(row.bytes).toBe(readFileSync(path.join(uploads(), dir, "1200.jpg")).length);
  });

  it("a video gets a row too", async () => {
    const { publicUrl } = await saveVideo(from(mp4));
    expect(getMediaByUrl(publicUrl)).toMatchObject({ kind: "video", mime: "video/mp4", bytes: mp4.length });
  });

  it("a refused or cut-off upload leaves no row", async () => {
    const before = rows().length;
    await expect(saveImage(from(Buffer.from("not an image")))).rejects.toMatchObject({ status: 415 });
    const whole = await jpeg(800, 600);
    await expect(saveImage(from(whole.subarray(0, 200)))).rejects.toMatchObject({ status: 415 });
    await expect(saveVideo(from(Buffer.from("%PDF-1.7")))).rejects.toMatchObject({ status: 415 });
    const broken = new Readable({
      read() {
        this.push(Buffer.from([0xff, 0xd8, 0xff, 0xe0]));
        this.destroy(new Error("client went away"));
      },
    });
    await expect(saveImage(broken)).rejects.toMatchObject({ status: 400 });
    expect(rows().length).toBe(before);
  });

  it("POST /api/media takes an image or a video and answers with the item", async () => {
    const image = await uploadAction(
      ctx(api("/api/media", { method: "POST", body: form("file", "photo.jpg", await jpeg(500, 300)) })),
    );
    expect(image.status).toBe(201);
    expect(await image.json()).toMatchObject({
      kind: "image",
      name: "photo.jpg",
      width: 500,
      height: 300,
      usedBy: [],
    });
    const video = await uploadAction(
      ctx(api("/api/media", { method: "POST", body: form("file", "clip.webm", mp4) })),
    );
    expect(video.status).toBe(201);
    expect(await video.json()).toMatchObject({ kind: "video", mime: "video/mp4" });
    const wrong = await uploadAction(
      ctx(api("/api/media", { method: "POST", body: form("file", "notes.png", "hello") })),
    );
    expect(wrong.status).toBe(415);
  });

  it("names an upload by its file's own name, searchable, never a path", async () => {
    const named = await uploadAction(
      ctx(
        api("/api/media", {
          method: "POST",
          body: form("file", "Team Offsite 2026.jpg", await jpeg(320, 200)),
        }),
      ),
    );
    const item = (await named.json()) as { url: string; name: string };
    expect(item.name).toBe("Team Offsite 2026.jpg");
    expect(item.url).not.toContain("Offsite");
    expect(listMedia({ q: "offsite" }).items.map((found) => found.url)).toEqual([item.url]);
    // A name is only shown: no folder, no control characters.
    expect(mediaName("C:\\Users\\aoife\\..\\cover\u0007.png")).toBe("cover.png");
    expect(mediaName("../../etc/passwd")).toBe("passwd");
  });

  it("registers files that were uploaded before the library, once", async () => {
    const dir = path.join(uploads(), "images", "0123456789abcdef01234567-640x480");
    mkdirSync(dir, { recursive: true });
    for (const file of ["480.jpg", "480.webp", "640.jpg", "640.webp", "640.avif"])
      writeFileSync(path.join(dir, file), "x".repeat(file === "640.jpg" ? 321 : 10));
    writeFileSync(path.join(uploads(), "videos", "fedcba9876543210fedcba98.webm"), "y".repeat(99));
    writeFileSync(path.join(uploads(), "videos", "notes.txt"), "not a video");
    expect(registerExistingUploads()).toBe(2);
    expect(getMediaByUrl("/uploads/images/0123456789abcdef01234567-640x480/640.jpg")).toMatchObject({
      kind: "image",
      width: 640,
      height: 480,
      bytes: 321,
    });
    expect(getMediaByUrl("/uploads/videos/fedcba9876543210fedcba98.webm")).toMatchObject({
      kind: "video",
      mime: "video/webm",
      bytes: 99,
    });
    const count = rows().length;
    expect(registerExistingUploads()).toBe(0);
    expect(ensureUploadFolders()).toBe(0);
    expect(rows().length).toBe(count);
  });
});

describe("every upload path registers its file", () => {
  const inLibrary = (url: unknown) => expect(getMediaByUrl(String(url))).toBeDefined();

  it("POST /api/images (multipart)", async () => {
    const response = await imagesAction(
      ctx(api("/api/images", { method: "POST", body: form("image", "a.jpg", await jpeg(321, 123)) })),
    );
    expect(response.status).toBe(201);
    inLibrary(((await response.json()) as { publicURL: string }).publicURL);
  });

  it("the one-time upload URL, then PUT /api/images", async () => {
    const token = createUploadSlot();
    const put = await imagesPutAction(
      ctx(api(uploadUrlFor(token), { method: "PUT", body: new Uint8Array(await jpeg(322, 124)) }), { token }),
    );
    expect(put.status).toBe(200);
    const registered = await imagesAction(ctx(api("/api/images", json({ imageURL: uploadUrlFor(token) }))));
    inLibrary(((await registered.json()) as { publicURL: string }).publicURL);
  });

  it("POST /api/videos/upload, multipart and the original JSON data URL", async () => {
    const multipart = await videosAction(
      ctx(api("/api/videos/upload", { method: "POST", body: form("video", "v.mp4", mp4) })),
    );
    expect(multipart.status).toBe(201);
    inLibrary(((await multipart.json()) as { publicUrl: string }).publicUrl);
    const dataUrl = await videosAction(
      ctx(
        api("/api/videos/upload", {
          method: "POST",
          headers: { "Content-Type": "application/json" },
          body: JSON.stringify({
            video: `data:video/mp4;base64,${mp4.toString("base64")}`,
            fileName: "v.mp4",
          }),
        }),
      ),
    );
    expect(dataUrl.status).toBe(201);
    inLibrary(((await dataUrl.json()) as { publicUrl: string }).publicUrl);
  });
});

/**
 * Route modules get the request and, as the staff group's middleware would leave it, the router
 * context with the member of staff signed in (who gets in at all is route-access.test's business).
 */
function ctx(request: Request, params: Record<string, string> = {}) {
  const context = new RouterContextProvider();
  context.set(staffContext, admin);
  return { request, params, context } as never;
}

describe("where a file is used", () => {
  it("finds the posts that show an image (any of its variants) or a video", async () => {
    const { publicURL } = await saveImage(from(await jpeg(2000, 1000)));
    const { publicUrl: video } = await saveVideo(from(mp4));
    const dir = parseUploadedImage(publicURL)!.dir;
    const db = getDb();
    const post = (slug: string, values: Partial<typeof posts.$inferInsert>) =>
      db
        .insert(posts)
        .values({ title: slug, slug, excerpt: "e", content: "<p>x</p>", ...values })
        .returning()
        .get();
    const cover = post("usage-cover", { coverImage: publicURL });
    const body = post("usage-body", { content: `<p><img src="${dir}/960.webp" alt="a"></p>` });
    const social = post("usage-social", { socialImage: `https://example.ie${publicURL}` });
    const film = post("usage-video", { videoUrl: video });
    post("usage-deleted", { coverImage: publicURL, deletedAt: new Date() });
    post("usage-none", {});
    const image = getMediaByUrl(publicURL)!;
    const clip = getMediaByUrl(video)!;
    expect(image.usedBy.map((p) => p.id).sort()).toEqual([cover.id, body.id, social.id].sort());
    expect(clip.usedBy).toEqual([
      { id: film.id, title: "usage-video", slug: "usage-video", href: `/admin/posts?edit=${film.id}` },
    ]);
    const uses = usageOf([image, clip]);
    expect(uses.get(image.id)).toHaveLength(3);
    expect(uses.get(clip.id)).toHaveLength(1);
  });

  it("finds case studies, people, quotes and clients too; the rest are Not used", async () => {
    const db = getDb();
    const photo = (await saveImage(from(await jpeg(401, 401)))).publicURL;
    const logo = (await saveImage(from(await jpeg(402, 201)))).publicURL;
    const gallery = (await saveImage(from(await jpeg(403, 302)))).publicURL;
    const spare = (await saveImage(from(await jpeg(404, 303)))).publicURL;
    const person = db
      .insert(teamMembers)
      .values({ name: "Usage Person", role: "Tester", photo })
      .returning()
      .get();
    db.insert(clientLogos).values({ name: "Usage Client", logo }).run();
    const study = db
      .insert(caseStudies)
      .values({
        title: "Usage study",
        slug: "usage-study",
        excerpt: "e",
        category: "Test",
        gallery: [{ url: gallery, alt: "a gallery image" }],
      })
      .returning()
      .get();
    expect(getMediaByUrl(photo)!.usedBy).toEqual([
      { id: person.id, title: "Usage Person", slug: "", href: `/admin/team?edit=${person.id}` },
    ]);
    expect(getMediaByUrl(gallery)!.usedBy.map((use) => use.href)).toEqual([
      `/admin/case-studies?edit=${study.id}`,
    ]);
    const notUsed = listMedia({ unused: true, limit: 100 }).items.map((item) => item.url);
    expect(notUsed).toContain(spare);
    for (const used of [photo, logo, gallery]) expect(notUsed).not.toContain(used);
  });
});

describe("GET /api/media", () => {
  it("lists newest first, filters by kind and text, and pages with X-Total-Count", async () => {
    const all = listMedia({ limit: 100 });
    const response = await listLoader(ctx(api("/api/media?limit=2&page=1")));
    expect(response.headers.get("X-Total-Count")).toBe(String(all.total));
    const page = (await response.json()) as { id: string; createdAt: string }[];
    expect(page.map((i) => i.id)).toEqual(all.items.slice(0, 2).map((i) => i.id));
    expect(Date.parse(page[0]!.createdAt)).toBeGreaterThanOrEqual(Date.parse(page[1]!.createdAt));
    const videos = (await (await listLoader(ctx(api("/api/media?kind=video&limit=100")))).json()) as {
      kind: string;
    }[];
    expect(videos.length).toBeGreaterThan(0);
    expect(videos.every((v) => v.kind === "video")).toBe(true);
    const first = all.items[0]!;
    await itemAction(
      ctx(api(`/api/media/${first.id}`, json({ alt: "A 100%_unique harbour" })), { id: first.id }),
    );
    const found = (await (await listLoader(ctx(api("/api/media?q=100%25_unique")))).json()) as {
      id: string;
    }[];
    expect(found.map((i) => i.id)).toEqual([first.id]);
    expect((await listLoader(ctx(api("/api/media?kind=spreadsheet")))).status).toBe(400);
  });
});

describe("PUT /api/media/{id}", () => {
  it("saves alt text and caption, trimmed", async () => {
    const { publicURL } = await saveImage(from(await jpeg(300, 200)));
    const { id } = getMediaByUrl(publicURL)!;
    const response = await itemAction(
      ctx(api(`/api/media/${id}`, json({ alt: "  Team at the Dublin office ", caption: "Spring 2026" })), {
        id,
      }),
    );
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({
      id,
      alt: "Team at the Dublin office",
      caption: "Spring 2026",
    });
  });

  it("answers 400 naming the field, 404 for an unknown id", async () => {
    const { id } = listMedia({ limit: 1 }).items[0]!;
    const tooLong = await itemAction(ctx(api(`/api/media/${id}`, json({ alt: "x".repeat(301) })), { id }));
    expect(tooLong.status).toBe(400);
    expect(await tooLong.json()).toMatchObject({ issues: [{ path: "alt" }] });
    const wrongType = await itemAction(ctx(api(`/api/media/${id}`, json({ caption: 5 })), { id }));
    expect(await wrongType.json()).toMatchObject({ issues: [{ path: "caption" }] });
    const missing = await itemAction(ctx(api("/api/media/nope", json({ alt: "x" })), { id: "nope" }));
    expect(missing.status).toBe(404);
  });
});

describe("POST /api/media/{id}/captions", () => {
  const send = (id: string, name: string, bytes: Buffer | string) =>
    captionsAction(
      ctx(api(`/api/media/${id}/captions`, { method: "POST", body: form("captions", name, bytes) }), { id }),
    );

  it("stores a WebVTT file under captions/ and points the video at it", async () => {
    const { publicUrl } = await saveVideo(from(mp4));
    const { id } = getMediaByUrl(publicUrl)!;
    const vtt = "\uFEFFWEBVTT\n\n00:00.000 --> 00:02.000\nFáilte go Baile Átha Cliath\n";
    const response = await send(id, "subs.vtt", vtt);
    expect(response.status).toBe(200);
    const { captionsUrl } = (await response.json()) as { captionsUrl: string };
    expect(captionsUrl).toMatch(/^\/uploads\/captions\/[0-9a-f]{24}\.vtt$/);
    expect(readFileSync(path.join(uploads(), "captions", path.basename(captionsUrl)), "utf8")).toBe(vtt);
    expect(getMediaByUrl(publicUrl)!.captionsUrl).toBe(captionsUrl);
  });

  it("refuses anything but WebVTT, too large files, images and unknown ids, leaving nothing", async () => {
    const { publicUrl } = await saveVideo(from(mp4));
    const { id } = getMediaByUrl(publicUrl)!;
    const before = readdirSync(path.join(uploads(), "captions")).length;
    expect((await send(id, "subs.srt", "1\n00:00:00,000 --> 00:00:02,000\nHello\n")).status).toBe(400);
    expect((await send(id, "subs.vtt", "WEBVTTX\n")).status).toBe(400);
    expect(
      (await send(id, "subs.vtt", Buffer.from([0x57, 0x45, 0x42, 0x56, 0x54, 0x54, 0x0a, 0xff, 0xfe])))
        .status,
    ).toBe(400);
    expect((await send(id, "big.vtt", `WEBVTT\n\n${"a".repeat(512 * 1024)}`)).status).toBe(413);
    const { publicURL } = await saveImage(from(await jpeg(100, 100)));
    const image = getMediaByUrl(publicURL)!;
    expect((await send(image.id, "subs.vtt", "WEBVTT\n")).status).toBe(400);
    expect((await send("nope", "subs.vtt", "WEBVTT\n")).status).toBe(404);
    expect(readdirSync(path.join(uploads(), "captions")).length).toBe(before);
    expect(getMediaByUrl(publicUrl)!.captionsUrl).toBeNull();
    expect(existsSync(path.join(uploads(), ".tmp")) ? readdirSync(path.join(uploads(), ".tmp")) : []).toEqual(
      [],
    );
  });
});
