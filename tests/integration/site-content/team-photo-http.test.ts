// A team member's photo comes with its description: asked for on the team screen, kept as the photo's
// description in the media library, and read out on the about page's portrait. Against the built server.
import { Readable } from "node:stream";

import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { media, teamMembers } from "#db/schema";
import { saveImage } from "~/features/media/index.server";
import { getDb } from "~/platform/db.server";

import type { RunningServer } from "../../../scripts/lib/start-server";
import { type SignedInForm, signedInStaff, staffAccount } from "../../setup/signed-in-form";

let server: RunningServer;
let owner: SignedInForm;
let photo = "";

beforeAll(async () => {
  const { account } = await staffAccount("team-owner");
  const bytes = await sharp({
    create: { width: 400, height: 500, channels: 3, background: { r: 90, g: 60, b: 140 } },
  })
    .jpeg()
    .toBuffer();
  photo = (await saveImage(Readable.from([bytes]), "aoife.jpg")).publicURL;
  ({
    server,
    as: { owner },
  } = await signedInStaff({ owner: account }));
}, 120_000);

afterAll(async () => {
  await server?.stop();
});

const post = (path: string, fields: Record<string, string>) => owner.postForm(path, fields);

const member = (name: string, extra: Record<string, string>) => ({
  name,
  role: "Head of Paid Media",
  status: "published",
  ...extra,
});

const rowsNamed = (name: string) =>
  getDb().select().from(teamMembers).where(eq(teamMembers.name, name)).all();

describe("the team photo's description", () => {
  it("is asked for with a photo, and nothing is saved without it", async () => {
    const answer = await post("/admin/team?new", member("Aoife Kelly", { photo }));
    expect(answer.status).toBe(400);
    const page = await answer.text();
    expect(page).toContain("Describe the photo for people who cannot see it");
    // What was typed comes back: the photo's address is still in the form.
    expect(page).toContain(photo);
    expect(rowsNamed("Aoife Kelly")).toHaveLength(0);
  });

  it("is kept with the photo in the media library and read out on the about page", async () => {
    const words = "Aoife smiling at her desk by the window";
    const answer = await post("/admin/team?new", member("Aoife Kelly", { photo, photoAlt: words }));
    expect(answer.status).toBe(302);
    const [saved] = rowsNamed("Aoife Kelly");
    expect(saved?.photo).toBe(photo);
    expect(getDb().select({ alt: media.alt }).from(media).where(eq(media.url, photo)).get()?.alt).toBe(words);

    const about = await (await fetch(`${server.baseURL}/about`)).text();
    expect(about).toContain(`alt="${words}"`);

    // The editor starts from the library's words.
    const editor = await (await owner.get(`/admin/team?edit=${saved!.id}`)).text();
    expect(editor).toContain(words);
  });

  it("is not needed without a photo, and refused for an address the library does not hold", async () => {
    expect((await post("/admin/team?new", member("Cian Byrne", {}))).status).toBe(302);
    const outside = await post(
      "/admin/team?new",
      member("Niamh Walsh", { photo: "/images/nobody.jpg", photoAlt: "Niamh outdoors" }),
    );
    expect(outside.status).toBe(400);
    expect(await outside.text()).toContain("This photo is not in the media library");
    expect(rowsNamed("Niamh Walsh")).toHaveLength(0);
  });
});
