/**
 * Support in Chromium against the real server: a trader and an agent (two browser contexts) exchange text and an
 * image over the app's socket, see typing and read ticks; the trader reloads and the history is there; the socket
 * drops — a message written while it is down, and one whose acknowledgement was lost, each arrive exactly once.
 * News: the list pages, a detail renders sanitized HTML; feedback reaches the inbox. Screenshots go to SHOTS.
 */
import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import type { Browser, Page, WebSocketRoute } from '@playwright/test';
import { registerUser, solidPng } from '../support/account';
import { baseUrl, settled, signIn, withLanguage } from '../support/app';
import { createOps, opsToken, withOpsSession } from '../support/ops';

const SHOTS = process.env.SUPPORT_SHOTS_DIR ?? '/tmp/support-shots';
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };

async function shot(page: Page, name: string) {
  fs.mkdirSync(SHOTS, { recursive: true });
  await settled(page);
  await page.screenshot({ path: path.join(SHOTS, `${name}.png`) });
}

async function agentContext(browser: Browser, session: { token: string; me: unknown }) {
  const context = await browser.newContext({
    viewport: DESKTOP,
    isMobile: false,
    hasTouch: false,
    deviceScaleFactor: 1,
  });
  await withLanguage(context, 'en');
  await withOpsSession(context, session);
  return context;
}

