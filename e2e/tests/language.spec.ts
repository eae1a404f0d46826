/** The language switch changes the shell's strings; RTL for Arabic and Persian; the choice persists. */
import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { baseUrl, expectPage, withLanguage } from '../support/app';

const shell = (lng: string) =>
  JSON.parse(fs.readFileSync(path.join(__dirname, '../../locales', lng, 'shell.json'), 'utf8')) as {
    tab: Record<string, string>;
  };

test('defaults to Traditional Chinese', async ({ page }) => {
  await page.goto(`${baseUrl()}/`);
  await expect(page.getByTestId('tab-quotes')).toHaveText(shell('hk').tab.quotes!);
  await expect(page.locator('html')).toHaveAttribute('lang', 'zh-HK');
});

test('switching language from home changes the shell, then persists across a reload', async ({
  page,
  context,
}) => {
  await withLanguage(context, 'en');
  await page.goto(`${baseUrl()}/`);
  await expect(page.getByTestId('tab-quotes')).toHaveText('Quotes');

  await page.getByTestId('language-switcher').click();
  await expectPage(page, '/language');
  await page.getByTestId('language-jp').click();

  await expect(page).toHaveURL(`${baseUrl()}/`);
  await expect(page.getByTestId('tab-quotes')).toHaveText(shell('jp').tab.quotes!);
  await expect(page.getByTestId('tab-mine')).toHaveText(shell('jp').tab.mine!);

  await page.reload();
  await expect(page.getByTestId('tab-quotes')).toHaveText(shell('jp').tab.quotes!);
});

test('Arabic lays the app out right to left', async ({ page, context }) => {
  await withLanguage(context, 'ar');
  await page.goto(`${baseUrl()}/`);
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.getByTestId('tab-quotes')).toHaveText(shell('ar').tab.quotes!);
  // The first tab sits at the right edge in RTL.
  const quotes = await page.getByTestId('tab-quotes').boundingBox();
  const mine = await page.getByTestId('tab-mine').boundingBox();
  expect(quotes!.x).toBeGreaterThan(mine!.x);
});

test('/language opened directly: picking a language goes to the quotes home, not out of the app', async ({
  page,
  context,
}) => {
  await withLanguage(context, 'en');
  // A page before ours in the tab, as when the address is typed or a link is followed.
  await page.goto('about:blank');
  await page.goto(`${baseUrl()}/language`);
  await expectPage(page, '/language');
  await page.getByTestId('language-fr').click();
  await expect(page).toHaveURL(`${baseUrl()}/`);
  await expectPage(page, '/');
  await expect(page.getByTestId('tab-quotes')).toHaveText(shell('fr').tab.quotes!);
});
