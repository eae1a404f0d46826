/** /ops/remotes "Health by version": each live version's figures rated at a glance, the period chosen, the states. */
import '../../testing/text-encoding';
import { fireEvent, screen, within } from '@testing-library/react';
import { appStore } from '@meridian/shared';
import { setOpsSessionAtom } from '@meridian/shared/ops';
import type { OpsRemotesHealth, OpsVersionHealth } from '@meridian/shared/pure';
import { createRemoteTestKit, mockServer, ok, resetApp } from '@meridian/shared/testing';
import { RemoteHealth } from './remote-health';

const { renderPage } = createRemoteTestKit('opsHealth', { also: ['ops'] });
const V1 = '20261127-021413-1e9f374f33';
const V2 = '20261128-090000-aaaaaaaaaa';

const version = (over: Partial<OpsVersionHealth>): OpsVersionHealth => ({
  version: V1,
  current: true,
  sessions: 0,
  loads: 0,
  render_errors: 0,
  unhandled_errors: 0,
  chunk_failures: 0,
  error_sessions: 0,
  error_rate: null,
  lcp_p75: null,
  inp_p75: null,
  cls_p75: null,
  last_errors: [],
  ...over,
});

const answer = (windowMinutes: 15 | 60 | 360 | 1440): OpsRemotesHealth => ({
  window_minutes: windowMinutes,
  since: 0,
  until: 1,
  remotes: [
    {
      remote: 'mf-orders',
      current: V1,
      versions: [
        version({
          version: V2,
          current: false,
          sessions: 40,
          loads: 55,
          render_errors: 7,
          chunk_failures: 2,
          error_sessions: 8,
          error_rate: 0.2,
          lcp_p75: 4600,
          inp_p75: 180,
          cls_p75: 0.12,
          last_errors: [
            {
              kind: 'render',
              message: 'TypeError: rows is undefined',
              frame: `OrderList (/remotes/mf-orders/${V2}/412.js:1:2345)`,
              at: Date.UTC(2026, 10, 28, 9, 30),
              count: 6,
            },
          ],
        }),
        version({ sessions: 200, loads: 260, error_sessions: 1, error_rate: 0.005, lcp_p75: 1900 }),
      ],
    },
    { remote: 'mf-account', current: V1, versions: [version({})] },
    { remote: 'mf-funds', current: null, versions: [] },
  ],
});

beforeEach(() => {
  resetApp();
  appStore.set(setOpsSessionAtom, {
    token: `ops_${'b'.repeat(64)}`,
    me: {
      id: 1,
      email: 'a@b.co',
      roles: ['admin'],
      expires_at: Date.now() + 1e6,
      idle_timeout_ms: 1_800_000,
    },
  });
});

it('shows each version with its error rate and vitals rated, and the last errors with the remote frame', async () => {
  mockServer({ 'GET /api/ops/remotes/health': (req) => ok(answer(Number(req.query.get('window')) as 60)) });
  renderPage(<RemoteHealth />);
  const canary = await screen.findByTestId(`health-mf-orders-${V2}`);
  expect(within(canary).getByTestId(`health-mf-orders-${V2}-sessions`)).toHaveTextContent('40');
  expect(within(canary).getByTestId(`health-mf-orders-${V2}-error-rate`)).toHaveTextContent('20%');
  expect(within(canary).getByTestId(`health-mf-orders-${V2}-error-rate`)).toHaveTextContent(
    'With an error: 8',
  );
  expect(within(canary).getByTestId(`health-mf-orders-${V2}-lcp`)).toHaveTextContent('4.6');
  expect(within(canary).getByTestId(`health-mf-orders-${V2}-lcp`)).toHaveTextContent('poor');
  expect(within(canary).getByTestId(`health-mf-orders-${V2}-inp`)).toHaveTextContent('good');
  expect(within(canary).getByTestId(`health-mf-orders-${V2}-cls`)).toHaveTextContent('needs work');
  expect(within(canary).getByTestId(`health-mf-orders-${V2}-render-errors`)).toHaveTextContent('7');
  expect(within(canary).getByTestId(`health-mf-orders-${V2}-chunk-failures`)).toHaveTextContent('2');
  const errors = within(canary).getByTestId(`health-mf-orders-${V2}-errors`);
  expect(errors).toHaveTextContent('TypeError: rows is undefined');
  expect(errors).toHaveTextContent(`OrderList (/remotes/mf-orders/${V2}/412.js:1:2345)`);
  expect(errors).toHaveTextContent('×6');
  expect(within(canary).queryByText('Current')).not.toBeInTheDocument();

  const current = screen.getByTestId(`health-mf-orders-${V1}`);
  expect(within(current).getByText('Current')).toBeInTheDocument();
  expect(within(current).getByTestId(`health-mf-orders-${V1}-error-rate`)).toHaveTextContent('0.5%');
  expect(within(current).getByText('No errors in this period.')).toBeInTheDocument();
  expect(within(current).getByTestId(`health-mf-orders-${V1}-inp`)).toHaveTextContent('not measured');
  expect(
    within(screen.getByTestId('health-mf-funds')).getByText('No sessions reported in this period.'),
  ).toBeVisible();
});

it('asks for the chosen period', async () => {
  const s = mockServer({
    'GET /api/ops/remotes/health': (req) => ok(answer(Number(req.query.get('window')) as 60)),
  });
  renderPage(<RemoteHealth />);
  await screen.findByTestId(`health-mf-orders-${V2}`);
  expect(s.calls.at(-1)?.query.get('window')).toBe('60');
  fireEvent.change(screen.getByTestId('ops-health-period'), { target: { value: '1440' } });
  await screen.findByTestId(`health-mf-orders-${V2}`);
  expect(s.calls.map((c) => c.query.get('window'))).toContain('1440');
});

it('says when it could not load, with a retry', async () => {
  mockServer({ 'GET /api/ops/remotes/health': () => ({ status: 500, body: 'down' }) });
  renderPage(<RemoteHealth />);
  expect(await screen.findByTestId('ops-load-error')).toBeInTheDocument();
});
