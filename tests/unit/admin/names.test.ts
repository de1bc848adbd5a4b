import { describe, expect, it } from "vitest";

import { displayName, greetingName } from "~/features/admin/names";

describe("how the admin names a member of staff", () => {
  it("greets by the first name of the display name", () => {
    expect(greetingName({ name: "Aisling Byrne", username: "aisling" })).toBe("Aisling");
    expect(greetingName({ name: "  Seán  Ó Briain ", username: "sean" })).toBe("Seán");
  });

  it("falls back on the username when there is no display name", () => {
    expect(greetingName({ name: "", username: "aisling" })).toBe("aisling");
    expect(greetingName({ name: "   ", username: "aisling" })).toBe("aisling");
    expect(displayName({ name: " ", username: "aisling" })).toBe("aisling");
  });

  it("shows the display name whole", () => {
    expect(displayName({ name: " Aisling Byrne ", username: "aisling" })).toBe("Aisling Byrne");
  });
});
