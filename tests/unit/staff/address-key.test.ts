import { describe, expect, it } from "vitest";

import { addressKey } from "~/platform/rate-limit.server";

describe("addressKey", () => {
  it("counts every address of one IPv6 /64 as one client", () => {
    expect(addressKey("2001:db8:1:2::1")).toBe("2001:db8:1:2::/64");
    expect(addressKey("2001:0db8:0001:0002:ffff:0:0:99")).toBe("2001:db8:1:2::/64");
    expect(addressKey("2001:db8:1:3::1")).not.toBe(addressKey("2001:db8:1:2::1"));
  });

  it("keeps an IPv4 address whole, however it is written", () => {
    expect(addressKey("203.0.113.7")).toBe("203.0.113.7");
    expect(addressKey("::ffff:203.0.113.7")).toBe("203.0.113.7");
    expect(addressKey("203.0.113.8")).not.toBe(addressKey("203.0.113.7"));
  });

  it("passes through what is not an address", () => {
    expect(addressKey("unknown")).toBe("unknown");
  });
});
