// Debian's redis-server for the scale run and the Redis outage test, which start private ones on spare ports.
import { spawnSync } from 'node:child_process';
import { sh } from './sh.mjs';

const present = () => spawnSync('sh', ['-c', 'command -v redis-server'], { stdio: 'ignore' }).status === 0;

export async function ensureRedisServer() {
  if (present()) return;
  if (typeof process.getuid === 'function' && process.getuid() === 0) {
    console.log('[redis] redis-server missing: apt-get install -y redis-server');
    await sh('apt-get', ['update', '-qq']);
    await sh('apt-get', ['install', '-y', '-qq', 'redis-server'], {
      env: { DEBIAN_FRONTEND: 'noninteractive' },
    });
    if (present()) return;
  }
  throw new Error('redis-server is needed (as root: apt-get install -y redis-server).');
}
