/**
 * A tab left open picks up a release or rollback on its next visit to that remote: the registry is read again
 * when it is older than REGISTRY_STALE_MS, and only the remotes whose version changed are re-registered.
 */
const registerRemotes = jest.fn();
jest.mock('@module-federation/enhanced/runtime', () => ({
  getInstance: () => ({ registerRemotes, loadRemote: jest.fn() }),
  registerRemotes: jest.fn(),
  loadRemote: jest.fn(),
}));

import {
  enteredVersion,
  ensureRegistry,
  refreshRegistry,
  registryChanged,
  REGISTRY_STALE_MS,
} from './registry';

function serve(versions: Record<string, string>) {
  globalThis.fetch = jest.fn(async () => ({
    ok: true,
    json: async () => ({
      remotes: Object.fromEntries(Object.entries(versions).map(([k, v]) => [k, { current: v }])),
    }),
  })) as unknown as typeof fetch;
}

it('trusts a fresh registry, asks again when stale, and re-registers only what changed', async () => {
  let now = 1_000_000;
  jest.spyOn(Date, 'now').mockImplementation(() => now);
  serve({ 'mf-support': 'v1', 'mf-orders': 'o1' });
  await ensureRegistry();
  expect(registerRemotes).toHaveBeenCalledTimes(1);
  expect(enteredVersion('mf-support')).toBe('v1');

  now += REGISTRY_STALE_MS + 1;
  // Stale: the route waits for a fresh read instead of trusting what it knows.
  expect(enteredVersion('mf-support')).toBe('');
  serve({ 'mf-support': 'v2', 'mf-orders': 'o1' });
  await refreshRegistry();
  expect(enteredVersion('mf-support')).toBe('v2');
  expect(registerRemotes).toHaveBeenCalledTimes(2);
  const [list, options] = registerRemotes.mock.calls[1] as [
    { name: string; entry: string }[],
    { force: boolean },
  ];
  expect(list).toEqual([
    { name: 'mf_support', entry: expect.stringMatching(/\/remotes\/mf-support\/v2\/remoteEntry\.js$/) },
  ]);
  expect(options).toEqual({ force: true });

  // Nothing changed: nothing re-registered (no reload loop, the loaded code stays).
  now += REGISTRY_STALE_MS + 1;
  await refreshRegistry();
  expect(registerRemotes).toHaveBeenCalledTimes(2);
});

it('a change heard on the socket makes the next visit read the registry again, only when a version moved', async () => {
  const now = 5_000_000;
  jest.spyOn(Date, 'now').mockImplementation(() => now);
  serve({ 'mf-support': 'v2', 'mf-orders': 'o1' });
  await refreshRegistry();
  expect(enteredVersion('mf-orders')).toBe('o1');
  // The same versions (another node's echo, a history-only edit): still trusted.
  expect(registryChanged({ remotes: { 'mf-support': 'v2', 'mf-orders': 'o1' } })).toBe(false);
  expect(enteredVersion('mf-orders')).toBe('o1');
  // mf-orders rolled back: the next visit reads the registry first, then loads o0.
  expect(registryChanged({ remotes: { 'mf-support': 'v2', 'mf-orders': 'o0' } })).toBe(true);
  expect(enteredVersion('mf-orders')).toBe('');
  serve({ 'mf-support': 'v2', 'mf-orders': 'o0' });
  await refreshRegistry();
  expect(enteredVersion('mf-orders')).toBe('o0');
});
