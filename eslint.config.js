// Lint: typescript-eslint's recommended type-aware-free rules, the React hooks rules, and one import
// order (simple-import-sort) that `npm run lint -- --fix` applies. Formatting is prettier's job.
import js from "@eslint/js";
import reactHooks from "eslint-plugin-react-hooks";
import simpleImportSort from "eslint-plugin-simple-import-sort";
import globals from "globals";
import tseslint from "typescript-eslint";

export default tseslint.config(
  {
    ignores: [
      ".tmp-lh/", // local Lighthouse probes, never committed
      "build/",
      ".react-router/",
      "node_modules/",
      ".node/",
      "reports/",
      "test-results/",
      "playwright-report/",
      "data/",
      "uploads/",
    ],
  },
  js.configs.recommended,
  tseslint.configs.recommended,
  // React lives in app/ only: the hooks rules run the React Compiler's analysis on every file they
  // see, and on the servers, scripts and tests it was 60 % of a cold lint for nothing.
  { ...reactHooks.configs.flat["recommended-latest"], files: ["app/**/*.{ts,tsx}"] },
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    plugins: { "simple-import-sort": simpleImportSort },
    rules: {
      "simple-import-sort/imports": "error",
      "simple-import-sort/exports": "error",
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "@typescript-eslint/consistent-type-imports": ["error", { fixStyle: "inline-type-imports" }],
    },
  },
  {
    // A focused test hides the rest of the suite; a skip must say why, so the summary's skips stay few and known.
    files: ["tests/**/*.ts"],
    rules: {
      "no-restricted-syntax": [
        "error",
        {
          selector: "MemberExpression[property.name='only']",
          message: "No focused tests (.only): run one test with vitest -t or playwright -g instead.",
        },
        {
          selector:
            "CallExpression[callee.property.name=/^(skip|fixme|todo)$/]:not([arguments.1.type=/^(Literal|TemplateLiteral)$/])",
          message: 'A skipped test takes its condition and a reason: test.skip(condition, "why").',
        },
      ],
    },
  },
);
