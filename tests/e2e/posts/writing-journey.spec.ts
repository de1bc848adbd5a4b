import { expect, type Page, test } from "@playwright/test";
import sharp from "sharp";

import { adminSessionCookie, type RunningServer } from "../../../scripts/lib/start-server";
import { clockedServers, libfaketime } from "../support/clock";
import { toolbarButton } from "../support/editor";
import { unique } from "../support/unique";

// Writing a post from start to finish as the agency's writer does it, on a server of its own whose clock the
// test moves: a 1,000-word post with headings, a list, links, a library image with alt text and a
// captioned video, undo, the preview, then a schedule a few minutes ahead that goes live on its own.

const servers = clockedServers();
test.beforeEach(() => {
  test.skip(!libfaketime, "libfaketime is not installed (scripts/ensure-faketime.sh)");
});
test.afterEach(() => servers.stopAll());

/** The library as the writer left it last week: a photo with its alt text, a clip with captions. */
async function stockTheLibrary(page: Page, server: RunningServer) {
  const api = { headers: { Origin: server.baseURL } };
  const photo = await page.request.post(`${server.baseURL}/api/media`, {
    ...api,
    multipart: {
      file: {
        name: "studio.jpg",
        mimeType: "image/jpeg",
        buffer: await sharp({ create: { width: 1600, height: 900, channels: 3, background: "#0e7490" } })
          .jpeg()
          .toBuffer(),
      },
    },
  });
  expect(photo.status()).toBe(201);
  const { id: photoId } = (await photo.json()) as { id: string };
  const described = await page.request.put(`${server.baseURL}/api/media/${photoId}`, {
    ...api,
    data: { alt: "The team at the whiteboard in our Dublin studio" },
  });
  expect(described.status()).toBe(200);
  const clip = await page.request.post(`${server.baseURL}/api/media`, {
    ...api,
    multipart: {
      file: {
        name: "launch.mp4",
        mimeType: "video/mp4",
        buffer: Buffer.concat([Buffer.from("\0\0\0\x18ftypmp42\0\0\0\0mp42isom"), Buffer.alloc(4096)]),
      },
    },
  });
  expect(clip.status()).toBe(201);
  const { id: clipId } = (await clip.json()) as { id: string };
  const captions = await page.request.post(`${server.baseURL}/api/media/${clipId}/captions`, {
    ...api,
    multipart: {
      captions: {
        name: "launch.vtt",
        mimeType: "text/vtt",
        buffer: Buffer.from("WEBVTT\n\n00:00.000 --> 00:02.000\nWelcome to the launch\n"),
      },
    },
  });
  expect(captions.status()).toBe(200);
}

/** About 1,000 words of paragraphs, as a writer pastes them from Google Docs (HTML on the clipboard). */
function draftParagraphs() {
  const sentences = [
    "Local search decides which Dublin businesses get the phone call and which never hear about the job.",
    "Most owners we meet have a profile they set up years ago and have not opened since.",
    "The three results in the map pack take the large share of the clicks, and the rest share what is left.",
    "A complete profile, steady reviews and pages that answer real questions move a business into that pack.",
    "None of it is a trick: it is the same care a good shop gives its window, done every week.",
    "We measure the calls, the direction requests and the bookings, not only the rankings.",
  ];
  const paragraphs: string[] = [];
  for (let p = 0; p < 16; p++) {
    const words = Array.from({ length: 4 }, (_, i) => sentences[(p + i) % sentences.length]).join(" ");
    paragraphs.push(`<p>${words}</p>`);
  }
  return paragraphs.join("");
}

async function paste(page: Page, html: string) {
  await page.getByRole("textbox", { name: "Content", exact: true }).evaluate((element, markup) => {
    const data = new DataTransfer();
    data.setData("text/html", `<meta charset="utf-8"><b id="docs-internal-guid-1">${markup}</b>`);
    data.setData("text/plain", markup.replace(/<[^>]+>/g, " "));
    element.dispatchEvent(
      new ClipboardEvent("paste", { clipboardData: data, bubbles: true, cancelable: true }),
    );
  }, html);
}

/** "DD/MM/YYYY HH:mm" in Dublin, `minutes` from now (rounded down), typed day first as the owner does. */
function dublinMinutesFromNow(minutes: number) {
  const parts = new Intl.DateTimeFormat("en-CA", {
    timeZone: "Europe/Dublin",
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
  }).formatToParts(new Date(Date.now() + minutes * 60_000));
  const part = (type: string) => parts.find((p) => p.type === type)!.value;
  return `${part("day")}/${part("month")}/${part("year")} ${part("hour")}:${part("minute")}`;
}

