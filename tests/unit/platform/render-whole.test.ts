// A page rendered whole (what every page and 404 goes through): once it is answered nothing keeps it,
// and a render still waiting at its deadline is cut off.
import { createElement, Suspense, use } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";

import { renderWhole } from "~/platform/pages/render-whole.server";

afterEach(() => {
  vi.useRealTimers();
});

describe("renderWhole", () => {
  it("answers the whole page and leaves no timer holding it", async () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    const html = await renderWhole(createElement("p", null, "Page not found"), {
      deadline: 6000,
      onError: () => {},
    });
    expect(html).toBe("<p>Page not found</p>");
    expect(vi.getTimerCount()).toBe(0);
  });

  it("cuts a render off at its deadline with what it has", async () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    const never = new Promise<string>(() => {});
    const Waiting = () => createElement("span", null, use(never));
    const errors: unknown[] = [];
    const rendering = renderWhole(
      createElement("main", null, createElement(Suspense, { fallback: "Loading" }, createElement(Waiting))),
      {
        deadline: 6000,
        onError: (error) => {
          errors.push(error);
        },
      },
    );
    await vi.advanceTimersByTimeAsync(6000);
    const html = await rendering;
    expect(html).toContain("Loading");
    expect(html).not.toContain("<span>");
    expect(errors).toHaveLength(1);
    expect(vi.getTimerCount()).toBe(0);
  });
});
