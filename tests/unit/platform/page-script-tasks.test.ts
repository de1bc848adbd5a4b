import { describe, expect, it } from "vitest";

import { behaviourParts, behavioursScript } from "~/platform/pages/page-behaviours";

// The deferred page script's parts, run as one task, made a task after the first paint long enough
// to count as blocking time on a slow phone (decision 063): each starts in a task of its own.
describe("the deferred page script", () => {
  for (const react of [false, true]) {
    const script = behavioursScript(react);
    const parts = behaviourParts(react);

    it(`starts each of its parts in a task of its own (${react ? "admin" : "public pages"})`, () => {
      expect(parts.length).toBeGreaterThanOrEqual(4);
      for (const part of parts) expect(script).toContain(`setTimeout(() => ${part});`);
      expect(script.match(/^setTimeout\(\(\) => /gm)).toHaveLength(parts.length);
      // Loaded with defer, it runs once the document is parsed: nothing of it waits in a listener.
      expect(script).not.toContain("DOMContentLoaded");
    });

    it(`marks the page ready for input only once its forms and toasts listen (${react ? "admin" : "public pages"})`, () => {
      const named = (name: string) => parts.findIndex((part) => part.startsWith(`(function ${name}(`));
      const ready = parts.findIndex((part) => part.includes("dataset.hydrated"));
      const toasts = named("pageToasts");
      const forms = named("pageForms");
      expect(toasts).toBeGreaterThan(-1);
      expect(forms).toBeGreaterThan(-1);
      expect(ready).toBeGreaterThan(-1);
      expect(ready).toBeGreaterThan(toasts);
      expect(ready).toBeGreaterThan(forms);
    });
  }
});
