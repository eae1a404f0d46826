/**
 * Deploys a copy of the built product into a temporary folder and starts the real server on it, on a free port,
 * with its own embedded database. Tests read E2E_BASE_URL and E2E_STATIC_DIR; the returned function stops it all.
 */
import { startServer } from './support/server';

export default async function globalSetup(): Promise<() => Promise<void>> {
  const server = await startServer();
  process.env.E2E_BASE_URL = server.baseUrl;
  process.env.E2E_STATIC_DIR = server.staticDir;
  // The ops specs create back-office accounts with `npm run ops` on the same embedded database.
  process.env.E2E_DATA_DIR = server.dataDir;
  return server.stop;
}
