/**
 * Failure isolation and independent release: each remote made unreachable in turn shows its fallback while the
 * shell and the other remotes work, and retry recovers once it is back; a release then a rollback of one remote
 * changes what a fresh page load runs, with no host rebuild and no other remote touched; the same from /ops/remotes.
 */
import { execFile } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import { REMOTES } from '../../config/remotes.mjs';
import { baseUrl, demoSession, expectPage, signIn, staticDir, withLanguage } from '../support/app';
import { createOps, opsToken, withOpsSession } from '../support/ops';

const run = promisify(execFile);
const ROOT = path.resolve(__dirname, '../..');

/** For each remote: a route it renders, and a route of another remote to prove the rest still works. */
const CASES = [
  { remote: 'mf-markets', route: '/rank', other: '/order' },
  { remote: 'mf-orders', route: '/order', other: '/rank' },
  { remote: 'mf-funds', route: '/mine/history', other: '/rank' },
  { remote: 'mf-account', route: '/user', other: '/rank' },
  { remote: 'mf-support', route: '/news', other: '/rank' },
];

test.describe('a remote that is down', () => {
  test.beforeEach(async ({ context, request }) => {
    await withLanguage(context, 'en');
    await signIn(context, await demoSession(request));
  });

  for (const c of CASES) {
    test(`${c.remote} down: fallback, the rest works, retry recovers`, async ({ page }) => {
      let down = true;
      await page.route(`**/remotes/${c.remote}/**`, (route) =>
        down ? route.abort('connectionrefused') : route.continue(),
      );

      await page.goto(`${baseUrl()}${c.route}`);
      const failed = page.getByTestId('remote-failed');
      await expect(failed).toBeVisible();
      await expect(failed).toHaveAttribute('data-remote', c.remote);
      await expect(failed.getByRole('heading')).toHaveText('This section could not be loaded');

      // A fresh start with the remote still down: the shell and another remote come up (loaded-first sharing).
      await page.goto(`${baseUrl()}${c.other}`);
      await expectPage(page, c.other);
      // And moving inside the app to the broken route and back again keeps working.
      await page.goto(`${baseUrl()}${c.route}`);
      await expect(failed).toBeVisible();

      down = false;
      await failed.getByRole('button', { name: 'Try again' }).click();
      await expectPage(page, c.route);
      await expect(failed).toHaveCount(0);
    });
  }
});

type Registry = { remotes: Record<string, { current: string; versions: { version: string }[] }> };
const readRegistry = (): Registry =>
  JSON.parse(fs.readFileSync(path.join(staticDir(), 'remotes.json'), 'utf8'));

