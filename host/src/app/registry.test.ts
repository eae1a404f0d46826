/**
 * A tab left open picks up a release or rollback on its next visit to that remote: the registry is read again
 * when it is older than REGISTRY_STALE_MS, and only the remotes whose version changed are re-registered.
 */
const registerRemotes = jest.fn();
jest.mock('@module-federation/enhanced/runtime', () => ({
  getInstance: () => ({ registerRemotes, loadRemote: jest.fn() }),
  registerRemotes: jest.fn(),
  loadRemote: jest.fn(),
  // The runtime's own version check, as the host uses it.
  satisfy: (jest.requireActual('@module-federation/enhanced/runtime') as { satisfy: unknown }).satisfy,
}));

import {
  enteredVersion,
  ensureRegistry,
  refreshRegistry,
  refused,
  registryChanged,
  REGISTRY_STALE_MS,
  servedVersion,
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

describe('a remote built against a contract this host cannot serve', () => {
  const entry = {
    current: 'v3',
    versions: [
      { version: 'v1', contract: '^0.1.0' },
      { version: 'v2', contract: '^0.1.0' },
      { version: 'v3', contract: '^0.2.0' },
    ],
    history: [
      { from: null, to: 'v1' },
      { from: 'v1', to: 'v2' },
      { from: 'v2', to: 'v3' },
    ],
  };
  beforeEach(() => refused.clear());

  it('runs the current version when its range holds the host contract', () => {
    expect(servedVersion('mf-orders', entry, '0.2.4')).toBe('v3');
    expect(servedVersion('mf-orders', { current: 'v9' }, '0.1.0')).toBe('v9'); // nothing recorded: no refusal
    expect(refused.size).toBe(0);
  });

  it('refuses it and runs the most recent earlier current version that fits, reporting it', () => {
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    expect(servedVersion('mf-orders', entry, '0.1.0')).toBe('v2');
    expect(refused.get('mf-orders')).toEqual({ version: 'v3', fallback: 'v2' });
    expect(warn.mock.calls[0]?.[0]).toMatch(
      /mf-orders v3 needs @meridian\/shared \^0\.2\.0.*running v2 instead/,
    );
    // None fits: not loaded at all (its routes show the remote's fallback), never the incompatible one.
    expect(servedVersion('mf-orders', entry, '1.0.0')).toBeNull();
    warn.mockRestore();
  });
});