test('trader and agent chat live: text, image, typing, read ticks, reload, and exactly once across a dropped socket', async ({
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  const agentAccount = await createOps('support', 'agent');
  const session = await opsToken(request, agentAccount);
  const trader = await registerUser(request, 'chat');

  // The trader's socket goes through a relay the test can cut: `down` refuses new connections, `dropAfter` closes
  // the page's side right after a frame containing that text went through to the server (its answer is lost).
  let down = false;
  let dropAfter: string | null = null;
  let current: WebSocketRoute | null = null;
  const traderContext = await browser.newContext({
    viewport: PHONE,
    isMobile: true,
    hasTouch: true,
    deviceScaleFactor: 2,
  });
  await withLanguage(traderContext, 'en');
  await signIn(traderContext, trader);
  await traderContext.routeWebSocket(/\/v1\/ws/, (ws) => {
    if (down) {
      void ws.close();
      return;
    }
    current = ws;
    const server = ws.connectToServer();
    ws.onMessage((m) => {
      server.send(m);
      if (dropAfter && typeof m === 'string' && m.includes(dropAfter)) {
        dropAfter = null;
        down = true;
        void ws.close();
      }
    });
  });
  const tp = await traderContext.newPage();
  await tp.goto(`${baseUrl()}/mine/chat`);
  await expect(tp.getByTestId('page-mine-chat')).toBeVisible();
  await expect(tp.getByTestId('chat-empty')).toBeVisible();

  await tp.getByTestId('chat-input').fill('Hello, my deposit has not arrived yet.');
  await tp.getByTestId('chat-send').click();
  const first = tp.getByTestId('chat-mine').filter({ hasText: 'deposit has not arrived' });
  await expect(first.getByTestId('chat-tick')).toHaveAttribute('data-state', 'sent');

  const agentCtx = await agentContext(browser, session);
  const ap = await agentCtx.newPage();
  await ap.goto(`${baseUrl()}/ops/inbox`);
  await expect(ap.getByTestId('page-ops-inbox')).toBeVisible();
  await ap.getByTestId('inbox-row').filter({ hasText: trader.email }).click();
  await expect(ap.getByTestId('inbox-msg-user').filter({ hasText: 'deposit has not arrived' })).toBeVisible();
  await expect(ap.getByTestId('inbox-facts')).toContainText(trader.email);

  // The agent read it: the trader's tick turns to read. The agent types: the trader sees who.
  await expect(first.getByTestId('chat-tick')).toHaveAttribute('data-state', 'read');
  await ap.getByTestId('inbox-input').fill('Let me check');
  await expect(tp.getByTestId('chat-typing')).toContainText(agentAccount.email.split('@')[0] ?? '');
  await ap.getByTestId('inbox-input').fill('Hi! Let me check that for you. <b>Not bold</b>');
  await ap.getByTestId('inbox-send').click();
  const reply = tp.getByTestId('chat-theirs').filter({ hasText: 'Let me check that for you' });
  await expect(reply).toBeVisible();
  await expect(reply).toContainText('<b>Not bold</b>');
  // The trader's page read it: the agent sees it seen.
  await expect(ap.getByTestId('inbox-msg-agent').last().getByTestId('inbox-read')).toHaveAttribute(
    'data-read',
    'yes',
  );

  // An image: a thumbnail on both sides, full size on tap.
  await tp
    .getByTestId('chat-file')
    .setInputFiles({ name: 'receipt.png', mimeType: 'image/png', buffer: solidPng(240, [30, 140, 200]) });
  const pic = tp.getByTestId('chat-mine').last().getByTestId('chat-image');
  await expect(pic).toHaveAttribute('data-state', 'ready');
  await expect(ap.getByTestId('inbox-msg-user').last().getByTestId('chat-image')).toHaveAttribute(
    'data-state',
    'ready',
  );
  await pic.click();
  await expect(tp.getByTestId('chat-image-full')).toBeVisible();
  await shot(tp, 'chat-image-full');
  await tp.getByTestId('chat-image-full').click();
  await expect(tp.getByTestId('chat-image-full')).toBeHidden();
  await shot(tp, 'chat-390');
  await shot(ap, 'inbox-1280');

  // Reload: the history is there.
  await tp.reload();
  await expect(tp.getByTestId('chat-mine').filter({ hasText: 'deposit has not arrived' })).toBeVisible();
  await expect(tp.getByTestId('chat-theirs').filter({ hasText: 'Let me check that for you' })).toBeVisible();

  // 1) The acknowledgement is lost: the frame reached the server, the page never heard back, and sends it again
  //    on the next connection with the same client id.
  dropAfter = 'lost-ack message';
  await tp.getByTestId('chat-input').fill('lost-ack message');
  await tp.getByTestId('chat-send').click();
  await expect(
    tp.getByTestId('chat-mine').filter({ hasText: 'lost-ack message' }).getByTestId('chat-tick'),
  ).toHaveAttribute('data-state', 'sending');
  // 2) Written while the socket is down: it waits on the page.
  await tp.getByTestId('chat-input').fill('queued while offline');
  await tp.getByTestId('chat-send').click();
  const queued = tp.getByTestId('chat-mine').filter({ hasText: 'queued while offline' });
  await expect(queued.getByTestId('chat-tick')).toHaveAttribute('data-state', 'sending');
  await expect(tp.getByTestId('chat-offline')).toBeVisible();
  await shot(tp, 'chat-offline-390');
  down = false;
  await expect(queued.getByTestId('chat-tick')).not.toHaveAttribute('data-state', 'sending', {
    timeout: 40_000,
  });
  await expect(
    tp.getByTestId('chat-mine').filter({ hasText: 'lost-ack message' }).getByTestId('chat-tick'),
  ).not.toHaveAttribute('data-state', 'sending');
  for (const text of ['lost-ack message', 'queued while offline']) {
    await expect(ap.getByTestId('inbox-msg-user').filter({ hasText: text })).toHaveCount(1);
    await expect(tp.getByTestId('chat-mine').filter({ hasText: text })).toHaveCount(1);
  }
  // And the server stored each once.
  await ap.reload();
  await ap.getByTestId('inbox-row').filter({ hasText: trader.email }).click();
  for (const text of ['lost-ack message', 'queued while offline'])
    await expect(ap.getByTestId('inbox-msg-user').filter({ hasText: text })).toHaveCount(1);
  expect(current).not.toBeNull();

  // Away from the chat, a reply shows as an unread badge on the Mine tab and on the customer service row, live.
  await tp.goto(`${baseUrl()}/user`);
  await expect(tp.getByTestId('service-chat')).toBeVisible();
  const html = tp.locator('html');
  await expect(html).not.toHaveAttribute('data-support-unread', /.*/);
  await ap.getByTestId('inbox-input').fill('Found it: it is on its way.');
  await ap.getByTestId('inbox-send').click();
  await expect(html).toHaveAttribute('data-support-unread', '1');
  await expect(tp.getByTestId('service-unread')).toHaveText('1');
  const badge = await tp.getByTestId('tab-mine').evaluate((el) => getComputedStyle(el, '::after').content);
  expect(badge).toBe('"1"');
  await shot(tp, 'user-unread-390');
  await tp.getByTestId('service-chat').click();
  await expect(tp.getByTestId('chat-theirs').filter({ hasText: 'on its way' })).toBeVisible();
  await tp.goBack();
  await expect(tp.getByTestId('service-chat')).toBeVisible();
  await expect(html).not.toHaveAttribute('data-support-unread', /.*/);
  await expect(tp.getByTestId('service-unread')).toHaveCount(0);

  await traderContext.close();
  await agentCtx.close();
});

test('news pages and renders a sanitized article; feedback reaches the inbox; editor and feedback at a glance', async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const editor = await createOps('support', 'news');
  const session = await opsToken(request, editor);
  const auth = { authorization: session.token, lang: 'en' };
  const saved = await request.post(`${baseUrl()}/api/ops/news/save`, {
    headers: auth,
    form: {
      title: 'Central banks: what to watch this week',
      desc: 'A short guide to the rate decisions ahead.',
      content:
        '<h2>Rates</h2><p onclick="alert(1)">Three decisions are due. <a href="https://example.com/calendar">Calendar</a></p><script>window.__owned = 1</script><img src="https://example.com/wide.png" width="2000"><p><a href="javascript:alert(1)">bad</a></p>',
    },
  });
  const article = ((await saved.json()) as { data: { id: number } }).data;
  await request.post(`${baseUrl()}/api/ops/news/publish`, {
    headers: auth,
    form: { id: String(article.id), published: '1' },
  });

  const context = await browser.newContext({
    viewport: PHONE,
    isMobile: true,
    hasTouch: true,
    deviceScaleFactor: 2,
  });
  await withLanguage(context, 'en');
  const page = await context.newPage();
  await context.route('https://example.com/**', (r) =>
    r.fulfill({ status: 200, contentType: 'image/png', body: solidPng(64, [200, 160, 40]) }),
  );
  const pages: string[] = [];
  page.on('request', (r) => {
    const u = new URL(r.url());
    if (u.pathname === '/api/news/list') pages.push(u.searchParams.get('page') ?? '');
  });
  await page.goto(`${baseUrl()}/news`);
  await expect(page.getByTestId('news-row').first()).toContainText('Central banks');
  await shot(page, 'news-390');
  // Page by page until the loaded count reaches the total (the seeded articles and this one: two pages of 10).
  await page.getByTestId('news-row').last().scrollIntoViewIfNeeded();
  await page.mouse.wheel(0, 4000);
  const total = (
    (await (await request.get(`${baseUrl()}/api/news/list?category_id=1&limit=1`)).json()) as {
      data: { total: number };
    }
  ).data.total;
  expect(total).toBeGreaterThan(10);
  await expect(page.getByTestId('news-row')).toHaveCount(total);
  expect(pages).toEqual(['1', '2']);

  await page.getByTestId('news-row').first().click();
  await expect(page.getByTestId('page-news-detail')).toBeVisible();
  const content = page.getByTestId('news-content');
  await expect(content).toContainText('Three decisions are due');
  expect(await content.locator('script').count()).toBe(0);
  expect(await content.locator('[onclick]').count()).toBe(0);
  expect(await content.locator('a[href^="javascript"]').count()).toBe(0);
  await expect(content.locator('a[href="https://example.com/calendar"]')).toHaveAttribute('target', '_blank');
  expect(await page.evaluate(() => (window as { __owned?: number }).__owned)).toBeUndefined();
  const imgWidth = await content.locator('img').evaluate((img) => img.getBoundingClientRect().width);
  expect(imgWidth).toBeLessThanOrEqual(390);
  const popup = context.waitForEvent('page');
  await content.locator('a[href="https://example.com/calendar"]').click();
  await (await popup).waitForURL(/example\.com\/calendar/);
  await expect(page).toHaveURL(/\/news\/detail\?id=/);
  await shot(page, 'news-detail-390');

  // Feedback as a guest (visitor id on the device) lands in the inbox.
  await page.goto(`${baseUrl()}/feedback`);
  await expect(page.getByTestId('page-feedback')).toBeVisible();
  await page.getByTestId('feedback-topic-bug').click();
  await page.getByTestId('feedback-text').fill('The chart flickers when I rotate the phone.');
  await shot(page, 'feedback-390');
  await page.getByTestId('feedback-submit').click();
  await expect(page.getByTestId('feedback-sent')).toBeVisible();
  const inbox = await request.get(`${baseUrl()}/api/ops/support/conversations?status=open`, {
    headers: auth,
  });
  const rows = (
    (await inbox.json()) as { data: { data: { channel: string; last_text: string; topic: string }[] } }
  ).data.data;
  expect(
    rows.some((r) => r.channel === 'feedback' && r.topic === 'bug' && r.last_text.includes('chart flickers')),
  ).toBe(true);

  const ops = await agentContext(browser, session);
  const op = await ops.newPage();
  await op.goto(`${baseUrl()}/ops/news`);
  await expect(op.getByTestId('page-ops-news')).toBeVisible();
  await op.getByTestId('news-item').first().click();
  await expect(op.getByTestId('news-title')).toHaveValue(/Central banks/);
  await op.getByTestId('news-preview').click();
  await expect(op.getByTestId('news-preview-pane')).toContainText('Three decisions are due');
  await shot(op, 'news-editor-1280');
  await context.close();
  await ops.close();
});
