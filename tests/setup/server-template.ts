import { existsSync, rmSync } from "node:fs";

import { makeTemplate } from "../../scripts/lib/start-server";

/**
 * The data folder every HTTP test's server starts from, made once for the run as the browser tests'
 * is (their global-setup.ts): a first start migrates, seeds and draws every cover and social card,
 * seconds of work each of the ~17 servers would otherwise repeat. Without a build (only the units and
 * services run) there is no server to start and nothing to make.
 */
export default async function serverTemplate() {
  if (!existsSync("build/server/index.js") || process.env.E2E_TEMPLATE_DIR) return;
  const template = await makeTemplate();
  process.env.E2E_TEMPLATE_DIR = template;
  return () => rmSync(template, { recursive: true, force: true });
}
