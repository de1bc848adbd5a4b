// The blog's newsletter form sent without JavaScript, over HTTP against the built server: a mistake or
// too many tries is answered with the newsletter box alone (the error beside the field, what was typed
// kept), not with the articles rendered again; a good address with a redirect to the cached page.
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { type RunningServer, startServer } from "../../../scripts/lib/start-server";

let server: RunningServer;

beforeAll(async () => {
  // The real limits: five sign-ups per client in 15 minutes.
  server = await startServer({ RATE_LIMIT_FACTOR: "1" });
}, 60_000);
afterAll(() => server?.stop());

const signUp = (email: string) =>
  fetch(`${server.baseURL}/blog?tag=SEO`, {
    method: "POST",
    redirect: "manual",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: server.baseURL },
    body: new URLSearchParams({ intent: "subscribe", email }),
  });

/** The answer's newsletter box: the field, its error, and whether the articles came with it. */
function answerOf(html: string) {
  const field = /<input[^>]*name="email"[^>]*>/.exec(html)?.[0] ?? "";
  const errorId = /aria-describedby="([^"]+)"/.exec(field)?.[1];
  const error = errorId ? new RegExp(`<p id="${errorId}"[^>]*>([^<]*)</p>`).exec(html)?.[1] : undefined;
  return {
    heading: /<h1[^>]*>([^<]*)<\/h1>/.exec(html)?.[1],
    typed: /value="([^"]*)"/.exec(field)?.[1],
    invalid: field.includes('aria-invalid="true"'),
    error,
    articles: html.includes('id="blog-results"'),
    back: html.includes('href="/blog?tag=SEO"'),
  };
}

describe("the blog's newsletter form without JavaScript", () => {
  it("answers a mistake with the box alone: the error beside the field, what was typed kept", async () => {
    const response = await signUp("not-an-email");
    expect(response.status).toBe(400);
    expect(answerOf(await response.text())).toEqual({
      heading: "Newsletter sign-up",
      typed: "not-an-email",
      invalid: true,
      error: "Please enter a valid email address",
      articles: false,
      back: true,
    });
  });

  it("answers too many sign-ups the same way, and a good address with the cached page", async () => {
    for (let i = 0; i < 5; i++) {
      const accepted = await signUp(`reader.${i}@example.ie`);
      expect(accepted.status).toBe(303);
      expect(accepted.headers.get("location")).toBe("/blog?tag=SEO&subscribed=1#newsletter");
    }
    const limited = await signUp("reader.6@example.ie");
    expect(limited.status).toBe(429);
    const answer = answerOf(await limited.text());
    expect(answer).toMatchObject({
      typed: "reader.6@example.ie",
      invalid: true,
      articles: false,
      back: true,
    });
    expect(answer.error).toMatch(/^Too many sign-ups in a short time\. Please try again in /);
  });

  it("still shows the articles to a reader who only reads", async () => {
    const page = await fetch(`${server.baseURL}/blog?tag=SEO`);
    expect(page.status).toBe(200);
    expect(answerOf(await page.text())).toMatchObject({ heading: "Insights &amp; Articles", articles: true });
  });
});
