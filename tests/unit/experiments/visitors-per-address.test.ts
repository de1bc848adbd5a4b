// One address adds at most VISITORS_PER_ADDRESS visitor-days a day: a script changing its User-Agent
// on every request cannot flood an experiment, and a visitor admitted stays admitted all day.
import { expect, it } from "vitest";

import { admitVisitor, VISITORS_PER_ADDRESS } from "~/features/experiments/visitors-per-address";

it("admits the first visitors of an address, then only those already admitted, and begins again the next day", () => {
  const admitted = Array.from({ length: VISITORS_PER_ADDRESS + 30 }, (_, n) =>
    admitVisitor("2026-03-01", "203.0.113.7", `visitor-${n}`),
  );
  expect(admitted.filter(Boolean)).toHaveLength(VISITORS_PER_ADDRESS);
  expect(admitVisitor("2026-03-01", "203.0.113.7", "visitor-0")).toBe(true);
  expect(admitVisitor("2026-03-01", "203.0.113.7", `visitor-${VISITORS_PER_ADDRESS}`)).toBe(false);
  // Another address, and the same address on another day, are not held back.
  expect(admitVisitor("2026-03-01", "198.51.100.1", "visitor-999")).toBe(true);
  expect(admitVisitor("2026-03-02", "203.0.113.7", `visitor-${VISITORS_PER_ADDRESS + 5}`)).toBe(true);
  // Prototype-named addresses and visitors are plain keys.
  for (const name of ["__proto__", "constructor", "toString"])
    expect(admitVisitor("2026-03-02", name, name)).toBe(true);
});

it("counts an IPv6 client by its /64: rotating the address inside it adds no visitors past the cap", () => {
  const admitted = Array.from({ length: VISITORS_PER_ADDRESS + 30 }, (_, n) =>
    admitVisitor("2026-03-03", `2001:db8:aa:bb::${n.toString(16)}`, `rotating-${n}`),
  );
  expect(admitted.filter(Boolean)).toHaveLength(VISITORS_PER_ADDRESS);
  // The same address written IPv4-mapped is the same client; another /64 is another.
  const mapped = Array.from({ length: VISITORS_PER_ADDRESS + 1 }, (_, n) =>
    admitVisitor("2026-03-03", n % 2 ? "::ffff:203.0.113.9" : "203.0.113.9", `mapped-${n}`),
  );
  expect(mapped.filter(Boolean)).toHaveLength(VISITORS_PER_ADDRESS);
  expect(admitVisitor("2026-03-03", "2001:db8:aa:cc::1", "rotating-0")).toBe(true);
});
