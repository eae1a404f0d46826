/**
 * /ops/remotes, canaries: the share field keeps what was typed and says why it is refused (no call until it is a
 * whole 1–99), a start, a promote and an abort each go out only after their confirmation; a running canary shows its
 * health beside the current version's and what the rule makes of it; an automatic stop says what, when and why.
 */
import '../../testing/text-encoding';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { appStore } from '@meridian/shared';
import { setOpsSessionAtom } from '@meridian/shared/ops';
import type { OpsReleaseCheck, OpsRemote } from '@meridian/shared/pure';
import { createRemoteTestKit, mockServer, ok, resetApp } from '@meridian/shared/testing';
import { RemoteCanary } from './remote-canary';

const { renderPage } = createRemoteTestKit('ops');

const remote = (over: Partial<OpsRemote> = {}): OpsRemote => ({
  remote: 'mf-orders',
  current: 'o1',
  canary: null,
  versions: [
    { version: 'o2', built_at: null, online: true },
    { version: 'o1', built_at: null, online: true },
    { version: 'o0', built_at: null, online: true },
  ],
  history: [],
  rollback_targets: ['o0'],
  ...over,
});

const check = (over: Partial<OpsReleaseCheck> = {}): OpsReleaseCheck => ({
  candidate: {
    version: 'o2',
    sessions: 8,
    error_sessions: 4,
    error_rate: 50,
    chunk_failures: 0,
    chunk_failure_rate: 0,
  },
  baseline: {
    version: 'o1',
    sessions: 30,
    error_sessions: 0,
    error_rate: 0,
    chunk_failures: 0,
    chunk_failure_rate: 0,
  },
  reason: null,
  sessions_needed: 12,
  since: 1,
  at: 2,
  ...over,
});

beforeEach(() => {
  resetApp();
  appStore.set(setOpsSessionAtom, {
    token: `ops_${'c'.repeat(64)}`,
    me: {
      id: 1,
      email: 'admin@meridian.test',
      roles: ['admin'],
      expires_at: Date.now() + 1e6,
      idle_timeout_ms: 1e6,
    },
  });
});

const confirmDialog = async (button: string) =>
  fireEvent.click(await within(await screen.findByRole('dialog')).findByRole('button', { name: button }));

it('offers only newer published versions, keeps a refused share as typed with its reason, starts after a confirmation', async () => {
  const server = mockServer({ 'POST /api/ops/remotes/canary': ok(remote(), 'Started') });
  const onChanged = jest.fn();
  renderPage(<RemoteCanary remote={remote()} onChanged={onChanged} />);
  const select = screen.getByTestId('ops-canary-select-mf-orders');
  // o0 was current before (a rollback's), o1 is current: only o2 may be tried.
  expect(
    within(select)
      .getAllByRole('option')
      .map((o) => o.textContent),
  ).toEqual(['o2']);
  const share = screen.getByTestId('ops-canary-percent-mf-orders');
  const start = screen.getByTestId('ops-canary-start-mf-orders');
  expect(start).toBeDisabled();
  for (const [typed, reason] of [
    ['150', 'at most 99'],
    ['12.5', 'whole numbers only'],
    ['0', '1'],
  ] as const) {
    fireEvent.change(share, { target: { value: typed } });
    expect(share).toHaveValue(typed);
    expect(await screen.findByTestId('ops-canary-percent-mf-orders-error')).toHaveTextContent(
      new RegExp(reason, 'i'),
    );
    expect(start).toBeDisabled();
  }
  fireEvent.change(share, { target: { value: '25' } });
  await waitFor(() => expect(start).toBeEnabled());
  fireEvent.click(start);
  expect(await screen.findByRole('dialog')).toHaveTextContent(
    'o2 will run on 25 % of devices, the same devices at every visit; the others keep o1.',
  );
  expect(server.find('/api/ops/remotes/canary')).toHaveLength(0);
  await confirmDialog('Start canary');
  await waitFor(() => expect(server.find('/api/ops/remotes/canary')).toHaveLength(1));
  expect(server.find('/api/ops/remotes/canary')[0]!.body).toEqual({
    remote: 'mf-orders',
    version: 'o2',
    percent: '25',
  });
  await waitFor(() => expect(onChanged).toHaveBeenCalled());
});

it('a running canary: its health beside the current version, the rule, promote and abort behind confirmations', async () => {
  const server = mockServer({
    'POST /api/ops/remotes/promote': ok(remote(), 'Promoted'),
    'POST /api/ops/remotes/abort': ok(remote(), 'Aborted'),
  });
  const running = remote({
    canary: {
      version: 'o2',
      percent: 10,
      since: '2026-01-01T10:00:00.000Z',
      by: 'ops@x.test',
      check: check(),
    },
  });
  const { rerender } = renderPage(<RemoteCanary remote={running} onChanged={() => undefined} />);
  const health = screen.getByTestId('ops-canary-health');
  expect(
    within(health)
      .getAllByRole('row')
      .map((r) => r.textContent),
  ).toEqual(['VersionSessionsSessions with errorsChunk-load failures', 'Canaryo2850 %0', 'Currento1300 %0']);
  expect(screen.getByTestId('ops-canary-verdict')).toHaveTextContent(
    'The rule acts after 12 more canary sessions.',
  );

  fireEvent.click(screen.getByTestId('ops-canary-abort-mf-orders'));
  expect(await screen.findByRole('dialog')).toHaveTextContent(
    'Every device goes back to o1 at its next visit.',
  );
  await confirmDialog('Abort');
  await waitFor(() => expect(server.find('/api/ops/remotes/abort')).toHaveLength(1));
  fireEvent.click(screen.getByTestId('ops-canary-promote-mf-orders'));
  await confirmDialog('Promote');
  await waitFor(() => expect(server.find('/api/ops/remotes/promote')).toHaveLength(1));
  expect(server.find('/api/ops/remotes/promote')[0]!.body).toEqual({ remote: 'mf-orders' });

  rerender(
    <RemoteCanary
      remote={remote({
        canary: { ...running.canary!, check: check({ reason: 'errors', sessions_needed: 0 }) },
      })}
      onChanged={() => undefined}
    />,
  );
  expect(screen.getByTestId('ops-canary-verdict')).toHaveTextContent(
    'Breaks the rule: too many sessions with errors.',
  );
});

it('after an automatic stop, says what was stopped and the figures that decided it', () => {
  mockServer({});
  renderPage(
    <RemoteCanary
      remote={remote({
        history: [
          {
            at: '2026-01-01T10:05:00.000Z',
            action: 'auto_abort',
            from: 'o2',
            to: 'o1',
            by: 'auto:release-guard',
            check: check({ reason: 'errors', sessions_needed: 0 }),
          },
        ],
      })}
      onChanged={() => undefined}
    />,
  );
  const stopped = screen.getByTestId('ops-stopped-mf-orders');
  expect(stopped).toHaveTextContent(
    /Canary o2 was stopped automatically at .*; every device is back on o1\./,
  );
  expect(stopped).toHaveTextContent('Errors in 50 % of 8 sessions, against 0 % of 30 before.');
});
