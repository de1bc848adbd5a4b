import { test } from "@playwright/test";

/** The shared server the running test's project uses (see global-setup.ts): its address and files. */
export function sharedServer() {
  const writers = test.info().project.name === "mutating";
  const env = (name: string) => {
    const value = process.env[writers ? `E2E_WRITERS_${name}` : `E2E_${name}`];
    if (!value) throw new Error(`E2E_${name} is not set: the suite's global setup did not run`);
    return value;
  };
  return { baseURL: env("BASE_URL"), databasePath: env("DATABASE_PATH"), uploadsDir: env("UPLOADS_DIR") };
}
