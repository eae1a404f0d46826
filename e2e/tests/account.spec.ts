/**
 * mf-account against the real server: sign-up with the e-mailed code, login, real-name with two photos,
 * the demo account and its limits, right-to-left and Japanese, logout. Every page is also photographed at 390×844
 * into SHOTS_DIR for a person to look at.
 */
import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import { baseUrl, expectPage, settled, signIn, withLanguage } from '../support/app';
import { readOutboxCode, registerUser, SHOTS_DIR, solidPng, uniqueEmail } from '../support/account';

const locale = (lng: string) =>
  JSON.parse(fs.readFileSync(path.join(__dirname, '../../locales', lng, 'account.json'), 'utf8')) as Record<
    string,
    Record<string, string>
  >;

async function shot(page: Page, name: string): Promise<void> {
  fs.mkdirSync(SHOTS_DIR, { recursive: true });
  // The screenshot is for eyes, not for comparison: fonts, images and the lazy kit in place first.
  await settled(page);
  await page.screenshot({ path: path.join(SHOTS_DIR, `${name}.png`) });
}

async function confirmDialog(page: Page): Promise<void> {
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Confirm' }).click();
}

test.beforeEach(async ({ context }) => {
  await withLanguage(context, 'en');
});

test('register with the e-mailed code, log out, log back in, submit real-name with two photos', async ({
  page,
  request,
}) => {
  const email = uniqueEmail('signup');
  const password = 'Meridian-e2e-1';

  await page.goto(`${baseUrl()}/register?invite_code=`);
  await expectPage(page, '/register');
  await page.getByTestId('register-email').fill(email);
  await page.getByRole('button', { name: 'Send code' }).click();
  await expect(page.getByRole('button', { name: /Resend in \d+ s/ })).toBeDisabled();
  const code = await readOutboxCode(request, email);
  await page.getByTestId('register-code').fill(code);
  await page.getByTestId('register-password').fill(password);
  await page.getByTestId('register-repassword').fill(password);
  await page.getByTestId('register-submit').click();
  await expect(page).toHaveURL(`${baseUrl()}/`);

  await page.goto(`${baseUrl()}/user`);
  await expect(page.getByTestId('user-email')).toHaveText(email);
  await expect(page.getByTestId('account-kind')).toHaveText('Real account');
  await expect(page.getByTestId('balance-amount')).toContainText('0.00');

  // Logout: confirm, token revoked, replace-navigated home; a protected route then asks for login.
  await page.goto(`${baseUrl()}/mine/system`);
  const token = await page.evaluate(() => localStorage.getItem('meridian.token'));
  await page.getByTestId('logout').click();
  await confirmDialog(page);
  await expect(page).toHaveURL(`${baseUrl()}/`);
  await expect.poll(() => page.evaluate(() => localStorage.getItem('meridian.token'))).toBeNull();
  const revoked = await request.get(`${baseUrl()}/api/user/info`, {
    headers: { authorization: token ?? '' },
  });
  expect(((await revoked.json()) as { code: number }).code).toBe(999);
  await page.goto(`${baseUrl()}/order`);
  await expect(page).toHaveURL(`${baseUrl()}/login?from=%2Forder`);

  // The spec's messages, then a real login back to `from`.
  await page.getByTestId('login-submit').click();
  await expect(page.getByTestId('login-account-error')).toHaveText('Please enter your e-mail or phone');
  await expect(page.getByTestId('login-password-error')).toHaveText('Please enter your password');
  await page.getByTestId('login-account').fill(email);
  await page.getByTestId('login-password').fill(password);
  await page.getByTestId('login-submit').click();
  await expect(page).toHaveURL(`${baseUrl()}/order`);

  // Real-name: two photos uploaded as they are picked, then submitted: waiting, also after a reload.
  await page.goto(`${baseUrl()}/mine/auth`);
  await expectPage(page, '/mine/auth');
  await page.getByTestId('auth-name').fill('Chan Tai Man');
  await page.getByTestId('auth-card').fill('A1234567');
  await page
    .getByTestId('auth-front-input')
    .setInputFiles({ name: 'front.png', mimeType: 'image/png', buffer: solidPng(64, [40, 120, 200]) });
  await expect(page.getByTestId('auth-front')).toContainText('Uploaded');
  await page
    .getByTestId('auth-back-input')
    .setInputFiles({ name: 'back.png', mimeType: 'image/png', buffer: solidPng(64, [200, 120, 40]) });
  await expect(page.getByTestId('auth-back')).toContainText('Uploaded');
  await shot(page, 'mine-auth-form-filled');
  await page.getByTestId('auth-submit').click();
  await expect(page.getByTestId('auth-waiting')).toBeVisible();
  await page.reload();
  await expect(page.getByTestId('auth-waiting')).toBeVisible();
  await expect(page.getByTestId('auth-name-value')).toHaveText('Chan Tai Man');
  // The stored photos are private: shown through blob: URLs fetched with the token.
  await expect(page.getByTestId('auth-front-preview')).toHaveAttribute('src', /^blob:/);
  await shot(page, 'mine-auth-waiting');
});

