import { describe, expect, it } from "vitest";

import { revisionChanges } from "~/features/editor/revision-changes";

const FIELDS = [
  { name: "title", label: "Title" },
  { name: "content", label: "Content", html: true },
  { name: "tags", label: "Tags" },
  { name: "metrics", label: "Results" },
];

describe("what restoring a revision changes", () => {
  it("lists only the fields that differ, word by word from now to the revision, bodies as text", () => {
    const now = {
      title: "Same",
      content: "<p>Bookings rose &amp; stayed high</p>",
      tags: ["SEO", "PPC"],
      metrics: [{ value: "2x", label: "Sales" }],
    };
    const then = {
      title: "Same",
      content: "<p>Bookings rose</p><p>Again</p>",
      tags: ["SEO"],
      metrics: [{ value: "2x", label: "Sales" }],
    };
    expect(revisionChanges(now, then, FIELDS)).toEqual([
      {
        label: "Content",
        parts: [
          { text: "Bookings rose" },
          { text: " & stayed high", removed: true },
          { text: "\nAgain", added: true },
        ],
      },
      { label: "Tags", parts: [{ text: "SEO" }, { text: ", PPC", removed: true }] },
    ]);
    expect(revisionChanges(now, now, FIELDS)).toEqual([]);
  });
});
