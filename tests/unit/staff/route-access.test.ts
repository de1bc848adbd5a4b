import { describe, expect, it } from "vitest";

import { canonicalPath } from "~/features/staff/route-access.server";
import { mayOpen } from "~/platform/http/access";

describe("canonicalPath", () => {
  it("spells fixed segments as the route does, whatever case or encoding was sent", () => {
    const pattern = "admin/blog/:id/newsletter";
    expect(canonicalPath("/admin/blog/abc/NEWSLETTER", pattern)).toBe("/admin/blog/abc/newsletter");
    expect(canonicalPath("/Admin/Blog/abc/Newsletter", pattern)).toBe("/admin/blog/abc/newsletter");
    expect(canonicalPath("/admin/blog/abc/%6eewsletter", pattern)).toBe("/admin/blog/abc/newsletter");
    expect(canonicalPath("/admin/blog/abc/newsletter", pattern)).toBe("/admin/blog/abc/newsletter");
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