test('a demo account in one tap; it can reset itself but is kept out of the real-only pages', async ({
  page,
}) => {
  await page.goto(`${baseUrl()}/login?from=%2Fuser`);
  await page.getByTestId('login-demo').click();
  await expect(page).toHaveURL(`${baseUrl()}/user`);
  await expect(page.getByTestId('account-kind')).toHaveText('Demo account');
  await expect(page.getByTestId('balance-amount')).toContainText('100,000.00');
  await shot(page, 'user-demo');

  // The reset call may not exist on this server yet: either way the user gets a message and the page stays usable.
  await page.getByTestId('reset-demo').click();
  await confirmDialog(page);
  await expect(page.getByRole('status').filter({ hasText: /\w/ }).first()).toBeVisible();
  await expect(page.getByTestId('reset-demo')).toBeEnabled();

  for (const p of [
    '/mine/auth',
    '/mine/invite',
    '/mine/password',
    '/mine/charge',
    '/mine/withdraw',
    '/mine/wallet',
  ]) {
    await page.goto(`${baseUrl()}${p}`);
    await expect(page.getByTestId('demo-blocked')).toHaveText(/Please register or log in to a real account/);
  }
  // From the user centre too: the guard answers the tap.
  await page.goto(`${baseUrl()}/user`);
  await page.getByTestId('menu-mine-auth').click();
  await expect(page.getByTestId('demo-blocked')).toBeVisible();
});

test('Arabic lays the account pages out right to left; Japanese shows Japanese', async ({ page }) => {
  await page.goto(`${baseUrl()}/login`);
  await expectPage(page, '/login');
  await page.goto(`${baseUrl()}/language`);
  await page.getByTestId('language-ar').click();
  await expect(page).toHaveURL(`${baseUrl()}/login`);
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  const ar = locale('ar');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(ar.login!.title!);
  await expect(page.getByTestId('login-demo')).toHaveText(ar.login!.demoButton!);
  // The back arrow sits at the right edge; the form's text starts on the right.
  const back = await page.getByRole('button', { name: /./ }).first().boundingBox();
  expect(back!.x).toBeGreaterThan(390 / 2);
  const label = await page.getByText(ar.form!.email!).boundingBox();
  const input = await page.getByTestId('login-account').boundingBox();
  expect(label!.x + label!.width).toBeGreaterThan(input!.x + input!.width - 40);
  await shot(page, 'login-ar');

  await page.goto(`${baseUrl()}/language`);
  await page.getByTestId('language-jp').click();
  await expect(page).toHaveURL(`${baseUrl()}/login`);
  await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('ログイン');
  await expect(page.getByTestId('login-demo')).toHaveText(locale('jp').login!.demoButton!);
  await shot(page, 'login-jp');
});

test('screenshots of every account page at 390×844', async ({ page, context, request }) => {
  for (const [p, ready] of [
    ['/login', 'login-submit'],
    ['/register', 'register-email'],
    ['/forgot', 'forgot-submit'],
    ['/language', 'language-hk'],
    ['/mine/email', 'complaint-email'],
    ['/mine/announcement', 'announcement'],
  ] as const) {
    await page.goto(`${baseUrl()}${p}`);
    await expect(page.getByTestId(ready)).toBeVisible();
    await shot(page, p.slice(1).replace(/\//g, '-'));
  }
  await page.goto(`${baseUrl()}/login`);
  await page.getByTestId('login-submit').click();
  await shot(page, 'login-errors');

  const user = await registerUser(request, 'shots');
  await signIn(context, user);
  for (const [p, ready] of [
    ['/user', 'balance-amount'],
    ['/mine/auth', 'auth-submit'],
    ['/mine/invite', 'invite-code'],
    ['/mine/password', 'password-submit'],
    ['/mine/system', 'logout'],
  ] as const) {
    await page.goto(`${baseUrl()}${p}`);
    await expect(page.getByTestId(ready)).toBeVisible();
    if (p === '/mine/invite') await expect(page.getByRole('img', { name: /QR/ })).toBeVisible();
    await shot(page, p.slice(1).replace(/\//g, '-'));
  }
  await page.goto(`${baseUrl()}/mine/password`);
  await page.getByTestId('password-old').fill('x');
  await page.getByTestId('password-new').fill('NewPass-1');
  await page.getByTestId('password-repeat').fill('NewPass-2');
  await page.getByTestId('password-submit').click();
  await expect(page.getByTestId('password-repeat-error')).toHaveText('The passwords are not the same');
  await shot(page, 'mine-password-errors');

  await page.goto(`${baseUrl()}/user`);
  await page.getByTestId('balance-toggle').click();
  await expect(page.getByTestId('balance-amount')).toContainText('******');
  await page.reload();
  await expect(page.getByTestId('balance-amount')).toContainText('******');
  await shot(page, 'user-hidden');

  await page.goto(`${baseUrl()}/mine/system`);
  await page.getByTestId('logout').click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await shot(page, 'mine-system-confirm');
});
