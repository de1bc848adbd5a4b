import { startServer } from "../../../scripts/lib/start-server";

/** One production server for the whole run; its address and files reach the tests through env. */
export default async function globalSetup() {
  const server = await startServer();
  process.env.E2E_BASE_URL = server.baseURL;
  process.env.E2E_DATABASE_PATH = server.databasePath;
  process.env.E2E_UPLOADS_DIR = server.uploadsDir;
  return server.stop;
}
