/**
 * A canary release that fails, end to end: a version of mf-support whose /news page throws on render is published
 * (a real build, MERIDIAN_TEST_BROKEN_EXPOSE), an admin sends it to 50 % of devices on /ops/remotes, browser contexts
 * with distinct device ids drive sessions (each on its side of the canary, the same at every visit), the failures
 * reach the server through the host's health reports, the release guard aborts the canary by itself within 60 s of
 * the first failing session, and every context runs the previous version again at its next navigation inside the
 * app. The audit log holds `remote.auto_abort` with the figures; the dashboard counts it.
 *
 * Prints: the time from the first failing session to the automatic abort, and the share of canary sessions that saw
 * the failing version after the abort (target 0 after their next navigation).
 *
 * A server of its own: the guard checks every 2 s and acts from 4 canary sessions (CANARY_MIN_SESSIONS), so the
 * test needs few sessions; the rule is the production one otherwise.
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { expect, test } from '@playwright/test';
import type { APIRequestContext, Browser, BrowserContext, Page } from '@playwright/test';
import { inCanary } from '@meridian/shared/pure';
import { baseUrl, expectPage, staticDir, withLanguage } from '../support/app';
import { createOps, opsToken, withOpsSession } from '../support/ops';
import { serverOfItsOwn } from '../support/server';

const run = promisify(execFile);
const ROOT = path.resolve(__dirname, '../..');
const REMOTE = 'mf-support';
/** Canary tabs (sessions) driven, and the sessions the rule waits for: all of them. */
const CANARY_TABS = 4;
const MIN_SESSIONS = CANARY_TABS;

serverOfItsOwn({ CANARY_MIN_SESSIONS: String(MIN_SESSIONS), RELEASE_CHECK_SECONDS: '2' });

type Entry = {
  current: string;
  canary?: { version: string; percent: number };
  versions: { version: string }[];
};
const readEntry = (): Entry =>
  (
    JSON.parse(fs.readFileSync(path.join(staticDir(), 'remotes.json'), 'utf8')) as {
      remotes: Record<string, Entry>;
    }
  ).remotes[REMOTE]!;

type Device = {
  id: string;
  canary: boolean;
  context: BrowserContext;
  page: Page;
  /** The mf-support versions whose remoteEntry.js this device loaded, in order. */
  entries: string[];
};

async function openDevice(browser: Browser, id: string, canary: boolean): Promise<Device> {
  const context = await browser.newContext();
  await withLanguage(context, 'en');
  // The device id the host reads (deviceId(), local storage `meridian.device`).
  await context.addInitScript((device) => localStorage.setItem('meridian.device', device), id);
  const page = await context.newPage();
  const entries: string[] = [];
  page.on('request', (r) => {
    const m = r.url().match(/\/remotes\/mf-support\/([^/]+)\/remoteEntry\.js/);
    if (m?.[1]) entries.push(decodeURIComponent(m[1]));
  });
  return { id, canary, context, page, entries };
}

