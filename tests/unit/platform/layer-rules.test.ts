// Every rule of .dependency-cruiser.cjs fails `npm run lint` when broken: dependency-cruiser's own API
// runs the project's rules over tests/fixtures/layers/, a small tree that breaks each of them on
// purpose, and each must be reported for the import that breaks it (and nothing else). The real tree
// is cruised by `npm run lint` itself.
import { createRequire } from "node:module";
import path from "node:path";

import { cruise, type ICruiseResult, type IForbiddenRuleType } from "dependency-cruiser";
import { beforeAll, describe, expect, it } from "vitest";

const config = createRequire(import.meta.url)("../../../.dependency-cruiser.cjs") as {
  forbidden: IForbiddenRuleType[];
  options: { enhancedResolveOptions: Record<string, unknown> };
};
const fixture = path.resolve("tests/fixtures/layers");

let reported: string[];

beforeAll(async () => {
  const result = await cruise(["app", "db", "server", "scripts", "tests"], {
    baseDir: fixture,
    validate: true,
    ruleSet: { forbidden: config.forbidden },
    tsPreCompilationDeps: true,
    enhancedResolveOptions: config.options.enhancedResolveOptions,
  });
  const { summary } = result.output as ICruiseResult;
  reported = summary.violations.map((v) => `${v.rule.name}: ${v.from} → ${v.to}`).sort();
});

describe("the layer rules", () => {
  it("report each broken line of the fixture tree, and only those", () => {
    expect(reported).toEqual(
      [
        "db-below-app: db/schema.ts → app/features/alpha/index.ts",
        "feature-through-its-index: app/features/beta/reach-in.ts → app/features/alpha/inside.ts",
        "no-circular: app/platform/ping.ts → app/platform/pong.ts",
        "no-feature-folder-cycle: app/features/alpha → app/features/beta",
        "no-feature-folder-cycle: app/features/beta → app/features/alpha",
        "nothing-imports-the-server: app/platform/plumbing.ts → server/app.ts",
        "outside-through-the-index: app/root.tsx → app/features/alpha/inside.ts",
        "outside-through-the-index: scripts/tool.ts → app/features/alpha/inside.ts",
        "outside-through-the-index: server/app.ts → app/features/alpha/inside.ts",
        "platform-and-ui-below-features: app/ui/widget.tsx → app/features/alpha/index.ts",
        "platform-below-ui: app/platform/plumbing.ts → app/ui/widget.tsx",
        "tests-through-the-index: tests/unit/beta/other-feature.ts → app/features/alpha/inside.ts",
        "ui-knows-no-db: app/ui/widget.tsx → db/schema.ts",
      ].sort(),
    );
  });

  it("are all tried by the fixture tree", () => {
    const tried = new Set(reported.map((line) => line.split(":")[0]));
    expect(config.forbidden.map((rule) => rule.name).filter((name) => !tried.has(name))).toEqual([]);
  });
});