function hashTree(dir: string): string {
  const h = crypto.createHash('sha256');
  const walk = (d: string) => {
    for (const e of fs.readdirSync(d, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      const p = path.join(d, e.name);
      if (e.isDirectory()) walk(p);
      else h.update(path.relative(dir, p)).update(fs.readFileSync(p));
    }
  };
  walk(dir);
  return h.digest('hex');
}

async function loadedVersion(page: Page, remote: string): Promise<{ version: string; build: string }> {
  const entries: string[] = [];
  page.on('request', (r) => {
    const m = r.url().match(new RegExp(`/remotes/${remote}/([^/]+)/remoteEntry\\.js`));
    if (m?.[1]) entries.push(decodeURIComponent(m[1]));
  });
  await page.goto(`${baseUrl()}/news`);
  await expectPage(page, '/news');
  const build = await page.evaluate(
    (r) => (window as { mfBuild?: Record<string, string> }).mfBuild?.[r] ?? '',
    remote,
  );
  expect(entries).toHaveLength(1);
  return { version: entries[0]!, build };
}

test('release then rollback of one remote changes what a fresh page load runs, and nothing else', async ({
  browser,
}) => {
  test.setTimeout(240_000);
  const env = { ...process.env, STATIC_DIR: staticDir() };
  const before = readRegistry();
  const hostBefore = hashTree(path.join(staticDir(), 'host'));
  const buildId = `e2e-${Date.now()}`;

  const fresh = async () => {
    const context = await browser.newContext();
    await withLanguage(context, 'en');
    const page = await context.newPage();
    const v = await loadedVersion(page, 'mf-support');
    await context.close();
    return v;
  };

  const start = await fresh();
  expect(start.version).toBe(before.remotes['mf-support']!.current);

  await run('node', ['tools/mf.mjs', 'release', 'mf-support'], {
    cwd: ROOT,
    env: { ...env, MF_BUILD_ID: buildId },
    timeout: 180_000,
  });
  const released = readRegistry();
  const newVersion = released.remotes['mf-support']!.current;
  expect(newVersion).not.toBe(start.version);
  for (const r of REMOTES.filter((x) => x !== 'mf-support')) {
    expect(released.remotes[r]).toEqual(before.remotes[r]);
  }
  expect(hashTree(path.join(staticDir(), 'host'))).toBe(hostBefore);

  const afterRelease = await fresh();
  expect(afterRelease).toEqual({ version: newVersion, build: buildId });

  await run('node', ['tools/mf.mjs', 'rollback', 'mf-support'], { cwd: ROOT, env, timeout: 30_000 });
  const rolledBack = readRegistry();
  expect(rolledBack.remotes['mf-support']!.current).toBe(start.version);
  for (const r of REMOTES.filter((x) => x !== 'mf-support')) {
    expect(rolledBack.remotes[r]).toEqual(before.remotes[r]);
  }
  // The released version stays online for tabs that still run it.
  expect(fs.existsSync(path.join(staticDir(), 'remotes', 'mf-support', newVersion, 'remoteEntry.js'))).toBe(
    true,
  );

  const afterRollback = await fresh();
  expect(afterRollback.version).toBe(start.version);
  expect(afterRollback.build).toBe(start.build);
});

test('an admin releases then rolls back mf-support from /ops/remotes; a fresh page load runs what is current', async ({
  browser,
  request,
}) => {
  test.setTimeout(240_000);
  const env = { ...process.env, STATIC_DIR: staticDir() };
  const buildId = `ops-e2e-${Date.now()}`;
  const fresh = async () => {
    const context = await browser.newContext();
    await withLanguage(context, 'en');
    const page = await context.newPage();
    const v = await loadedVersion(page, 'mf-support');
    await context.close();
    return v;
  };
  const start = await fresh();
  // A team publishes a release-ready version; nothing changes for traders until someone makes it current.
  await run('node', ['tools/mf.mjs', 'publish', 'mf-support'], {
    cwd: ROOT,
    env: { ...env, MF_BUILD_ID: buildId },
    timeout: 180_000,
  });
  const published = readRegistry().remotes['mf-support']!;
  expect(published.current).toBe(start.version);
  const ready = published.versions.at(-1)!.version;
  expect(ready).not.toBe(start.version);
  expect((await fresh()).version).toBe(start.version);

  const admin = await createOps('admin', 'release');
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, isMobile: false });
  await withLanguage(context, 'en');
  await withOpsSession(context, await opsToken(request, admin));
  const page = await context.newPage();
  await page.goto(`${baseUrl()}/ops/remotes`);
  const card = page.getByTestId('ops-remote-mf-support');
  await card.getByTestId(`ops-make-current-${ready}`).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Make current' }).click();
  await expect(card.getByTestId('ops-remote-current-mf-support')).toHaveText(ready);
  expect(readRegistry().remotes['mf-support']!.current).toBe(ready);
  expect(await fresh()).toEqual({ version: ready, build: buildId });

  await card.getByTestId('ops-rollback-mf-support').click();
  await page.getByRole('dialog').getByRole('button', { name: 'Roll back' }).click();
  await expect(card.getByTestId('ops-remote-current-mf-support')).toHaveText(start.version);
  const after = await fresh();
  expect(after).toEqual(start);
  // Both are in the audit log, with who did them.
  await page.goto(`${baseUrl()}/ops/audit?action=remote.`);
  const rows = page.getByTestId('ops-audit-table').locator('tr[data-action^="remote."]');
  await expect(rows.first()).toContainText(admin.email);
  await expect(
    page.getByTestId('ops-audit-table').locator('tr[data-action="remote.release"]').first(),
  ).toContainText(ready);
  await context.close();
});

