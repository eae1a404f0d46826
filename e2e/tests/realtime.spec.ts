/** The tab's one realtime socket (docs/states.md): opened by the host, logged in, pinging, and only one per tab. */
import { expect, test } from '@playwright/test';
import type { WebSocket } from '@playwright/test';
import { baseUrl, demoSession, expectPage, signIn, withLanguage } from '../support/app';

test('one socket per tab: logs in with the session, pings every 5 s, survives navigation', async ({
  page,
  context,
  request,
}) => {
  test.setTimeout(30_000);
  await withLanguage(context, 'en');
  const session = await demoSession(request);
  await signIn(context, session);

  const sockets: WebSocket[] = [];
  const sent: Record<string, unknown>[] = [];
  const received: Record<string, unknown>[] = [];
  page.on('websocket', (ws) => {
    sockets.push(ws);
    ws.on('framesent', (f) => sent.push(JSON.parse(String(f.payload)) as Record<string, unknown>));
    ws.on('framereceived', (f) => received.push(JSON.parse(String(f.payload)) as Record<string, unknown>));
  });

  await page.goto(`${baseUrl()}/`);
  await expectPage(page, '/');
  await expect.poll(() => received.find((m) => m.type === 'login_result')).toMatchObject({ code: 1 });
  expect(sent.find((m) => m.type === 'login')).toMatchObject({ token: session.token });
  expect(new URL(sockets[0]!.url()).pathname).toBe('/v1/ws');

  // Move around the app: same socket.
  await page.getByTestId('tab-rank').click();
  await expectPage(page, '/rank');
  await page.getByTestId('tab-mine').click();
  await expectPage(page, '/user');

  await expect.poll(() => received.some((m) => m.type === 'pong'), { timeout: 8000 }).toBe(true);
  expect(sent.filter((m) => m.type === 'ping').length).toBeGreaterThanOrEqual(1);
  expect(sockets).toHaveLength(1);
  await expect(page.getByTestId('offline-banner')).toHaveCount(0);
});

test('the offline banner shows while the socket cannot connect', async ({ page, context }) => {
  await withLanguage(context, 'en');
  // Any socket address (it carries `?lang=`): every connection attempt is closed at once.
  await page.routeWebSocket(/\/v1\/ws(\?|$)/, (ws) => ws.close());
  await page.goto(`${baseUrl()}/`);
  await expect(page.getByTestId('offline-banner')).toHaveText('Live prices paused, reconnecting…', {
    timeout: 10_000,
  });
});
