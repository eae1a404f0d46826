/**
 * The one way a test, a drill, a bench or the end-to-end set-up runs the real server as a child process: Node with
 * the tsx loader in-process (not the tsx CLI, whose own child a SIGKILL would orphan), on a free port of 127.0.0.1,
 * answered when GET /healthz says 200. `tools/scale.mjs` uses it too (run with the tsx loader).
 */
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';

export const SERVER_DIR = path.join(__dirname, '..');

/** A port free on 127.0.0.1 now (the OS picks it). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
    s.on('error', reject);
  });
}

export type ChildServer = {
  proc: ChildProcess;
  port: number;
  base: string;
  /** What the server printed so far ('' when its output is not captured). */
  log: () => string;
  /** SIGKILL, resolved when it is gone. */
  kill9: () => Promise<void>;
  /** A signal (SIGTERM by default), resolved with the exit code. */
  stop: (signal?: NodeJS.Signals) => Promise<number | null>;
};

export type SpawnOptions = {
  /** The port to listen on (a free one by default). */
  port?: number;
  /** 'capture' keeps stdout and stderr for `log()`; 'ignore'; or a file descriptor both go to. */
  output?: 'capture' | 'ignore' | number;
};

/** Starts the server with `env` over this process's environment and the port; does not wait for it. */
export async function spawnServer(
  env: Record<string, string>,
  opts: SpawnOptions = {},
): Promise<ChildServer> {
  const port = opts.port ?? (await freePort());
  const output = opts.output ?? 'capture';
  let out = '';
  const proc = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: SERVER_DIR,
    env: { ...process.env, HOST: '127.0.0.1', ...env, PORT: String(port) },
    stdio: output === 'capture' ? ['ignore', 'pipe', 'pipe'] : ['ignore', output, output],
  });
  if (output === 'capture') {
    proc.stdout?.on('data', (d: Buffer) => (out += d.toString()));
    proc.stderr?.on('data', (d: Buffer) => (out += d.toString()));
  }
  const gone = () => proc.exitCode !== null || proc.signalCode !== null;
  const stop = (signal: NodeJS.Signals = 'SIGTERM') =>
    new Promise<number | null>((resolve) => {
      const done = () => {
        proc.stdout?.destroy();
        proc.stderr?.destroy();
        resolve(proc.exitCode);
      };
      if (gone()) return done();
      proc.once('exit', done);
      proc.kill(signal);
    });
  return {
    proc,
    port,
    base: `http://127.0.0.1:${port}`,
    log: () => out,
    kill9: () => stop('SIGKILL').then(() => undefined),
    stop,
  };
}

/** Waits until GET /healthz answers 200; fails with the server's output if it exits first or the time runs out. */
export async function waitHealthy(server: ChildServer, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (server.proc.exitCode !== null) throw new Error(`server exited early:\n${server.log()}`);
    try {
      // A connection of its own: nothing kept alive to a server about to be killed.
      const r = await fetch(`${server.base}/healthz`, { headers: { connection: 'close' } });
      if (r.status === 200) return;
    } catch {
      /* not up yet */
    }
    if (Date.now() > deadline)
      throw new Error(`server did not start within ${timeoutMs} ms:\n${server.log()}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** `spawnServer`, then `waitHealthy`. */
export async function startServer(
  env: Record<string, string>,
  opts: SpawnOptions & { timeoutMs?: number } = {},
): Promise<ChildServer> {
  const server = await spawnServer(env, opts);
  try {
    await waitHealthy(server, opts.timeoutMs);
  } catch (e) {
    await server.kill9();
    throw e;
  }
  return server;
}
