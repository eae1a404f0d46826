/**
 * Deploys a copy of the built product into a temporary folder and starts the real server on it, on a free port,
 * with its own embedded database. global-setup.ts starts the suites' server with it; a spec that needs a server
 * configured otherwise (a short ops idle limit) starts its own.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '../..');

export type E2eServer = { baseUrl: string; staticDir: string; dataDir: string; stop: () => Promise<void> };

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

async function waitForHealth(url: string, ms: number): Promise<void> {
  const until = Date.now() + ms;
  let last: unknown;
  while (Date.now() < until) {
    try {
      const res = await fetch(url);
      if (res.ok) return;
    } catch (e) {
      last = e;
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`server did not become healthy at ${url}: ${String(last)}`);
}

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
  const port = await freePort();
  const log = fs.openSync(path.join(deploy, 'server.log'), 'w');
  const server = spawn(path.join(ROOT, 'node_modules/.bin/tsx'), ['src/main.ts'], {
    cwd: path.join(ROOT, 'server'),
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
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
    stdio: ['ignore', log, log],
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  try {
    await waitForHealth(`${baseUrl}/healthz`, 60_000);
  } catch (e) {
    server.kill('SIGKILL');
    console.error(fs.readFileSync(path.join(deploy, 'server.log'), 'utf8').slice(-4000));
    throw e;
  }
  return {
    baseUrl,
    staticDir: path.join(deploy, 'dist'),
    dataDir: path.join(deploy, 'data'),
    stop: async () => {
      server.kill('SIGTERM');
      await new Promise((r) => setTimeout(r, 300));
      if (!process.env.E2E_KEEP) fs.rmSync(deploy, { recursive: true, force: true });
    },
  };
}
