// The images the site draws are laid out off the request thread: the built server sets their type in
// a worker (build/typeset.js), and what it draws is the same as setting the tree directly.
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { plainTree } from "~/platform/text/typeset.server";
import { setType } from "~/platform/text/typeset-engine.server";

import { adminSessionCookie, type RunningServer, startServer } from "../../../scripts/lib/start-server";

describe("a tree sent to the worker", () => {
  it("is plain data that sets to the same SVG as the React tree, its components and fragments resolved", async () => {
    const { createElement, Fragment } = await import("react");
    const Badge = ({ label }: { label: string }) =>
      createElement("div", { style: { display: "flex", color: "#fff" } }, label);
    const tree = createElement(
      "div",
      { style: { display: "flex", width: 400, height: 200, background: "#123" } },
      createElement(
        Fragment,
        null,
        createElement(Badge, { label: "One" }),
        createElement(Badge, { label: "Two" }),
      ),
    );
    const plain = plainTree(tree);
    expect(() => structuredClone(plain)).not.toThrow();
    expect(JSON.stringify(plain)).not.toMatch(/\$\$typeof/);
    expect(await setType({ node: structuredClone(plain), width: 400, height: 200 })).toBe(
      await setType({ node: tree, width: 400, height: 200 }),
    );
  });
});

describe("the built server", () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startServer();
  }, 120_000);
  afterAll(async () => {
    await server?.stop();
  });

  it("draws a published post's social card in its worker", async () => {
    const cookie = await adminSessionCookie(server.baseURL);
    const created = await fetch(`${server.baseURL}/api/blog`, {
      method: "POST",
      headers: { Cookie: cookie, Origin: server.baseURL, "Content-Type": "application/json" },
      body: JSON.stringify({
        title: "Drawn off the request thread",
        excerpt: "A card drawn by the worker.",
        content: "<p>Body.</p>",
        status: "published",
      }),
    });
    expect(created.status).toBe(201);
    const { slug } = (await created.json()) as { slug: string };

    const cardUrl = async () => {
      const page = await (await fetch(`${server.baseURL}/blog/${slug}`)).text();
      return /<meta property="og:image" content="[^"]*(\/uploads\/cards\/[^"]+\.jpg)"/.exec(page)?.[1];
    };
    await expect.poll(cardUrl, { timeout: 30_000 }).toBeDefined();
    const card = await fetch(`${server.baseURL}${await cardUrl()}`);
    expect(card.status).toBe(200);
    expect(await sharp(Buffer.from(await card.arrayBuffer())).metadata()).toMatchObject({
      format: "jpeg",
      width: 1200,
      height: 630,
    });
    expect(server.output()).not.toMatch(/typesetting worker stopped/);
  }, 60_000);
});
