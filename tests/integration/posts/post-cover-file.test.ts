import { eq } from "drizzle-orm";
import { RouterContextProvider } from "react-router";
import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";

import { media } from "#db/schema";
import { ensureUploadFolders } from "~/features/media/index.server";
import { action as editorAction } from "~/features/posts/routes/admin-posts";
import { createUser, staffContext, type StaffUser } from "~/features/staff/index.server";
import { getDb } from "~/platform/db.server";

let admin: StaffUser;

beforeAll(async () => {
  ensureUploadFolders();
  admin = await createUser("cover-admin", "a long enough password");
});

/** The route module with the router context the staff group's middleware would leave it. */
function ctx(request: Request) {
  const context = new RouterContextProvider();
  context.set(staffContext, admin);
  return { request, params: {}, context } as never;
}

describe("every upload is in the library", () => {
  it("the editor's cover file (no JavaScript)", async () => {
    const jpeg = await sharp({ create: { width: 323, height: 125, channels: 3, background: "#0e7490" } })
      .jpeg()
      .toBuffer();
    const body = new FormData();
    body.append(
      "coverFile",
      new Blob([new Uint8Array(jpeg)], { type: "application/octet-stream" }),
      "cover.jpg",
    );
    body.append("intent", "edit");
    body.append("title", "Cover only");
    const result = (await editorAction(
      ctx(new Request("http://localhost/admin/posts", { method: "POST", body })),
    )) as unknown as { data: { reply: { initialValue: { coverImage: string } } } };
    const url = result.data.reply.initialValue.coverImage;
    expect(getDb().select().from(media).where(eq(media.url, url)).get()).toBeDefined();
  });
});
