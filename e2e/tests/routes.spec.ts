/** The routes of docs/routes.md through the shell: every route reachable, guards, unknown paths, the hash address, the tab bar. */
import { expect, test } from '@playwright/test';
import { baseUrl, demoSession, expectPage, pageTestId, ROUTES, signIn, withLanguage } from '../support/app';

test.beforeEach(async ({ context }) => {
  await withLanguage(context, 'en');
});

test('a guest reaches every public route and is sent to login from every protected one', async ({ page }) => {
  for (const route of ROUTES) {
    await page.goto(`${baseUrl()}${route.path}`);
    if (route.login) {
      await expect(page).toHaveURL(`${baseUrl()}/login?from=${encodeURIComponent(route.path)}`);
      await expectPage(page, '/login');
    } else {
      await expectPage(page, route.path);
      await expect(page).toHaveURL(`${baseUrl()}${route.path}`);
    }
    await expect(page.getByRole('navigation')).toHaveCount(route.footer && !route.login ? 1 : 0);
  }
});

test('a demo user reaches every protected route; real-only pages tell them so', async ({
  page,
  context,
  request,
}) => {
  await signIn(context, await demoSession(request));
  for (const route of ROUTES.filter((r) => r.login)) {
    await page.goto(`${baseUrl()}${route.path}`);
    await expect(page).toHaveURL(`${baseUrl()}${route.path}`);
    if (route.demoBlocked) {
      await expect(page.getByTestId('demo-blocked')).toHaveText(
        /Please register or log in to a real account/,
      );
      await expect(page.getByTestId(pageTestId(route.path))).toHaveCount(0);
    } else {
      await expectPage(page, route.path);
    }
  }
});

test('unknown paths go home; the hash invite link lands on register with its query', async ({ page }) => {
  await page.goto(`${baseUrl()}/no/such/page`);
  await expect(page).toHaveURL(`${baseUrl()}/`);
  await expectPage(page, '/');

  await page.goto(`${baseUrl()}/#/register?invite_code=AB12CD`);
  await expect(page).toHaveURL(`${baseUrl()}/register?invite_code=AB12CD`);
  await expectPage(page, '/register');
});

test('the tab bar moves between remotes, keeps / alive, and guards Orders', async ({ page }) => {
  await page.goto(`${baseUrl()}/`);
  await expectPage(page, '/');
  // Mark the home page's DOM: a kept-alive page is the same node when we come back.
  await page.getByTestId('page-home').evaluate((el) => el.setAttribute('data-marker', 'kept'));

  await page.getByTestId('tab-rank').click();
  await expect(page).toHaveURL(`${baseUrl()}/rank`);
  await expectPage(page, '/rank');
  await expect(page.getByTestId('page-home')).toBeHidden();

  await page.getByTestId('tab-trade').click();
  await expectPage(page, '/trade');

  await page.getByTestId('tab-quotes').click();
  await expectPage(page, '/');
  await expect(page.getByTestId('page-home')).toHaveAttribute('data-marker', 'kept');

  await page.getByTestId('tab-orders').click();
  await expect(page).toHaveURL(`${baseUrl()}/login?from=%2Forder`);
  await expectPage(page, '/login');
});

test('a stale token is dropped at start-up without sending a browsing guest to login', async ({
  page,
  context,
}) => {
  await signIn(context, { token: 'a'.repeat(64), user: { id: 1, is_demo: 0, email: 'x@example.com' } });
  await page.goto(`${baseUrl()}/`);
  await expectPage(page, '/');
  await expect.poll(() => page.evaluate(() => localStorage.getItem('meridian.token'))).toBeNull();
  await expect(page).toHaveURL(`${baseUrl()}/`);
});

const ANDROID_UA =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36';
const IPHONE_UA =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

test('the app title comes from the site settings on Android only', async ({ browser }) => {
  const android = await browser.newContext({ userAgent: ANDROID_UA, viewport: { width: 390, height: 844 } });
  const page = await android.newPage();
  await page.goto(`${baseUrl()}/`);
  await expectPage(page, '/');
  await expect(page).toHaveTitle('Meridian Markets');
  await android.close();

  const iphone = await browser.newContext({ userAgent: IPHONE_UA, viewport: { width: 390, height: 844 } });
  const other = await iphone.newPage();
  await other.goto(`${baseUrl()}/`);
  await expectPage(other, '/');
  // The page's own title stays: the spec sets the app title only on Android.
  await expect(other).toHaveTitle('Meridian');
  await iphone.close();
});

test('a company whose status is 0 sends the visitor to its loss page before anything is shown', async ({
  page,
  context,
  request,
}) => {
  const found = (await (
    await request.get(`${baseUrl()}/api/company/search?name=Northgate`, { headers: { lang: 'en' } })
  ).json()) as { data: { data: { id: number }[] } };
  const id = found.data.data[0]!.id;
  const status = (await (
    await request.get(`${baseUrl()}/api/company/getCompanyStatus?company_id=${id}`)
  ).json()) as { data: { status: number; loss_url: string } };
  expect(status.data.status).toBe(0);
  await page.route('https://meridian.example/**', (route) =>
    route.fulfill({ contentType: 'text/html', body: '<title>Notice</title><p>Notice</p>' }),
  );
  await context.addCookies([{ name: 'company_id', value: String(id), url: baseUrl() }]);
  const shown: string[] = [];
  page.on('request', (r) => {
    if (/getCategories|\/api\/user\/info/.test(r.url())) shown.push(r.url());
  });
  await page.goto(`${baseUrl()}/`);
  await expect(page).toHaveURL(status.data.loss_url);
  await expect(page).toHaveTitle('Notice');
  // The quotes home never rendered (it would have asked for the categories).
  expect(shown).toEqual([]);

  // An active company (or none) lets the app start.
  await context.clearCookies();
  await page.goto(`${baseUrl()}/`);
  await expectPage(page, '/');
});

test('the web app manifest is served for add-to-home-screen', async ({ request }) => {
  const res = await request.get(`${baseUrl()}/manifest.json`);
  expect(res.ok()).toBe(true);
  const manifest = (await res.json()) as { display: string; icons: { src: string }[]; start_url: string };
  expect(manifest.display).toBe('standalone');
  expect(manifest.start_url).toBe('/');
  for (const icon of manifest.icons) expect((await request.get(`${baseUrl()}${icon.src}`)).ok()).toBe(true);
});
