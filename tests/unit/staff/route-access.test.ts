import { describe, expect, it } from "vitest";

import { canonicalPath } from "~/features/staff/route-access.server";
import { mayOpen } from "~/platform/http/access";

describe("canonicalPath", () => {
  it("spells fixed segments as the route does, whatever case or encoding was sent", () => {
    const pattern = "admin/posts/:id/newsletter";
    expect(canonicalPath("/admin/posts/abc/NEWSLETTER", pattern)).toBe("/admin/posts/abc/newsletter");
    expect(canonicalPath("/Admin/Blog/abc/Newsletter", pattern)).toBe("/admin/posts/abc/newsletter");
    expect(canonicalPath("/admin/posts/abc/%6eewsletter", pattern)).toBe("/admin/posts/abc/newsletter");
    expect(canonicalPath("/admin/posts/abc/newsletter", pattern)).toBe("/admin/posts/abc/newsletter");
  });

  it("keeps parameters, a splat's rest and a trailing slash as sent", () => {
    expect(canonicalPath("/BLOG/My-Post", "blog/:slug")).toBe("/blog/My-Post");
    expect(canonicalPath("/Some/Missing/Page", "*")).toBe("/Some/Missing/Page");
    expect(canonicalPath("/Work/", "work")).toBe("/work/");
    expect(canonicalPath("/", "/")).toBe("/");
  });
});

describe("mayOpen", () => {
  it("opens to editors only what a route opens to them, and everything to the owner", () => {
    expect(mayOpen("editor", "editor")).toBe(true);
    expect(mayOpen("editor", undefined)).toBe(false);
    expect(mayOpen("owner", undefined)).toBe(true);
  });
});
