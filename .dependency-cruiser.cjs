/** The layers of docs/architecture.md, kept by `npm run lint` (depcruise). */
module.exports = {
  forbidden: [
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
        pathNot: ["^app/features/$1/", "^app/features/[^/]+/index(\\.server)?\\.ts$"],
      },
    },
    {
      name: "platform-and-ui-below-features",
      severity: "error",
      comment: "platform/ and ui/ are what every feature uses; they know no feature.",
      from: { path: "^app/(platform|ui)/" },
      to: { path: "^app/features/" },
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
    exclude: { path: "(^|/)\\.react-router/|^build/" },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.json" },
    enhancedResolveOptions: {
      exportsFields: ["exports"],
      conditionNames: ["import", "require", "node", "default"],
      extensions: [".ts", ".tsx", ".js", ".mjs", ".json"],
    },
  },
};
