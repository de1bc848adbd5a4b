import { describe, expect, it } from "vitest";

import { isAllowedWrite } from "~/platform/http/same-origin.server";

const site = "https://www.example.ie";

describe("isAllowedWrite", () => {
  it("lets reads through", () => {
    expect(isAllowedWrite({ method: "GET", origin: "https://evil.example" }, site)).toBe(true);
  });
  it("accepts writes from the site itself", () => {
    expect(isAllowedWrite({ method: "POST", origin: site }, site)).toBe(true);
    expect(
      isAllowedWrite(
        { method: "POST", origin: "http://127.0.0.1:4000", requestOrigin: "http://127.0.0.1:4000" },
        site,
      ),
    ).toBe(true);
    expect(
      isAllowedWrite(
        { method: "POST", origin: "https://shop.example", requestOrigin: "https://shop.example:443" },
        site,
      ),
    ).toBe(true);
    expect(isAllowedWrite({ method: "PUT", fetchSite: "same-origin" }, site)).toBe(true);
    expect(isAllowedWrite({ method: "POST" }, site)).toBe(true);
  });
  it("refuses writes from other sites", () => {
    expect(
      isAllowedWrite(
        { method: "POST", origin: "https://evil.example", requestOrigin: "https://www.example.ie" },
        site,
      ),
    ).toBe(false);
    expect(
      isAllowedWrite({ method: "POST", origin: "null", requestOrigin: "https://www.example.ie" }, site),
    ).toBe(false);
  });
  it("refuses a plain-http page when the site is https, even where a proxy left the scheme out", () => {
    expect(
      isAllowedWrite(
        { method: "POST", origin: "http://www.example.ie", requestOrigin: "http://www.example.ie" },
        site,
      ),
    ).toBe(false);
  });
  it("refuses a plain-http page of the same host writing to the https site", () => {
    expect(
      isAllowedWrite(
        { method: "POST", origin: "http://shop.example", requestOrigin: "https://shop.example" },
        site,
      ),
    ).toBe(false);
    expect(
      isAllowedWrite(
        { method: "POST", origin: "https://shop.example:8443", requestOrigin: "https://shop.example" },
        site,
      ),
    ).toBe(false);
    expect(isAllowedWrite({ method: "DELETE", fetchSite: "cross-site" }, site)).toBe(false);
    expect(isAllowedWrite({ method: "POST", fetchSite: "same-site" }, site)).toBe(false);
  });
});
