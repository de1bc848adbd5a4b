// A team member's candid photo (at work, landscape or square): asked for with its own description on
// the team screen, sent with the form without JavaScript, kept with its words in the media library, and
// shown on the about page as "The team at work" once two people have one. Against the built server.
import { Readable } from "node:stream";

import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { media, teamMembers } from "#db/schema";
import { saveImage } from "~/features/media/index.server";
import { getDb } from "~/platform/db.server";

import type { RunningServer } from "../../../scripts/lib/start-server";
import { type SignedInForm, signedInStaff, staffAccount } from "../../setup/signed-in-form";

const AT_WORK = "The team at work";
let server: RunningServer;
let owner: SignedInForm;
let portrait = "";
let candid = "";

const jpeg = (width: number, height: number, r: number) =>
  sharp({ create: { width, height, channels: 3, background: { r, g: 90, b: 120 } } })
    .jpeg()
    .toBuffer();

beforeAll(async () => {
  const { account } = await staffAccount("candid-owner");
  portrait = (await saveImage(Readable.from([await jpeg(400, 500, 40)]), "aoife.jpg")).publicURL;
  candid = (await saveImage(Readable.from([await jpeg(800, 600, 200)]), "aoife-at-work.jpg")).publicURL;
  ({
    server,
    as: { owner },
  } = await signedInStaff({ owner: account }));
}, 120_000);

afterAll(async () => {
  await server?.stop();
});

const post = (fields: Record<string, string> | [string, string][]) =>
  owner.postForm("/admin/team?new", fields);

const member = (name: string, extra: Record<string, string>) => ({
  name,
  role: "Head of Paid Media",
  status: "published",
  ...extra,
});

const rowsNamed = (name: string) =>
  getDb().select().from(teamMembers).where(eq(teamMembers.name, name)).all();
const libraryAlt = (url: string) =>
  getDb().select({ alt: media.alt }).from(media).where(eq(media.url, url)).get()?.alt;
const aboutPage = async () => (await fetch(`${server.baseURL}/about`)).text();

describe("the candid photo on the team screen", () => {
  it("needs its own description, and nothing is saved without it", async () => {
    const answer = await post(member("Aoife Kelly", { candidPhoto: candid }));
    expect(answer.status).toBe(400);
    const page = await answer.text();
    expect(page).toContain("Describe the candid photo for people who cannot see it");
    expect(page).toContain(candid);
    expect(rowsNamed("Aoife Kelly")).toHaveLength(0);
  });

  it("is refused at an address the library does not hold, and the portrait's words are not written either", async () => {
    const answer = await post(
      member("Niamh Walsh", {
        photo: portrait,
        photoAlt: "Niamh in the studio",
        candidPhoto: "/uploads/images/nobody-800x600/800.jpg",
        candidPhotoAlt: "Niamh at the whiteboard",
      }),
    );
    expect(answer.status).toBe(400);
    expect(await answer.text()).toContain("This photo is not in the media library");
    expect(rowsNamed("Niamh Walsh")).toHaveLength(0);
    expect(libraryAlt(portrait)).not.toBe("Niamh in the studio");
  });

  it("refuses prototype names, other sites' addresses and overlong words with field errors", async () => {
    for (const candidPhoto of ["__proto__", "constructor", "https://example.com/a.jpg"]) {
      const answer = await post(member("Cian Byrne", { candidPhoto, candidPhotoAlt: "Cian at work" }));
      expect(answer.status).toBe(400);
      expect(await answer.text()).toContain("Candid photo must be a file uploaded to this site");
    }
    // Fields named as Object.prototype's own come along too: they are only unknown fields.
    const overlong = await post([
      ...Object.entries(member("Cian Byrne", { candidPhoto: candid, candidPhotoAlt: "x".repeat(251) })),
      ["__proto__", "x"],
      ["constructor", "y"],
    ]);
    expect(overlong.status).toBe(400);
    expect(await overlong.text()).toContain("Candid photo description");
    expect(rowsNamed("Cian Byrne")).toHaveLength(0);
  });

  it("is not on the about page while nobody has one", async () => {
    expect(await aboutPage()).not.toContain(AT_WORK);
  });

  it("is saved with its description, and the API gives it", async () => {
    const words = "Aoife sketching a campaign on the whiteboard";
    const answer = await post(member("Aoife Kelly", { candidPhoto: candid, candidPhotoAlt: words }));
    expect(answer.status).toBe(302);
    const [saved] = rowsNamed("Aoife Kelly");
    expect(saved?.candidPhoto).toBe(candid);
    expect(libraryAlt(candid)).toBe(words);

    const editor = await (await owner.get(`/admin/team?edit=${saved!.id}`)).text();
    expect(editor).toContain(words);

    const team = (await (await fetch(`${server.baseURL}/api/team`)).json()) as {
      name: string;
      candidPhoto: string | null;
    }[];
    expect(team.find((person) => person.name === "Aoife Kelly")?.candidPhoto).toBe(candid);
  });

  it("waits for a second person's before the about page shows them", async () => {
    expect(await aboutPage()).not.toContain(AT_WORK);
  });

  it("comes with the form as a file without JavaScript, beside the portrait", async () => {
    const form = new FormData();
    for (const [name, value] of Object.entries(
      member("Oisín Murphy", {
        photoAlt: "Oisín smiling",
        candidPhotoAlt: "Oisín editing a video with a client",
      }),
    ))
      form.set(name, value);
    form.set("imageFile", new Blob([await jpeg(400, 500, 90)], { type: "image/jpeg" }), "oisin.jpg");
    form.set("candidFile", new Blob([await jpeg(900, 900, 160)], { type: "image/jpeg" }), "oisin-edit.jpg");
    const answer = await owner.postForm("/admin/team?new", form);
    expect(answer.status).toBe(302);
    const [saved] = rowsNamed("Oisín Murphy");
    expect(saved?.photo).toMatch(/^\/uploads\/images\/.+-400x500\//);
    expect(saved?.candidPhoto).toMatch(/^\/uploads\/images\/.+-900x900\//);
    expect(libraryAlt(saved!.photo!)).toBe("Oisín smiling");
    expect(libraryAlt(saved!.candidPhoto!)).toBe("Oisín editing a video with a client");
  });

  it("shows the team at work on the about page once two people have one, sized and lazy", async () => {
    const about = await aboutPage();
    expect(about).toContain(AT_WORK);
    const strip = about.slice(about.indexOf(AT_WORK));
    const images = [...strip.matchAll(/<img [^>]*>/g)].map(([tag]) => tag);
    const aoife = images.find((tag) => tag.includes("Aoife sketching a campaign"));
    const oisin = images.find((tag) => tag.includes("Oisín editing a video"));
    for (const tag of [aoife, oisin]) {
      expect(tag).toMatch(/width="\d+"/);
      expect(tag).toMatch(/height="\d+"/);
      expect(tag).toContain('loading="lazy"');
      expect(tag).toMatch(/srcset=/i);
    }
    expect(aoife).toContain('width="1200" height="900"');
    expect(oisin).toContain('width="1200" height="1200"');
    expect(strip).toContain("Aoife Kelly");
  });
});
