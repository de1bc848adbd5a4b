import { describe, expect, it } from "vitest";

import { acceptedEncoding, worthEncoding } from "~/platform/http/encoded-body.server";

describe("acceptedEncoding", () => {
  it("chooses as the compression middleware does: quality first, then br, gzip, deflate", () => {
    expect(acceptedEncoding("gzip, deflate, br, zstd")).toBe("br");
    expect(acceptedEncoding("gzip, deflate")).toBe("gzip");
    expect(acceptedEncoding("deflate")).toBe("deflate");
    expect(acceptedEncoding("br;q=0.5, gzip")).toBe("gzip");
    expect(acceptedEncoding("*")).toBe("br");
    expect(acceptedEncoding("BR")).toBe("br");
  });

  it("sends the body as it is when nothing is given, nothing we make is taken, or plain is preferred", () => {
    expect(acceptedEncoding(undefined)).toBeNull();
    expect(acceptedEncoding("")).toBeNull();
    expect(acceptedEncoding("identity")).toBeNull();
    expect(acceptedEncoding("zstd")).toBeNull();
    expect(acceptedEncoding("br;q=0, gzip;q=0")).toBeNull();
    expect(acceptedEncoding("identity, gzip;q=0.5")).toBeNull();
  });
});

describe("worthEncoding", () => {
  it("takes text of at least 1 KB that may be transformed", () => {
    expect(worthEncoding("text/html; charset=utf-8", "public, max-age=300", 5000)).toBe(true);
    expect(worthEncoding("application/rss+xml", undefined, 5000)).toBe(true);
    expect(worthEncoding("application/json", undefined, 5000)).toBe(true);
    expect(worthEncoding("text/html", undefined, 1023)).toBe(false);
    expect(worthEncoding("image/png", undefined, 5000)).toBe(false);
    expect(worthEncoding("text/html", "public, no-transform", 5000)).toBe(false);
  });
});
