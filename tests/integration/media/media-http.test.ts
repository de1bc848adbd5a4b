// The media library over HTTP against the built server. The focal point the owner sets on an image is
// kept in view by every crop of it: the covers of the cards and the article are drawn with it. An image
// sent by the editor's three steps (a one-time address, the bytes, the registration) joins the library
// under the file's own name, as one sent in a single multipart request does.
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { media, posts } from "#db/schema";
import { createUser } from "~/features/staff/index.server";
import { getDb } from "~/platform/db.server";

import type { RunningServer } from "../../../scripts/lib/start-server";
import { signedInServer } from "../../setup/signed-in-server";

const PASSWORD = "a-long-enough-password";
const COVER = "/uploads/images/focal-test-1600x900/1600.jpg";
let server: RunningServer;
let cookie = "";
let mediaId = "";

beforeAll(async () => {
  await createUser("focal-owner", PASSWORD);
  const db = getDb();
  mediaId = db
    .insert(media)
    .values({ url: COVER, kind: "image", mime: "image/jpeg", width: 1600, height: 900, bytes: 1000 })
    .returning()
    .get().id;
  db.insert(posts)
    .values({
      title: "A cover with a subject on the left",
      slug: "focal-cover",
      excerpt: "Its subject must stay in the crop.",
      content: "<p>Body.</p>",
      coverImage: COVER,
      status: "published",
    })
    .run();
  ({ server, cookie } = await signedInServer({ account: { username: "focal-owner", password: PASSWORD } }));
}, 120_000);

afterAll(async () => {
  await server?.stop();
});

const put = (body: unknown) =>
  fetch(`${server.baseURL}/api/media/${mediaId}`, {
    method: "PUT",
    headers: { Cookie: cookie, Origin: server.baseURL, "Content-Type": "application/json" },
    body: JSON.stringify(body),
  });

describe("an image's focal point", () => {
  it("is the middle until set, and a point outside the image is refused", async () => {
    expect(await (await fetch(`${server.baseURL}/blog/focal-cover`)).text()).not.toContain("object-position");
    const refused = await put({ focalX: 101 });
    expect(refused.status).toBe(400);
    expect((await refused.json()).error).toBe("The focal point across must be a number from 0 to 100");
  });

  it("once set, positions the cover on the article and on the blog's card", async () => {
    const saved = await put({ focalX: 15, focalY: 30 });
    expect(saved.status).toBe(200);
    expect(await saved.json()).toMatchObject({ focalX: 15, focalY: 30 });
    for (const page of ["/blog/focal-cover", "/blog"]) {
      const html = await (await fetch(`${server.baseURL}${page}`)).text();
      const cover = /<img[^>]*src="\/uploads\/images\/focal-test[^>]*>/.exec(html)?.[0];
      expect(cover, page).toContain('style="object-position:15% 30%"');
    }
  });
});

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
