/**
 * Release health from real sessions (docs/ops.md#release-health): a trader lands on the quotes (mf-markets), taps,
 * then opens a page of mf-support that throws on render; it is caught by the route's boundary, the host's beacons
 * reach the server when the tab leaves each page (the vitals of the landing page given to mf-markets), and the back
 * office's /ops/remotes shows the error for that version, with the remote's own stack frame.
 *
 * The failing page is made in the browser: the response of mf-support's exposed FeedbackPage module is rewritten so
 * that its default export (the page component) throws. Nothing is published. The spec has a server of its own, so
 * the figures it reads are its tab's alone. Beacons sent while a page unloads are not seen by Playwright (neither
 * as requests nor by routes), so what they carried is read back from the server.
 */
import crypto from 'node:crypto';
import { expect, test } from '@playwright/test';
import type { APIRequestContext } from '@playwright/test';
import type { OpsRemotesHealth } from '@meridian/shared/pure';
import { baseUrl, demoSession, expectPage, signIn, withLanguage } from '../support/app';
import { createOps, opsToken, withOpsSession } from '../support/ops';
import { serverOfItsOwn } from '../support/server';

serverOfItsOwn();

const EXPOSED = /\/remotes\/mf-support\/([^/]+)\/__federation_expose_FeedbackPage\.[0-9a-f]+\.js$/;

async function health(request: APIRequestContext, token: string): Promise<OpsRemotesHealth> {
  const res = await request.get(`${baseUrl()}/api/ops/remotes/health?window=15`, {
    headers: { authorization: token, lang: 'en' },
  });
  const body = (await res.json()) as { code: number; data: OpsRemotesHealth };
  expect(body.code).toBe(1);
  return body.data;
}

test('a remote page that throws is reported, and /ops/remotes shows the error for that version', async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  // Letters only: the host takes any run of 6 digits out of an error message (a uid, an account), and a hex tag has
  // one about 1 time in 10 — which then reads `e2e-5c[n]` on the dashboard (CI failed on it once).
  const tag = `e2e-${[...crypto.randomBytes(8)].map((b) => String.fromCharCode(97 + (b % 26))).join('')}`;
  const admin = await createOps('admin', 'health');
  const ops = await opsToken(request, admin);

  // A trader's tab where mf-support's feedback page throws when it renders.
  const trader = await browser.newContext();
  await withLanguage(trader, 'en');
  await signIn(trader, await demoSession(request));
  let version = '';
  await trader.route(EXPOSED, async (route) => {
    const res = await route.fetch();
    const code = await res.text();
    // `__webpack_require__.d(exports, { default: () => Page })`: the page becomes a component that throws.
    const broken = code.replace(
      /\{default:\(\)=>[A-Za-z_$][\w$]*\}/,
      `{default:()=>function E2eBrokenPage(){throw new Error("${tag}: rows is undefined")}}`,
    );
    expect(broken, 'the exposed module has the shape this spec rewrites').not.toBe(code);
    version = EXPOSED.exec(new URL(route.request().url()).pathname)?.[1] ?? '';
    await route.fulfill({ response: res, body: broken });
  });
  const page = await trader.newPage();
  // Landing on the quotes: the first price, then a tap loads the reader of errors and vitals (web-vitals).
  const late = () => page.waitForResponse(/\/telemetry\.[0-9a-f]+\.js$/);
  let loaded = late();
  await page.goto(`${baseUrl()}/`);
  // The list and a price in it (its text, not its box: rows are `content-visibility: auto`, which a loaded machine
  // may not have laid out yet when first asked).
  await expect(page.getByTestId('market-list')).toBeVisible();
  await expect(page.getByTestId('row-price').first()).toHaveText(/\d/);
  await page.getByTestId('category-chips').locator('button').first().click();
  await loaded;
  // Leaving the page hides it: web-vitals reports, and a beacon takes LCP and CLS (and INP) to mf-markets.
  loaded = late();
  await page.goto(`${baseUrl()}/feedback`);
  const failed = page.getByTestId('remote-failed');
  await expect(failed).toBeVisible();
  await expect(failed).toHaveAttribute('data-remote', 'mf-support');
  expect(version).toMatch(/^\d{8}-\d{6}-[0-9a-f]+$/);
  // The error is read by the chunk that loads at the first error; leaving the page sends its beacon.
  await loaded;
  await page.goto(`${baseUrl()}/rank`);
  await expectPage(page, '/rank');

  // The server has it for that version, from this tab alone.
  await expect
    .poll(
      async () => {
        const support = (await health(request, ops.token)).remotes.find((r) => r.remote === 'mf-support');
        const v = support?.versions.find((x) => x.version === version);
        return v && { sessions: v.sessions, errorSessions: v.error_sessions, renderErrors: v.render_errors };
      },
      { timeout: 30_000 },
    )
    .toEqual({ sessions: 1, errorSessions: 1, renderErrors: 1 });
  const markets = (await health(request, ops.token)).remotes.find((r) => r.remote === 'mf-markets');
  const landing = markets?.versions.find((v) => v.current);
  expect(landing).toMatchObject({ sessions: 1, error_sessions: 0, render_errors: 0 });
  expect(landing?.loads).toBeGreaterThanOrEqual(1);
  expect(landing?.lcp_p75).toBeGreaterThan(0);
  expect(landing?.cls_p75).not.toBeNull();
  await trader.close();

  // The back office shows it on /ops/remotes, on a desktop and on a phone.
  for (const viewport of [
    { width: 1280, height: 800, isMobile: false },
    { width: 390, height: 844, isMobile: true },
  ]) {
    const context = await browser.newContext({
      viewport: { width: viewport.width, height: viewport.height },
      isMobile: viewport.isMobile,
    });
    await withLanguage(context, 'en');
    await withOpsSession(context, ops);
    const opsPage = await context.newPage();
    await opsPage.goto(`${baseUrl()}/ops/remotes`);
    await opsPage.getByTestId('ops-health-period').selectOption('15');
    const id = `health-mf-support-${version}`;
    const row = opsPage.getByTestId(id);
    await expect(row.getByTestId(`${id}-render-errors`)).toHaveText(/Page errors\s*1/);
    await expect(row.getByTestId(`${id}-error-rate`)).toContainText('100%');
    const errors = row.getByTestId(`${id}-errors`);
    await expect(errors).toContainText(`${tag}: rows is undefined`);
    await expect(errors).toContainText(
      `E2eBrokenPage (/remotes/mf-support/${version}/__federation_expose_FeedbackPage.`,
    );
    await expect(opsPage.getByTestId(`health-mf-markets-${landing?.version}-lcp`)).not.toContainText('—');
    // Screens to look at (E2E_SCREENSHOTS=<folder>): the section's top, and the failing version.
    const shots = process.env.E2E_SCREENSHOTS;
    if (shots) {
      await opsPage.getByTestId('ops-remote-health').scrollIntoViewIfNeeded();
      await opsPage.screenshot({ path: `${shots}/ops-remote-health-${viewport.width}-top.png` });
      await row.scrollIntoViewIfNeeded();
      await opsPage.screenshot({ path: `${shots}/ops-remote-health-${viewport.width}-error.png` });
    }
    await context.close();
  }
});
