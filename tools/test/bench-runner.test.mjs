// The bench runner's smoke guarantees (tools/run.mjs runBench): a figure counts, no figure is seen, a bench that
// hangs is killed at its timeout with what it started.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { runBench } from '../run.mjs';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'meridian-bench-runner-'));
const bench = (name, body) => {
  const file = path.join(dir, `${name}.bench.mjs`);
  fs.writeFileSync(file, body);
  return file;
};

test('a bench that prints figures passes with their count', async () => {
  const r = await runBench(
    bench('good', "console.log('[figure] x: 1x');\nconsole.log('[figure] y: 2 ms');"),
    {
      env: {},
      timeoutMs: 30_000,
    },
  );
  assert.deepEqual([r.code, r.timedOut, r.figures], [0, false, 2]);
});

test('a bench that prints no figure is seen', async () => {
  const r = await runBench(bench('silent', "console.log('measured nothing');"), {
    env: {},
    timeoutMs: 30_000,
  });
  assert.deepEqual([r.code, r.figures], [0, 0]);
});

test('a bench that hangs is killed at its timeout, with the process it started', async () => {
  const pidFile = path.join(dir, 'child.pid');
  const file = bench(
    'hang',
    `import { spawn } from 'node:child_process';
import fs from 'node:fs';
const c = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { stdio: 'ignore' });
fs.writeFileSync(${JSON.stringify(pidFile)}, String(c.pid));
setInterval(() => {}, 1000);`,
  );
  const started = Date.now();
  const r = await runBench(file, { env: {}, timeoutMs: 15_000 }); // tsx starts slowly on a loaded machine
  assert.equal(r.timedOut, true);
  assert.ok(Date.now() - started < 30_000);
  const pid = Number(fs.readFileSync(pidFile, 'utf8'));
  await new Promise((res) => setTimeout(res, 300));
  // Gone, or a zombie waiting for a parent that never reaps it (a container's init): not running either way.
  const state = (() => {
    try {
      return fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.[0];
    } catch {
      return 'gone';
    }
  })();
  assert.ok(state === 'gone' || state === 'Z', `the child the bench started is still running (${state})`);
});
