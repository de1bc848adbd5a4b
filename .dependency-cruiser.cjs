/** The layers of docs/architecture.md, kept by `npm run lint` (depcruise). */

/** A feature's front doors: what the rest of the code may import of it. */
const FEATURE_INDEX = "^app/features/[^/]+/index(\\.server)?\\.ts$";

module.exports = {
  forbidden: [
    {
      name: "no-feature-folder-cycle",
      severity: "error",
      scope: "folder",
      comment:
        "Two features that import each other, even through a third: the piece belongs with the data it works on, or the lower feature offers a hook.",
      from: { path: "^app/features/[^/]+" },
      to: { path: "^app/features/[^/]+", circular: true },
    },
    {
      name: "no-circular",
      severity: "error",
      comment: "A circle of imports: one of its files belongs in the other's place, or in a third.",
      from: {},
      to: { circular: true },
    },
    {
      name: "feature-through-its-index",
      severity: "error",
      comment:
        "A feature uses another only through its index.ts (what it offers the rest) or index.server.ts (the same, for the server).",
      from: { path: "^app/features/([^/]+)/" },
      to: {
        path: "^app/features/[^/]+/",
        pathNot: ["^app/features/$1/", FEATURE_INDEX],
      },
    },
    {
      name: "outside-through-the-index",
      severity: "error",
      comment:
        "The server, the root route, the scripts and the tests use a feature the way another feature does: through its index.ts or index.server.ts.",
      from: { path: "^(server/|server\\.ts$|scripts/|app/[^/]+$|tests/[^/]+$|tests/[^/]+/[^/]+$)" },
      to: { path: "^app/features/[^/]+/", pathNot: FEATURE_INDEX },
    },
    {
      name: "tests-through-the-index",
      severity: "error",
      comment:
        "A test may reach inside the feature it is filed under (tests/<kind>/<feature>/); any other feature it uses through its index.",
      from: { path: "^tests/[^/]+/([^/]+)/" },
      to: { path: "^app/features/[^/]+/", pathNot: ["^app/features/$1/", FEATURE_INDEX] },
    },
    {
      name: "platform-and-ui-below-features",
      severity: "error",
      comment: "platform/ and ui/ are what every feature uses; they know no feature.",
      from: { path: "^app/(platform|ui)/" },
      to: { path: "^app/features/" },
    },
    {
      name: "ui-knows-no-db",
      severity: "error",
      comment: "ui/ draws what it is given: the tables are read by the features' services.",
      from: { path: "^app/ui/" },
      to: { path: "^db/" },
    },
    {
      name: "nothing-imports-the-server",
      severity: "error",
      comment:
        "server/ is the composition root: server.ts starts it and nothing else imports it (what a test needs of it belongs in a feature or platform/).",
      from: { pathNot: "^(server/|server\\.ts$)" },
      to: { path: "^server/" },
    },
    {
      name: "platform-below-ui",
      severity: "error",
      comment: "platform/ is the server's and the page script's plumbing; components are ui/'s.",
      from: { path: "^app/platform/" },
      to: { path: "^app/ui/" },
    },
    {
      name: "db-below-app",
      severity: "error",
      comment: "db/ (schema, migrations, seed) is the bottom layer: it imports nothing from app/.",
      from: { path: "^db/" },
      to: { path: "^app/" },
    },
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    // tests/fixtures/layers/ breaks every rule on purpose (tests/unit/platform/layer-rules.test.ts).
    exclude: { path: "(^|/)\\.react-router/|^build/|^tests/fixtures/layers/" },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.json" },
    enhancedResolveOptions: {
      exportsFields: ["exports"],
      conditionNames: ["import", "require", "node", "default"],
      extensions: [".ts", ".tsx", ".js", ".mjs", ".json"],
    },
  },
};