/** Inside the app, as a tap does (the router), not a page load. */
const navigate = (page: Page, to: string) =>
  page.evaluate((p) => {
    window.history.pushState({}, '', p);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, to);

type AuditRow = {
  action: string;
  at: number;
  actor_email: string;
  object_id: string | null;
  summary: string;
};

async function auditRows(request: APIRequestContext, token: string, action: string): Promise<AuditRow[]> {
  const res = await request.get(`${baseUrl()}/api/ops/audit?action=${action}`, {
    headers: { authorization: token, lang: 'en', 'x-ops-passive': '1' },
  });
  const body = (await res.json()) as { code: number; data: { data: AuditRow[] } };
  expect(body.code).toBe(1);
  return body.data.data;
}

test('a failing canary is aborted by the server within 60 s, and every device is back on the previous version at its next navigation', async ({
  browser,
  request,
}) => {
  test.setTimeout(480_000);
  const env = { ...process.env, STATIC_DIR: staticDir() };
  const start = readEntry().current;

  // A version of mf-support whose /news page throws on render, published release-ready (a real build).
  await run('node', ['tools/mf.mjs', 'publish', REMOTE], {
    cwd: ROOT,
    env: { ...env, MERIDIAN_TEST_BROKEN_EXPOSE: './NewsPage', MF_BUILD_ID: `broken-${Date.now()}` },
    timeout: 240_000,
  });
  const broken = readEntry().versions.at(-1)!.version;
  expect(broken).not.toBe(start);
  expect(readEntry().current).toBe(start);

  // An admin sends it to 50 % of devices on /ops/remotes (the share field says why 150 is refused first).
  const admin = await createOps('admin', 'canary');
  const session = await opsToken(request, admin);
  const opsContext = await browser.newContext({ viewport: { width: 1280, height: 800 }, isMobile: false });
  await withLanguage(opsContext, 'en');
  await withOpsSession(opsContext, session);
  const ops = await opsContext.newPage();
  await ops.goto(`${baseUrl()}/ops/remotes`);
  const card = ops.getByTestId(`ops-remote-${REMOTE}`);
  await card.getByTestId(`ops-canary-select-${REMOTE}`).selectOption(broken);
  const share = card.getByTestId(`ops-canary-percent-${REMOTE}`);
  await share.fill('150');
  await expect(share).toHaveValue('150');
  await expect(card.getByTestId(`ops-canary-percent-${REMOTE}-error`)).toBeVisible();
  await expect(card.getByTestId(`ops-canary-start-${REMOTE}`)).toBeDisabled();
  await share.fill('50');
  await card.getByTestId(`ops-canary-start-${REMOTE}`).click();
  await ops.getByRole('dialog').getByRole('button', { name: 'Start canary' }).click();
  await expect(card.getByTestId(`ops-canary-version-${REMOTE}`)).toHaveText(broken);
  expect(readEntry().canary).toMatchObject({ version: broken, percent: 50 });

  // Four devices in the canary's half, four outside, by the host's own rule. A session is a tab (its id lives in
  // session storage through reloads), so four canary tabs are four sessions. Shaped as deviceId() makes them
  // (22 characters of base64url), or the host would make its own.
  const ids = Array.from({ length: 400 }, (_, i) => `e2e-canary-dev-${String(i).padStart(7, '0')}`);
  const inside = ids.filter((id) => inCanary(id, REMOTE, broken, 50)).slice(0, CANARY_TABS);
  const outside = ids.filter((id) => !inCanary(id, REMOTE, broken, 50)).slice(0, CANARY_TABS);
  const devices = [
    ...(await Promise.all(inside.map((id) => openDevice(browser, id, true)))),
    ...(await Promise.all(outside.map((id) => openDevice(browser, id, false)))),
  ];

  // Each device opens /news twice (the second a reload: the same tab, the same session) and the tab stays there:
  // the canary's half on the failing page. The last canary tab goes last and once: the rule may act only from its
  // session on (CANARY_MIN_SESSIONS = the canary tabs), so no device meets an aborted canary half-way.
  const visit = async (d: Device) => {
    if (d.canary) {
      const failed = d.page.getByTestId('remote-failed');
      await expect(failed).toBeVisible();
      await expect(failed).toHaveAttribute('data-remote', REMOTE);
    } else {
      await expectPage(d.page, '/news');
    }
  };
  const last = devices.filter((d) => d.canary).at(-1)!;
  let firstFailingAt = 0;
  for (const d of devices.filter((x) => x !== last)) {
    await d.page.goto(`${baseUrl()}/news`);
    await visit(d);
    if (d.canary) firstFailingAt ||= Date.now();
    await d.page.reload();
    await visit(d);
  }
  // Sticky: both visits of a device loaded the same version, the canary's inside its half only.
  for (const d of devices.filter((x) => x !== last)) {
    expect([d.id, d.entries]).toEqual([d.id, Array(2).fill(d.canary ? broken : start)]);
  }
  await last.page.goto(`${baseUrl()}/news`);
  await visit(last);
  const enoughAt = Date.now();
  expect(last.entries).toEqual([broken]);

  // The guard stops it by itself, within 60 s of the first failing session.
  let rows: AuditRow[] = [];
  await expect
    .poll(
      async () => {
        rows = await auditRows(request, session.token, 'remote.auto_abort');
        return rows.length;
      },
      { timeout: Math.max(1000, firstFailingAt + 60_000 - Date.now()), intervals: [1000] },
    )
    .toBe(1);
  const row = rows[0]!;
  const abortedAt = row.at;
  expect(readEntry().canary).toBeUndefined();
  expect(readEntry().current).toBe(start);
  expect(row).toMatchObject({ actor_email: 'auto:release-guard', object_id: REMOTE });
  const figures = JSON.parse(row.summary) as {
    reason: string;
    canary: { version: string; sessions: number; error_sessions: number; error_rate: number };
    current: { version: string; sessions: number; error_rate: number };
  };
  expect(figures.reason).toBe('errors');
  expect(figures.canary.version).toBe(broken);
  expect(figures.canary.sessions).toBeGreaterThanOrEqual(MIN_SESSIONS);
  expect(figures.canary.error_sessions).toBeGreaterThan(0);
  expect(figures.current.version).toBe(start);

  // Every open tab, at its next navigation inside the app (no reload), runs the previous version.
  const before = devices.map((d) => d.entries.length);
  let sawBroken = 0;
  for (const [i, d] of devices.entries()) {
    await navigate(d.page, '/rank');
    await expectPage(d.page, '/rank');
    await navigate(d.page, '/news');
    await expectPage(d.page, '/news');
    await expect(d.page.getByTestId('remote-failed')).toHaveCount(0);
    const after = d.entries.slice(before[i]);
    if (d.canary && after.includes(broken)) sawBroken++;
    // A tab of the canary's half loads the previous version, once; the others run it already.
    expect([d.id, after]).toEqual([d.id, d.canary ? [start] : []]);
  }
  // A fresh page load of a canary device: the previous version too.
  const fresh = devices.find((d) => d.canary)!;
  await fresh.page.goto(`${baseUrl()}/news`);
  await expectPage(fresh.page, '/news');
  expect(fresh.entries.at(-1)).toBe(start);

  // Shown to ops: the dashboard's count, the remote's card.
  await ops.goto(`${baseUrl()}/ops`);
  await expect(ops.getByTestId('ops-count-remotes.auto_stopped')).toContainText('1');
  await ops.goto(`${baseUrl()}/ops/remotes`);
  await expect(ops.getByTestId(`ops-stopped-${REMOTE}`)).toContainText(broken);

  const canaryDevices = devices.filter((d) => d.canary).length;
  console.log(
    `[canary] time from the first failing session to the automatic abort: ${((abortedAt - firstFailingAt) / 1000).toFixed(1)} s`,
  );
  console.log(
    `[canary] time from the session that made the rule able to act (the ${MIN_SESSIONS}th) to the abort: ${((abortedAt - enoughAt) / 1000).toFixed(1)} s`,
  );
  console.log(
    `[canary] canary sessions that saw the failing version after the abort, at their next navigation: ${sawBroken} of ${canaryDevices} (${((sawBroken / canaryDevices) * 100).toFixed(0)} %)`,
  );
  console.log(
    `[canary] figures: canary ${figures.canary.error_sessions}/${figures.canary.sessions} sessions with errors (${figures.canary.error_rate} %), current ${figures.current.error_rate} % of ${figures.current.sessions}`,
  );
  expect(sawBroken).toBe(0);
  await Promise.all([...devices.map((d) => d.context.close()), opsContext.close()]);
});
