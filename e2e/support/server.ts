/**
 * Deploys a copy of the built product into a temporary folder and starts the real server on it, on a free port,
 * with its own embedded database. global-setup.ts starts the suites' server with it; a spec that needs a server
 * configured otherwise (a short ops idle limit) starts its own.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test } from '@playwright/test';
import { startServer as startChild } from '../../server/scripts/child-server';
import type { ChildServer } from '../../server/scripts/child-server';

const ROOT = path.resolve(__dirname, '../..');

export type E2eServer = { baseUrl: string; staticDir: string; dataDir: string; stop: () => Promise<void> };

/** Start a server on a copy of dist/, with `env` on top of the e2e defaults. */
export async function startServer(env: Record<string, string> = {}): Promise<E2eServer> {
  const dist = path.join(ROOT, 'dist');
  if (
    !fs.existsSync(path.join(dist, 'remotes.json')) ||
    !fs.existsSync(path.join(dist, 'host', 'index.html'))
  ) {
    throw new Error('No built product in dist/: run `npm run build` first (npm test does).');
  }
  const deploy = fs.mkdtempSync(path.join(os.tmpdir(), 'meridian-e2e-'));
  fs.cpSync(dist, path.join(deploy, 'dist'), { recursive: true });
  const log = fs.openSync(path.join(deploy, 'server.log'), 'w');
  let server: ChildServer;
  try {
    server = await startChild(
      {
        STATIC_DIR: path.join(deploy, 'dist'),
        DATA_DIR: path.join(deploy, 'data'),
        NODE_ENV: 'development',
        SITE_TITLE: 'Meridian Markets',
        // Every e2e request comes from one IP: raise the abuse limits so the suites never trip them.
        RATE_LIMIT_SCALE: '20',
        // A newly bound withdrawal method waits this long (24 h by default): short, so funds.spec waits it out.
        WITHDRAW_COOLING_SECONDS: '5',
        DATABASE_URL: '',
        REDIS_URL: '',
        ...env,
      },
      { output: log, timeoutMs: 60_000 },
    );
  } catch (e) {
    console.error(fs.readFileSync(path.join(deploy, 'server.log'), 'utf8').slice(-4000));
    throw e;
  }
  const baseUrl = server.base;
  return {
    baseUrl,
    staticDir: path.join(deploy, 'dist'),
    dataDir: path.join(deploy, 'data'),
    stop: async () => {
      // SIGTERM and its clean shutdown; killed if it takes longer than a few seconds.
      await Promise.race([server.stop(), new Promise((r) => setTimeout(r, 5000))]);
      await server.kill9();
      if (!process.env.E2E_KEEP) fs.rmSync(deploy, { recursive: true, force: true });
    },
  };
}

/**
 * A server of its own for the tests of the current file or `describe` block (started before them, stopped after):
 * the helpers read where the server is from the environment, so it is this server's for as long as they run, and
 * the suite's again after. Returns a getter of the server (there once the block started).
 */
export function serverOfItsOwn(env: Record<string, string> = {}): () => E2eServer {
  let server: E2eServer | undefined;
  const saved: Record<string, string | undefined> = {};
  test.beforeAll(async () => {
    test.setTimeout(120_000);
    server = await startServer(env);
    for (const k of ['E2E_BASE_URL', 'E2E_DATA_DIR', 'E2E_STATIC_DIR']) saved[k] = process.env[k];
    process.env.E2E_BASE_URL = server.baseUrl;
    process.env.E2E_DATA_DIR = server.dataDir;
    process.env.E2E_STATIC_DIR = server.staticDir;
  });
  test.afterAll(async () => {
    for (const [k, v] of Object.entries(saved)) {
      if (v === undefined) delete process.env[k];
      else process.env[k] = v;
    }
    await server?.stop();
  });
  return () => {
    if (!server) throw new Error('the server of its own is not started yet');
    return server;
  };
}
