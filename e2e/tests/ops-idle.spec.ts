/**
 * Work is not lost at the ops idle sign-out, against a server of its own whose idle limit is
 * 40 s (OPS_IDLE_SECONDS): the frame warns before the end, "Stay signed in" really extends the session on the
 * server, the article being typed survives the sign-out on the device and comes back after signing in again; and
 * publishing to every trader asks first (item 8).
 */
import { expect, test } from '@playwright/test';
import type { APIRequestContext, Page } from '@playwright/test';
import { withLanguage } from '../support/app';
import { createOps, signInOps, totp } from '../support/ops';
import { serverOfItsOwn } from '../support/server';

const IDLE_SECONDS = 40;
const server = serverOfItsOwn({ OPS_IDLE_SECONDS: String(IDLE_SECONDS) });

/** `GET /api/ops/auth/me` as a background refresh (it does not extend the session): its code. */
async function sessionCode(request: APIRequestContext, page: Page): Promise<number> {
  const token = await page.evaluate(() => localStorage.getItem('meridian.ops.token'));
  const res = await request.get(`${server().baseUrl}/api/ops/auth/me`, {
    headers: { authorization: token ?? '', 'x-ops-passive': '1', lang: 'en' },
  });
  return ((await res.json()) as { code: number }).code;
}

test('the idle sign-out warns first, "Stay signed in" extends the session, and an unsaved article survives it', async ({
  browser,
  request,
}) => {
  test.setTimeout(240_000);
  const agent = await createOps('support', 'idle');
  const context = await browser.newContext({
    viewport: { width: 1280, height: 800 },
    isMobile: false,
    hasTouch: false,
  });
  await withLanguage(context, 'en');
  const page = await context.newPage();
  await signInOps(page, agent, '/ops/news');
  await expect(page.getByTestId('page-ops-news')).toBeVisible();
  const signedInAt = Date.now();
  const token = await page.evaluate(() => localStorage.getItem('meridian.ops.token'));

  // Typing makes no call.
  await page.getByTestId('news-title').fill('Kept across the sign-out');
  await page.getByTestId('news-desc').fill('Written before an idle sign-out');
  await page.getByTestId('news-content-input').fill('<p>Typed for a long time.</p>');

  // The warning comes before the end, with the time left.
  const warning = page.getByRole('alertdialog');
  await expect(warning).toBeVisible({ timeout: IDLE_SECONDS * 1000 });
  await expect(warning).toContainText('Still there?');
  await expect(page.getByTestId('ops-idle-warning')).toContainText(/signed out in 0:\d\d/);
  await page.getByTestId('ops-idle-stay').click();
  await expect(warning).toBeHidden();

  // It warns again later; by then the limit since signing in has passed: the session lives only because
  // "Stay signed in" extended it on the server.
  await expect(warning).toBeVisible({ timeout: IDLE_SECONDS * 1000 });
  expect(Date.now() - signedInAt).toBeGreaterThan(IDLE_SECONDS * 1000);
  expect(await sessionCode(request, page)).toBe(1);

  // Nobody answers: signed out, here and on the server.
  await expect(page.getByTestId('page-ops-login')).toBeVisible({ timeout: 20_000 });
  await expect(page.getByText('You were signed out after a while without activity')).toBeVisible();
  await expect
    .poll(
      async () => {
        const res = await request.get(`${server().baseUrl}/api/ops/auth/me`, {
          headers: { authorization: token ?? '', 'x-ops-passive': '1' },
        });
        return ((await res.json()) as { code: number }).code;
      },
      { timeout: 10_000 },
    )
    .toBe(999);

  // Signing in again brings the article back as it was typed.
  await page.getByTestId('ops-login-password').fill(agent.password);
  await page.getByTestId('ops-login-code').fill(totp(agent.secret));
  await page.getByTestId('ops-login-submit').click();
  await expect(page.getByTestId('page-ops-news')).toBeVisible();
  await expect(page.getByTestId('news-restored')).toBeVisible();
  await expect(page.getByTestId('news-title')).toHaveValue('Kept across the sign-out');
  await expect(page.getByTestId('news-desc')).toHaveValue('Written before an idle sign-out');
  await expect(page.getByTestId('news-content-input')).toHaveValue('<p>Typed for a long time.</p>');

  // Saved: the device copy is gone (a reload shows no restored note).
  await page.getByTestId('news-save').click();
  await expect(page.getByTestId('news-restored')).toBeHidden();
  await expect(page.getByTestId('news-item').filter({ hasText: 'Kept across the sign-out' })).toBeVisible();

  // Publishing reaches every trader: asked first; cancelling publishes nothing.
  await page.getByTestId('news-publish').click();
  const ask = page.getByRole('dialog');
  await expect(ask).toContainText('Publish to all traders?');
  await expect(ask).toContainText('Kept across the sign-out');
  await ask.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByTestId('news-publish')).toBeVisible();
  await page.getByTestId('news-publish').click();
  await page.getByRole('dialog').getByRole('button', { name: 'Publish' }).click();
  await expect(page.getByTestId('news-unpublish')).toBeVisible();

  await page.reload();
  await expect(page.getByTestId('page-ops-news')).toBeVisible();
  await expect(page.getByTestId('news-restored')).toHaveCount(0);
  await context.close();
});
