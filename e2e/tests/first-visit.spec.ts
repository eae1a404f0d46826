/**
 * A first visit to `/` as the built product serves it (bench/first-price measures its time): the quotes list comes
 * in the first render with the list the server wrote into the page — not fetched again — and the code that runs at
 * once carries V8's compile hint, the code loaded later does not; entering `/` again reads the list afresh.
 */
import { expect, test } from '@playwright/test';
import { baseUrl, withLanguage } from '../support/app';
import { expectMarketList } from '../support/markets';

const HINT = '//# allFunctionsCalledOnLoad';

test('a first visit: the page in the first render, the trade list from the page, compile hints where code runs at once', async ({
  browser,
}) => {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  await withLanguage(context, 'en');
  const page = await context.newPage();
  const scripts = new Map<string, Promise<string>>();
  const tradeLists: string[] = [];
  page.on('response', (res) => {
    const url = new URL(res.url());
    if (url.pathname.endsWith('.js'))
      scripts.set(
        url.pathname,
        res.text().catch(() => ''),
      );
    if (url.pathname === '/v1/api/forex/trade_list') tradeLists.push(url.href);
  });

  await page.goto(`${baseUrl()}/`);
  await expectMarketList(page);
  await expect(page.getByTestId('row-price').first()).toHaveText(/\d/);
  // The worker's registration, a host chunk loaded once the page has loaded and the browser is idle.
  await expect
    .poll(() => [...scripts.keys()].some((p) => /^\/\d+\.[0-9a-f]{8}\.js$/.test(p)), { timeout: 20_000 })
    .toBe(true);

  // The list written into index.html answers the first entry into `/`: no request for it.
  expect(tradeLists).toEqual([]);
  // The shell's script is async (its start waits for the boot data): a page the service worker composes runs it
  // during the round trip (host/src/sw/compose.ts).
  expect(
    await page.evaluate(() => {
      const s = document.querySelector<HTMLScriptElement>('script[src*="/main."]');
      return s ? { async: s.async, defer: s.defer } : null;
    }),
  ).toEqual({ async: true, defer: false });

  const code = async (test: RegExp) => {
    const found = [...scripts.entries()].filter(([p]) => test.test(p));
    expect(found.length, `a script matching ${test}`).toBeGreaterThan(0);
    return Promise.all(found.map(([, text]) => text));
  };
  for (const text of await code(/^\/main\.[0-9a-f]{8}\.js$/)) expect(text.startsWith(HINT)).toBe(true);
  for (const text of await code(/\/remotes\/mf-markets\/[^/]+\/remoteEntry\.js$/))
    expect(text.startsWith(HINT)).toBe(true);
  for (const text of await code(/\/__federation_expose_HomePage\.[0-9a-f]{8}\.js$/))
    expect(text.startsWith(HINT)).toBe(true);
  // A host chunk loaded later (the service worker's registration): compiled when called, as usual.
  for (const text of await code(/^\/\d+\.[0-9a-f]{8}\.js$/)) expect(text.startsWith(HINT)).toBe(false);

  // Entering `/` again (the quotes page is kept alive meanwhile) reads the list afresh, once.
  await page.getByTestId('tab-rank').click();
  await expect(page).toHaveURL(/\/rank$/);
  await page.getByTestId('tab-quotes').click();
  await expect(page).toHaveURL(`${baseUrl()}/`);
  await expect.poll(() => tradeLists.length).toBe(1);
  await expect(page.getByTestId('row-price').first()).toHaveText(/\d/);
  await context.close();
});