test('an open tab hears of a release on the socket and loads it at its next navigation into the remote, once', async ({
  page,
  context,
}) => {
  test.setTimeout(240_000);
  const env = { ...process.env, STATIC_DIR: staticDir() };
  const otherThan = (current: string) =>
    readRegistry()
      .remotes['mf-support']!.versions.map((v) => v.version)
      .find((v) => v !== current);
  const start = readRegistry().remotes['mf-support']!.current;
  // Another version online: the tests above publish one; alone, this test publishes its own (a build).
  if (!otherThan(start))
    await run('node', ['tools/mf.mjs', 'publish', 'mf-support'], { cwd: ROOT, env, timeout: 180_000 });
  const other = otherThan(start)!;
  await withLanguage(context, 'en');
  const entries: string[] = [];
  page.on('request', (r) => {
    const m = r.url().match(/\/remotes\/mf-support\/([^/]+)\/remoteEntry\.js/);
    if (m?.[1]) entries.push(decodeURIComponent(m[1]));
  });
  let heard = false;
  page.on('websocket', (ws) =>
    ws.on('framereceived', (f) => {
      if (typeof f.payload === 'string' && f.payload.includes('"REMOTES"') && f.payload.includes(other))
        heard = true;
    }),
  );
  await page.goto(`${baseUrl()}/news`);
  await expectPage(page, '/news');
  expect(entries).toEqual([start]);
  // A mark that a reload would wipe.
  await page.evaluate(() => ((window as { stay?: boolean }).stay = true));

  try {
    await run('node', ['tools/mf.mjs', 'release', 'mf-support', other], { cwd: ROOT, env, timeout: 30_000 });
    await expect.poll(() => heard, { timeout: 15_000 }).toBe(true);
    // The page on screen is left as it is: no reload, no swap.
    expect(await page.evaluate(() => (window as { stay?: boolean }).stay)).toBe(true);
    expect(entries).toEqual([start]);

    // Away and back inside the app (the router, as a tap does): the new version loads there, once.
    const go = (to: string) =>
      page.evaluate((p) => {
        window.history.pushState({}, '', p);
        window.dispatchEvent(new PopStateEvent('popstate'));
      }, to);
    await go('/rank');
    await expectPage(page, '/rank');
    await go('/news');
    await expectPage(page, '/news');
    await expect.poll(() => entries).toEqual([start, other]);
    expect(await page.evaluate(() => (window as { stay?: boolean }).stay)).toBe(true);
    await page.waitForTimeout(2000);
    expect(entries).toEqual([start, other]);
  } finally {
    await run('node', ['tools/mf.mjs', 'release', 'mf-support', start], { cwd: ROOT, env, timeout: 30_000 });
  }
});

test('a remote built against another contract is refused at release, and at load the host runs the last one that fits', async ({
  page,
  context,
}) => {
  test.setTimeout(240_000);
  const env = { ...process.env, STATIC_DIR: staticDir() };
  const start = readRegistry().remotes['mf-support']!.current;
  // A build of mf-support made against @meridian/shared 9.x (the host serves 0.x): published release-ready.
  await run('node', ['tools/mf.mjs', 'publish', 'mf-support'], {
    cwd: ROOT,
    env: { ...env, MERIDIAN_TEST_CONTRACT: '9.0.0', MF_BUILD_ID: `contract-${Date.now()}` },
    timeout: 180_000,
  });
  const entry = readRegistry().remotes['mf-support']!;
  const wrong = entry.versions.at(-1)!.version;
  expect(entry.versions.at(-1)).toMatchObject({ contract: '^9.0.0' });
  expect(entry.current).toBe(start);

  // The CLI refuses to make it current, and says why.
  const refused = await run('node', ['tools/mf.mjs', 'release', 'mf-support', wrong], {
    cwd: ROOT,
    env,
  }).then(
    () => null,
    (e: { stderr?: string; stdout?: string }) => `${e.stderr ?? ''}${e.stdout ?? ''}`,
  );
  expect(refused).toMatch(
    /built against @meridian\/shared \^9\.0\.0; the host serves 0\.\d+\.\d+: it cannot run it/,
  );
  expect(readRegistry().remotes['mf-support']!.current).toBe(start);

  // A registry edited by hand (or by an older tool) makes it current anyway: the host refuses it at load and runs
  // the version current before it.
  const file = path.join(staticDir(), 'remotes.json');
  const saved = fs.readFileSync(file, 'utf8');
  const reg = JSON.parse(saved) as {
    remotes: Record<
      string,
      { current: string; history: { at: string; action: string; from: string | null; to: string }[] }
    >;
  };
  reg.remotes['mf-support']!.history.push({
    at: new Date().toISOString(),
    action: 'release',
    from: start,
    to: wrong,
  });
  reg.remotes['mf-support']!.current = wrong;
  fs.writeFileSync(file, JSON.stringify(reg, null, 2));
  try {
    await withLanguage(context, 'en');
    const warnings: string[] = [];
    page.on('console', (m) => {
      if (m.type() === 'warning') warnings.push(m.text());
    });
    const entries: string[] = [];
    page.on('request', (r) => {
      const m = r.url().match(/\/remotes\/mf-support\/([^/]+)\/remoteEntry\.js/);
      if (m?.[1]) entries.push(decodeURIComponent(m[1]));
    });
    await page.goto(`${baseUrl()}/news`);
    await expectPage(page, '/news');
    expect(entries).toEqual([start]);
    expect(warnings.join('\n')).toContain(`mf-support ${wrong} needs @meridian/shared ^9.0.0`);
    expect(warnings.join('\n')).toContain(`running ${start} instead`);
  } finally {
    fs.writeFileSync(file, saved);
  }
});
