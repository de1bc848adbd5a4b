import { type BrowserContext, expect, type Page, test } from "@playwright/test";

import { withDb } from "../support/db";
import { open } from "../support/page";
import { unique } from "../support/unique";

/**
 * An enquiry survives a network failure. Whatever goes wrong between the browser and the
 * server, the visitor keeps the page, its theme and what they typed, a toast says it was not sent, and
 * sending again stores it once.
 */
const rowsFor = (email: string) =>
  withDb((db) => db.prepare("select name, goals from enquiries where email = ?").all(email));

const goals = "Sent from a train going into a tunnel.";

/** How the connection fails, set up before Send is pressed; the returned function mends it. */
type Failure = (page: Page, context: BrowserContext) => Promise<() => Promise<void>>;

const postsOnly = (page: Page, answer: Parameters<Page["route"]>[1]) =>
  page.route("**/contact*", (route, request) =>
    route.request().method() === "POST" ? answer(route, request) : route.continue(),
  );

const proxyPage = (status: number, words: string) =>
  `<html><head><title>${status} ${words}</title></head><body><center><h1>${status} ${words}</h1></center><hr><center>nginx</center></body></html>`;

const failures: Record<string, { failure: Failure; toast: RegExp }> = {
  "the POST is cut off": {
    failure: async (page) => {
      await postsOnly(page, (route) => route.abort("internetdisconnected"));
      return () => page.unrouteAll();
    },
    toast: /Check your connection and try again\. What you typed is still here\./,
  },
  "the browser goes offline": {
    failure: async (_page, context) => {
      await context.setOffline(true);
      return () => context.setOffline(false);
    },
    toast: /Check your connection and try again\. What you typed is still here\./,
  },
  "a proxy answers 502": {
    failure: async (page) => {
      await postsOnly(page, (route) =>
        route.fulfill({ status: 502, contentType: "text/html", body: proxyPage(502, "Bad Gateway") }),
      );
      return () => page.unrouteAll();
    },
    toast: /What you typed is still here\./,
  },
  "a proxy answers 503": {
    failure: async (page) => {
      await postsOnly(page, (route) =>
        route.fulfill({
          status: 503,
          contentType: "text/html",
          body: proxyPage(503, "Service Temporarily Unavailable"),
        }),
      );
      return () => page.unrouteAll();
    },
    toast: /What you typed is still here\./,
  },
  // The server stored it and redirected; the connection dropped before the thank-you page came.
  "the connection drops on the redirect": {
    failure: async (page, context) => {
      await postsOnly(page, async (route) => {
        const response = await route.fetch({ maxRedirects: 0 });
        await context.setOffline(true);
        await route.fulfill({ response });
      });
      return async () => {
        await page.unrouteAll();
        await context.setOffline(false);
      };
    },
    toast: /Check your connection and try again\. What you typed is still here\./,
  },
};

for (const theme of ["light", "dark"] as const) {
  for (const [name, { failure, toast }] of Object.entries(failures)) {
    test(`${name} (${theme} theme): the page, theme and typing stay; sending again stores it once`, async ({
      page,
      context,
    }) => {
      await page.addInitScript((stored) => localStorage.setItem("theme", stored), theme);
      const email = `network-${unique()}@example.ie`;
      await open(page, "/contact");
      await page.getByRole("textbox", { name: "Name" }).fill("Offline Owen");
      await page.getByRole("textbox", { name: "Email" }).fill(email);
      await page.getByRole("combobox", { name: /Budget/ }).selectOption("1250-2500");
      await page.getByRole("textbox", { name: "Project Goals" }).fill(goals);

      const mend = await failure(page, context);
      await page.getByRole("button", { name: "Send Message" }).click();

      const alert = page.getByRole("alert").filter({ hasText: "Failed to send message" });
      await expect(alert).toBeVisible();
      await expect(alert).toContainText(toast);
      // Still the contact page, in the visitor's theme, with the switch and everything typed.
      await expect(page).toHaveTitle(/^Contact Us/);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Ready to Grow?");
      await expect(page.getByRole("heading", { name: "Something went wrong" })).toHaveCount(0);
      await expect(page.locator("html")).toHaveClass(theme);
      await expect(page.getByRole("group", { name: "Colour theme" })).toBeVisible();
      await expect(
        page.getByRole("radio", { name: `${theme === "light" ? "Light" : "Dark"} theme` }),
      ).toBeChecked();
      await expect(page.getByRole("textbox", { name: "Name" })).toHaveValue("Offline Owen");
      await expect(page.getByRole("textbox", { name: "Email" })).toHaveValue(email);
      await expect(page.getByRole("combobox", { name: /Budget/ })).toHaveValue("1250-2500");
      await expect(page.getByRole("textbox", { name: "Project Goals" })).toHaveValue(goals);

      // Back online: Send again works, and the enquiry is stored once.
      await mend();
      await page.getByRole("button", { name: "Send Message" }).click();
      await expect(page.getByRole("heading", { name: "Message Sent!" })).toBeVisible();
      await expect(page).toHaveURL("/contact?sent=1");
      await expect(page.locator("html")).toHaveClass(theme);
      expect(rowsFor(email)).toEqual([{ name: "Offline Owen", goals }]);
    });
  }
}