test("a 1,000-word post with a library image and a captioned video, previewed, scheduled and live on its own", async ({
  page,
  context,
}) => {
  test.setTimeout(180_000);
  const { server, clock } = await servers.start();
  const [name, value] = (await adminSessionCookie(server.baseURL)).split("=") as [string, string];
  await context.addCookies([{ name, value, url: server.baseURL }]);
  await stockTheLibrary(page, server);

  const title = `Why local search decides who gets the call ${unique()}`;
  await page.goto(`${server.baseURL}/admin/posts?new`);
  await page.getByLabel("Title", { exact: true }).fill(title);
  await page
    .getByLabel("Excerpt")
    .fill("What moves a Dublin business into the map pack, and how we measure it.");

  const body = page.getByRole("textbox", { name: "Content", exact: true });
  await body.click();
  await toolbarButton(page, "H2, Heading 2").click();
  await page.keyboard.type("The map pack takes the calls");
  await page.keyboard.press("Enter");
  await paste(page, draftParagraphs());
  await page.keyboard.press("Enter");
  await toolbarButton(page, "H2, Heading 2").click();
  await page.keyboard.type("Where to start");
  await page.keyboard.press("Enter");
  await toolbarButton(page, "Bullet list").click();
  for (const item of [
    "Claim and complete the profile",
    "Ask every customer for a review",
    "Answer the questions people ask",
  ]) {
    await page.keyboard.type(item);
    await page.keyboard.press("Enter");
  }
  await page.keyboard.press("Enter");

  // A link to one of the agency's own pages, found by name in the link picker.
  await page.keyboard.type("Our ");
  await page.keyboard.press("Control+k");
  const link = page.getByRole("dialog", { name: "Add link" });
  await link.getByLabel("Address").fill("seo");
  await link.getByRole("option", { name: /Search Engine Optimisation/ }).click();
  await link.getByLabel("Text to show").fill("SEO service");
  await link.getByRole("button", { name: "Add link" }).click();
  await expect(link).toBeHidden();
  await page.keyboard.type(" does this every week. ");
  // A mistake a moment later, and Undo.
  await page.waitForTimeout(600);
  await page.keyboard.type("Delete me");
  await toolbarButton(page, "Undo").click();
  await expect(body).not.toContainText("Delete me");
  await expect(body).toContainText("does this every week.");
  await page.keyboard.press("End");
  await page.keyboard.press("Enter");

  // The photo from the library: its alt text comes with it.
  await toolbarButton(page, "Image").click();
  const imageDialog = page.getByRole("dialog", { name: "Insert image" });
  await imageDialog.getByRole("button", { name: "Choose from the media library" }).click();
  const picker = page.getByRole("dialog", { name: "Choose an image" });
  await picker.getByRole("button", { name: /The team at the whiteboard/ }).click();
  await expect(imageDialog.getByLabel(/Alt text/)).toHaveValue(
    "The team at the whiteboard in our Dublin studio",
  );
  await imageDialog.getByLabel(/Caption/).fill("Planning a client's first ninety days");
  await imageDialog.getByRole("button", { name: "Insert image" }).click();
  await expect(imageDialog).toBeHidden();

  // The clip from the library, with its captions track.
  await toolbarButton(page, "Video").click();
  const videoDialog = page.getByRole("dialog", { name: "Insert video" });
  await videoDialog.getByRole("button", { name: "Choose from the media library" }).click();
  await page
    .getByRole("dialog", { name: "Choose a video" })
    .getByRole("list", { name: "Library" })
    .getByRole("button")
    .first()
    .click();
  await expect(videoDialog.getByLabel(/Captions file/)).toHaveValue(/\.vtt$/);
  await videoDialog.getByLabel(/Caption \(/).fill("Launch night, with captions");
  await videoDialog.getByRole("button", { name: "Insert video" }).click();
  await expect(videoDialog).toBeHidden();
  await page.keyboard.type("Talk to us about your own profile.");

  const words = (await body.innerText()).split(/\s+/).filter(Boolean).length;
  expect(words).toBeGreaterThanOrEqual(1000);

  // The social card's image from the library, shown in the card's preview at once.
  await page.getByRole("button", { name: "Choose a social image from the library" }).click();
  await page
    .getByRole("dialog", { name: "Choose an image" })
    .getByRole("button", { name: /The team at the whiteboard/ })
    .click();
  await expect(page.getByLabel("Social image URL")).toHaveValue(/^\/uploads\//);
  const socialImage = await page.getByLabel("Social image URL").inputValue();
  await expect(page.getByRole("figure", { name: "Social card" }).locator("img")).toHaveAttribute(
    "src",
    socialImage,
  );

  // The preview is the real post page's article; Back to Edit keeps everything.
  await page.getByRole("button", { name: "Preview" }).click();
  const preview = page.getByRole("region", { name: /^Preview/ });
  await expect(preview.getByRole("heading", { level: 1 })).toHaveText(title);
  await expect(
    preview.getByRole("img", { name: "The team at the whiteboard in our Dublin studio" }),
  ).toBeVisible();
  await expect(preview.locator("video track[kind=captions]")).toHaveCount(1);
  await expect(preview.getByRole("link", { name: "SEO service" })).toHaveAttribute("href", "/services/seo");
  await page.getByRole("button", { name: "Back to Edit" }).click();
  await expect(page.getByLabel("Title", { exact: true })).toHaveValue(title);
  await expect(body).toContainText("Talk to us about your own profile.");
  await expect(page.getByLabel("Social image URL")).toHaveValue(socialImage);

  // Scheduled three minutes ahead, Dublin time.
  await page.getByLabel("Status").selectOption({ label: "Scheduled" });
  // Month first (as an American browser would write it) is not guessed at, and a past time is named.
  await page.getByLabel("Publish at (Dublin time)").fill("11/28/2026 09:30");
  await expect(
    page.getByText("Not a date and time yet: type it day first, e.g. 28/11/2026 09:30."),
  ).toBeVisible();
  await page.getByLabel("Publish at (Dublin time)").fill("01/01/2020 09:30");
  await expect(page.getByText(/^Wednesday 1 January 2020 at 09:30 has passed/)).toBeVisible();
  await page.getByLabel("Publish at (Dublin time)").fill(dublinMinutesFromNow(3));
  // Typed day first, and spelled out under the field.
  await expect(
    page.getByText(/^Goes live on \w+day \d{1,2} \w+ \d{4} at \d{2}:\d{2} \(Dublin time\)\.$/),
  ).toBeVisible();
  await page.getByRole("button", { name: "Create Post" }).click();
  await expect(page).toHaveURL(/saved=/);
  // The toast says when, day first.
  await expect(page.getByRole("region", { name: /^Notifications/ })).toContainText(
    /Scheduled for \w{3} \d{1,2} \w{3}, \d{2}:\d{2}/,
  );
  await expect(page.getByRole("link", { name: "View post" })).toHaveCount(0);
  const slug = new URL(page.url()).searchParams.get("saved")!;
  expect(slug).toMatch(/^why-local-search-decides-who-gets-the-call-/);
  await page.goto(`${server.baseURL}/admin/posts`);
  await expect(page.getByRole("listitem").filter({ hasText: title })).toContainText(/Scheduled · /);

  const visitor = await page.context().browser()!.newContext();
  const reader = await visitor.newPage();
  const status = async () => (await reader.request.get(`${server.baseURL}/blog/${slug}`)).status();
  expect(await status()).toBe(404);

  // Four minutes later by the server's clock it is live: no restart, nothing pressed.
  clock.set(240);
  await expect.poll(status, { timeout: 30_000, intervals: [250] }).toBe(200);
  await reader.goto(`${server.baseURL}/blog/${slug}`);
  await expect(reader.getByRole("heading", { level: 1 })).toHaveText(title);
  const photo = reader.getByRole("img", { name: "The team at the whiteboard in our Dublin studio" });
  await photo.scrollIntoViewIfNeeded(); // loaded lazily
  await expect(photo).toBeVisible();
  await expect(reader.locator("figure video track[kind=captions]")).toHaveAttribute("src", /\.vtt$/);
  await expect(reader.getByRole("link", { name: "SEO service" })).toBeVisible();
  await expect(reader.locator('meta[property="og:image"]')).toHaveAttribute(
    "content",
    `${server.baseURL}${socialImage}`,
  );
  await visitor.close();
});
