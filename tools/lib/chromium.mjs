// Debian's Chromium for end-to-end tests and benches; no test tool ever downloads a browser.
import fs from 'node:fs';
import { sh } from './sh.mjs';

export async function ensureChromium() {
  const exe = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
  if (fs.existsSync(exe)) return exe;
  if (process.env.CHROMIUM_PATH) throw new Error(`CHROMIUM_PATH=${exe} does not exist.`);
  if (typeof process.getuid === 'function' && process.getuid() === 0) {
    console.log('[chromium] /usr/bin/chromium missing: apt-get install -y chromium');
    await sh('apt-get', ['update', '-qq']);
    await sh('apt-get', ['install', '-y', '-qq', 'chromium'], { env: { DEBIAN_FRONTEND: 'noninteractive' } });
    if (fs.existsSync(exe)) return exe;
  }
  throw new Error(
    'Chromium is needed for the end-to-end tests and was not found at /usr/bin/chromium.\n' +
      'Install it (as root: apt-get install -y chromium) or set CHROMIUM_PATH to a Chromium binary.',
  );
}
