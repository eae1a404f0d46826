// Run a command with inherited output; reject with a clear message when it fails.
import { spawn } from 'node:child_process';
import { ROOT } from './paths.mjs';

export function sh(cmd, args, opts = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, {
      cwd: ROOT,
      stdio: 'inherit',
      ...opts,
      env: { ...process.env, ...opts.env },
    });
    child.on('error', reject);
    child.on('exit', (code, signal) => {
      if (code === 0) resolve();
      else reject(new Error(`${cmd} ${args.join(' ')} failed (${signal ?? `exit ${code}`})`));
    });
  });
}

/** The workspace's local binary (installed by pnpm at the root). */
export const bin = (name) => `${ROOT}/node_modules/.bin/${name}`;
