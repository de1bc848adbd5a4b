import { expect, test } from "@playwright/test";
import type { Editor } from "@tiptap/core";
import sharp from "sharp";

import { signIn } from "../support/auth";
import { withDb } from "../support/db";
import { openEditor, stored, toolbarButton as button } from "../support/editor";
import { open } from "../support/page";
import { unique } from "../support/unique";

const pngFile = async () => ({
  name: "chart.png",
  mimeType: "image/png",
  buffer: await sharp({ create: { width: 64, height: 48, channels: 3, background: "#0e7490" } })
    .png()
    .toBuffer(),
});

test.describe("the rich-text editor", () => {
  test("the tester's defects: lists at the cursor, undo after a button, Ctrl+B, line breaks keep the selection", async ({
    page,
  }) => {
    const editor = await openEditor(page);
    await editor.click();

    // "• List" on an empty line makes one empty bullet right there, ready for typing.
    await page.keyboard.type("Intro");
    await page.keyboard.press("Enter");
    await button(page, "Bullet list").click();
    await expect(button(page, "Bullet list")).toHaveAttribute("aria-pressed", "true");
    await page.keyboard.type("Point");
    await expect(stored(page)).toHaveValue("<p>Intro</p><ul><li>Point</li></ul>");

    // Ctrl+Z right after a toolbar button undoes the button, not the typing before it.
    await page.keyboard.press("Enter");
    await page.keyboard.press("Enter");
    await page.keyboard.type("Heading soon");
    await button(page, "H2, Heading 2").click();
    await expect(stored(page)).toHaveValue("<p>Intro</p><ul><li>Point</li></ul><h2>Heading soon</h2>");
    await page.keyboard.press("Control+z");
    await expect(stored(page)).toHaveValue("<p>Intro</p><ul><li>Point</li></ul><p>Heading soon</p>");
    await page.keyboard.press("Control+Shift+z");
    await expect(stored(page)).toHaveValue("<p>Intro</p><ul><li>Point</li></ul><h2>Heading soon</h2>");
    await button(page, "Undo").click();
    await expect(stored(page)).toHaveValue("<p>Intro</p><ul><li>Point</li></ul><p>Heading soon</p>");

    // Ctrl+B turns bold on and off, and the button shows it.
    await page.keyboard.press("End");
    await page.keyboard.type(" and ");
    await page.keyboard.press("Control+b");
    await expect(button(page, "Bold")).toHaveAttribute("aria-pressed", "true");
    await page.keyboard.type("bold");
    await page.keyboard.press("Control+b");
    await expect(button(page, "Bold")).toHaveAttribute("aria-pressed", "false");
    await page.keyboard.type(" words");
    await expect(stored(page)).toHaveValue(
      "<p>Intro</p><ul><li>Point</li></ul><p>Heading soon and <strong>bold</strong> words</p>",
    );

    // A line break with text selected goes after it: nothing is deleted (keyboard and button).
    for (let i = 0; i < 5; i++) await page.keyboard.press("Shift+ArrowLeft");
    await page.keyboard.press("Shift+Enter");
    await expect(stored(page)).toHaveValue(
      "<p>Intro</p><ul><li>Point</li></ul><p>Heading soon and <strong>bold</strong> words<br></p>",
    );
    await page.keyboard.type("next");
    for (let i = 0; i < 4; i++) await page.keyboard.press("Shift+ArrowLeft");
    await button(page, "Line break").click();
    await expect(stored(page)).toHaveValue(
      "<p>Intro</p><ul><li>Point</li></ul><p>Heading soon and <strong>bold</strong> words<br>next<br></p>",
    );
    await page.keyboard.press("Control+z");
    await expect(stored(page)).toHaveValue(
      "<p>Intro</p><ul><li>Point</li></ul><p>Heading soon and <strong>bold</strong> words<br>next</p>",
    );
  });

  test("every toolbar button has a name, a shortcut and a tooltip", async ({ page }) => {
    await openEditor(page);
    const shortcuts: Record<string, string> = {
      Undo: "Control+Z",
      Redo: "Control+Shift+Z",
      Paragraph: "Control+Alt+0",
      "H2, Heading 2": "Control+Alt+2",
      "H3, Heading 3": "Control+Alt+3",
      Bold: "Control+B",
      Italic: "Control+I",
      Link: "Control+K",
      "Bullet list": "Control+Shift+8",
      "Numbered list": "Control+Shift+7",
      Quote: "Control+Shift+B",
      "Line break": "Shift+Enter",
    };
    for (const [name, keys] of Object.entries(shortcuts)) {
      await expect(button(page, name), name).toHaveAttribute("aria-keyshortcuts", keys);
    }
    for (const name of ["Image", "Video", "HTML"]) await expect(button(page, name)).toBeVisible();

    // One tab stop; the arrow keys, Home and End move along the toolbar.
    await expect(
      page.getByRole("toolbar", { name: "Formatting" }).locator('button[tabindex="0"]'),
    ).toHaveCount(1);
    await button(page, "Paragraph").focus();
    await page.keyboard.press("ArrowRight");
    await expect(button(page, "H2, Heading 2")).toBeFocused();
    await page.keyboard.press("End");
    await expect(button(page, "HTML")).toBeFocused();
    await page.keyboard.press("ArrowRight");
    await expect(button(page, "Paragraph")).toBeFocused();
    await page.keyboard.press("Shift+Tab");
    await page.keyboard.press("Tab");
    await expect(button(page, "Paragraph")).toBeFocused();
  });

  test("a paste from Google Docs arrives clean", async ({ page }) => {
    const editor = await openEditor(page);
    await editor.click();
    const docs =
      '<meta charset="utf-8"><b style="font-weight:normal;" id="docs-internal-guid-1a2b3c4d-7fff-0000-1111-222233334444">' +
      '<h1 dir="ltr" style="line-height:1.38;"><span style="font-size:20pt;font-weight:400;">Pasted heading</span></h1>' +
      '<p dir="ltr" style="line-height:1.38;"><span style="font-size:11pt;font-weight:400;">Plain and </span><span style="font-size:11pt;font-weight:700;">bold</span><span style="font-weight:400;"> and </span><span style="font-style:italic;font-weight:400;">italic</span><span> with </span><a href="https://example.ie/" style="text-decoration:none;"><span style="color:#1155cc;text-decoration:underline;">a link</span></a></p>' +
      '<br><p dir="ltr"><span style="font-size:11pt;"></span></p>' +
      '<ul style="margin-top:0;"><li dir="ltr" style="list-style-type:disc;" aria-level="1"><p dir="ltr" role="presentation"><span style="font-weight:400;">One</span></p></li><li dir="ltr" aria-level="1"><p dir="ltr" role="presentation"><span>Two</span></p></li></ul></b>';
    await editor.evaluate((element, html) => {
      const data = new DataTransfer();
      data.setData("text/html", html);
      data.setData("text/plain", "Pasted heading");
      element.dispatchEvent(
        new ClipboardEvent("paste", { clipboardData: data, bubbles: true, cancelable: true }),
      );
    }, docs);
    await expect(stored(page)).toHaveValue(
      '<h2>Pasted heading</h2><p>Plain and <strong>bold</strong> and <em>italic</em> with <a href="https://example.ie/">a link</a></p><ul><li>One</li><li>Two</li></ul>',
    );
  });

  test("a video with captions, and a link edited then removed, through their dialogs", async ({ page }) => {
    const editor = await openEditor(page);
    await editor.click();
    await page.keyboard.type("See the clip");
    for (let i = 0; i < 4; i++) await page.keyboard.press("Shift+ArrowLeft");
    await button(page, "Link").click();
    const add = page.getByRole("dialog", { name: "Add link" });
    await expect(add.getByLabel("Text to show")).toHaveCount(0);
    await add.getByLabel("Address").fill("javascript:alert(1)");
    await add.getByRole("button", { name: "Add link" }).click();
    await expect(add.getByRole("alert")).toContainText("Use a path on this site");
    await add.getByLabel("Address").fill("/blog/local-seo-dublin-2026-checklist");
    await add.getByLabel("Address").press("Enter");
    await expect(stored(page)).toHaveValue(
      '<p>See the <a href="/blog/local-seo-dublin-2026-checklist">clip</a></p>',
    );
    await expect(button(page, "Link")).toHaveAttribute("aria-pressed", "true");
    await button(page, "Link").click();
    const edit = page.getByRole("dialog", { name: "Edit link" });
    await edit.getByRole("button", { name: "Remove link" }).click();
    await expect(stored(page)).toHaveValue("<p>See the clip</p>");
    // Closing a dialog gives the editor its focus (and selection) back.
    await expect(editor).toBeFocused();
    await page.keyboard.press("End");
    // Chromium runs input before the selectionchange that tells ProseMirror the caret moved, so a key
    // within a few ms of End (no person types that fast) would still see "clip" selected and replace it.
    await expect
      .poll(() =>
        editor.evaluate((el) => (el as HTMLElement & { editor: Editor }).editor.state.selection.empty),
      )
      .toBe(true);
    await page.keyboard.press("Enter");
    await button(page, "Video").click();
    const video = page.getByRole("dialog", { name: "Insert video" });
    await video.getByLabel("Or its address on this site").fill("https://evil.example/a.mp4");
    await video.getByRole("button", { name: "Insert video" }).click();
    await expect(video.getByRole("alert")).toContainText("uploaded to this site");
    await video.getByLabel("Or its address on this site").fill("/uploads/clip.mp4");
    await video.getByLabel(/Captions file/).fill("/uploads/clip.vtt");
    await video.getByLabel(/Caption \(/).fill("Our studio");
    await video.getByRole("button", { name: "Insert video" }).click();
    // The caret waits after the figure: typing goes on below it and does not replace it.
    await page.keyboard.type("After");
    await expect(stored(page)).toHaveValue(
      '<p>See the clip</p><figure><video controls="" src="/uploads/clip.mp4" preload="metadata"><track kind="captions" src="/uploads/clip.vtt" srclang="en" label="English"></video><figcaption>Our studio</figcaption></figure><p>After</p>',
    );
    await expect(async () => {
      await page.keyboard.press("Control+z");
      await expect(stored(page)).toHaveValue("<p>See the clip</p>", { timeout: 500 });
    }).toPass({ timeout: 5000 });
  });

  test("a seeded post loads with nothing lost, and HTML shows its markup", async ({ page }) => {
    await signIn(page);
    await page
      .getByRole("link", { name: /^Edit Local SEO in Dublin/ })
      .first()
      .click();
    const editor = page.getByRole("textbox", { name: "Content", exact: true });
    await expect(editor).toBeVisible();
    const seeded = withDb(
      (db) =>
        db.prepare("select content from posts where slug = ?").get("local-seo-dublin-2026-checklist") as {
          content: string;
        },
    ).content;
    // Every word of the stored post is in the editor, in order (whitespace between blocks aside).
    const text = (html: string) =>
      page.evaluate((markup) => {
        const box = document.createElement("div");
        box.innerHTML = markup;
        return box.textContent ?? "";
      }, html);
    const squash = (s: string) => s.replace(/\s+/g, "");
    expect(squash((await editor.textContent()) ?? "")).toBe(squash(await text(seeded)));
    await expect(editor.getByRole("heading", { level: 2 })).toHaveCount(4);
    await expect(editor.getByRole("link", { name: "get in touch" })).toHaveAttribute("href", "/contact");
    await expect(editor.locator("blockquote")).toHaveCount(1);

    await button(page, "HTML").click();
    await expect(page.getByLabel("Content (HTML)")).toHaveValue(seeded);
    await page.getByRole("button", { name: "Back to the editor" }).click();
    await expect(editor).toBeVisible();
  });

  test("public pages download no script but the page's own small one and the Web Vitals one; the editor's code is only fetched in the admin", async ({
    page,
  }) => {
    const scripts: string[] = [];
    page.on("request", (r) => r.resourceType() === "script" && scripts.push(new URL(r.url()).pathname));
    for (const path of ["/", "/blog", "/blog/local-seo-dublin-2026-checklist"]) {
      await page.goto(path);
      await page.waitForLoadState("networkidle");
    }
    expect(scripts.length).toBeGreaterThan(0);
    for (const script of scripts)
      expect(script).toMatch(/^\/assets\/(web-vitals-[0-9a-f]{12}|page-site-[0-9a-z]+)\.js$/);
    await openEditor(page);
    expect(scripts.some((url) => /rich-editor-[\w-]+\.js$/.test(url))).toBe(true);
  });
});

test.describe("writing a post in the rich-text editor @mutates", () => {
  test("headings, a list from an empty line, Ctrl+B, a link, an image with alt and caption, a line break and undo", async ({
    page,
  }) => {
    const id = unique();
    const title = `Rich editor ${id}`;
    const editor = await openEditor(page);
    await page.getByLabel("Title", { exact: true }).fill(title);
    await page.getByLabel("Excerpt").fill("Written in the rich-text editor.");
    await page.getByLabel("Status").selectOption({ label: "Published" });

    await editor.click();
    await button(page, "H2, Heading 2").click();
    await page.keyboard.type("Why the map pack matters");
    await page.keyboard.press("Enter");
    await page.keyboard.type("Three businesses get ");
    await page.keyboard.press("Control+b");
    await page.keyboard.type("most of the calls");
    await page.keyboard.press("Control+b");
    await page.keyboard.type(".");
    await page.keyboard.press("Enter");
    await button(page, "Bullet list").click();
    await page.keyboard.type("Primary category");
    await page.keyboard.press("Enter");
    await page.keyboard.type("Opening hours");
    await page.keyboard.press("Enter");
    await page.keyboard.press("Enter");
    await page.keyboard.press("Control+Alt+3");
    await page.keyboard.type("Next steps");
    await page.keyboard.press("Enter");
    await page.keyboard.type("Read about ");

    await page.keyboard.press("Control+k");
    const linkDialog = page.getByRole("dialog", { name: "Add link" });
    await linkDialog.getByLabel("Address").fill("/services/seo");
    await linkDialog.getByLabel("Text to show").fill("our SEO service");
    await linkDialog.getByRole("button", { name: "Add link" }).click();
    await expect(linkDialog).toBeHidden();
    await expect(editor).toBeFocused();
    await page.keyboard.type(" today.");
    await page.keyboard.press("Shift+Enter");
    await page.keyboard.type("Call us");
    // One step back: the last typing goes, the line break stays.
    await page.waitForTimeout(600);
    await page.keyboard.type(" tomorrow");
    await page.keyboard.press("Control+z");
    await expect(editor).toContainText("Call us");
    await expect(editor).not.toContainText("tomorrow");
    await page.keyboard.press("Enter");

    await button(page, "Image").click();
    const imageDialog = page.getByRole("dialog", { name: "Insert image" });
    await imageDialog.getByLabel(/Upload an image/).setInputFiles(await pngFile());
    await expect(imageDialog.getByLabel("Or its address on this site")).toHaveValue(/^\/uploads\//);
    await imageDialog.getByRole("button", { name: "Insert image" }).click();
    await expect(imageDialog.getByRole("alert")).toContainText("alt text is required");
    await imageDialog.getByLabel(/Alt text/).fill("A bar chart of calls by month");
    await imageDialog.getByLabel(/Caption/).fill("Calls doubled in three months");
    await imageDialog.getByRole("button", { name: "Insert image" }).click();
    await expect(imageDialog).toBeHidden();
    await expect(editor.locator("figure img")).toHaveAttribute("alt", "A bar chart of calls by month");

    await page.getByRole("button", { name: "Create Post" }).click();
    await expect(page).toHaveURL(/result=created/);
    const slug = `rich-editor-${id}`;
    const { content } = withDb(
      (db) => db.prepare("select content from posts where slug = ?").get(slug) as { content: string },
    );
    const expected = [
      "<h2>Why the map pack matters</h2>",
      "<p>Three businesses get <strong>most of the calls</strong>.</p>",
      "<ul><li>Primary category</li><li>Opening hours</li></ul>",
      "<h3>Next steps</h3>",
      '<p>Read about <a href="/services/seo">our SEO service</a> today.<br />Call us</p>',
      '<figure><img src="SRC" alt="A bar chart of calls by month" loading="lazy" decoding="async" />',
      "<figcaption>Calls doubled in three months</figcaption></figure>",
    ].join("");
    const pattern = expected.replace(/[.*+?^${}()|[\]\\]/g, "\\$&").replace("SRC", '/uploads/[^"]+');
    expect(content).toMatch(new RegExp(`^${pattern}$`));

    await open(page, `/blog/${slug}`);
    const article = page.locator("article");
    await expect(article.getByRole("heading", { name: "Why the map pack matters", level: 2 })).toBeVisible();
    await expect(article.getByRole("heading", { name: "Next steps", level: 3 })).toBeVisible();
    await expect(article.getByRole("link", { name: "our SEO service" })).toHaveAttribute(
      "href",
      "/services/seo",
    );
    await expect(article.locator("strong")).toHaveText("most of the calls");
    await expect(article.getByRole("listitem").filter({ hasText: "Opening hours" })).toBeVisible();
    await expect(article.getByRole("img", { name: "A bar chart of calls by month" })).toBeVisible();
    await expect(article.locator("figcaption")).toHaveText("Calls doubled in three months");
  });
});
