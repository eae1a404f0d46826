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

import type * as Pure from '@meridian/shared/pure';
import {
  chosenVersion,
  enteredVersion,
  ensureRegistry,
  refreshRegistry,
  refused,
  registryChanged,
  REGISTRY_STALE_MS,
  runningVersion,
  servedVersion,
} from './registry';

type PureModule = typeof Pure;

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

describe('a canary: the device picks its side, sticky, and follows a change at its next visit', () => {
  // jest.requireActual: the real bucket, as the host uses it (the federation runtime is the only mock here).
  const { inCanary } = jest.requireActual<PureModule>('@meridian/shared/pure');
  // Shaped as deviceId() makes them (22 characters of base64url): another shape is replaced by a fresh id.
  const ids = (n: number) =>
    Array.from({ length: n }, (_, i) => `device-${i.toString(36).padStart(15, '0')}`);
  const entry = {
    current: 'o1',
    canary: { version: 'o2', percent: 30 },
    versions: [{ version: 'o1' }, { version: 'o2' }],
    history: [{ action: 'release', from: null, to: 'o1' }],
  };

  it('the same device gets the same version every time; about the canary share of devices get the canary', () => {
    const all = ids(4000);
    const picks = all.map((id) => chosenVersion('mf-orders', entry, id, '0.1.0'));
    all.forEach((id, i) => {
      expect(chosenVersion('mf-orders', entry, id, '0.1.0')).toBe(picks[i]);
      expect(picks[i]).toBe(inCanary(id, 'mf-orders', 'o2', 30) ? 'o2' : 'o1');
    });
    const share = picks.filter((v) => v === 'o2').length / all.length;
    expect(share).toBeGreaterThan(0.27);
    expect(share).toBeLessThan(0.33);
  });

  it('a canary this host cannot serve is not loaded: the device stays on the current version', () => {
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    const inside = ids(500).find((id) => inCanary(id, 'mf-orders', 'o2', 30))!;
    const wrong = { ...entry, canary: { version: 'o2', percent: 30, contract: '^9.0.0' } };
    expect(chosenVersion('mf-orders', wrong, inside, '0.1.0')).toBe('o1');
    expect(warn.mock.calls[0]?.[0]).toMatch(/mf-orders canary o2 needs @meridian\/shared \^9\.0\.0/);
    warn.mockRestore();
  });

  it('an aborted canary is never a contract fallback (its history rows did not make it current)', () => {
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    const e = {
      current: 'v3',
      versions: [
        { version: 'v1', contract: '^0.1.0' },
        { version: 'v2', contract: '^0.1.0' },
        { version: 'v3', contract: '^0.2.0' },
      ],
      history: [
        { action: 'release', from: null, to: 'v1' },
        { action: 'release', from: 'v1', to: 'v3' },
        { action: 'canary', from: 'v3', to: 'v2' },
        { action: 'auto_abort', from: 'v2', to: 'v3' },
      ],
    };
    expect(servedVersion('mf-orders', e, '0.1.0')).toBe('v1');
    warn.mockRestore();
  });

  it('a canary started, then aborted: a device in its share loads it at its next visit, then the current again', async () => {
    const now = 9_000_000;
    jest.spyOn(Date, 'now').mockImplementation(() => now);
    const inside = ids(500).find((id) => inCanary(id, 'mf-orders', 'o2', 30))!;
    const outside = ids(500).find((id) => !inCanary(id, 'mf-orders', 'o2', 30))!;
    const serveEntry = (e: object) => {
      globalThis.fetch = jest.fn(async () => ({
        ok: true,
        json: async () => ({ remotes: { 'mf-orders': e, 'mf-support': { current: 'v2' } } }),
      })) as unknown as typeof fetch;
    };
    const registered = () =>
      (registerRemotes.mock.calls.at(-1) as [{ name: string; entry: string }[]])[0].map((r) => r.entry);

    for (const [device, expected] of [
      [inside, 'o2'],
      [outside, 'o1'],
    ] as const) {
      localStorage.setItem('meridian.device', device);
      serveEntry({ current: 'o1' });
      await refreshRegistry();
      expect(enteredVersion('mf-orders')).toBe('o1');
      const calls = registerRemotes.mock.calls.length;

      // The canary starts: heard on the socket, the next visit reads the registry again.
      expect(registryChanged({ remotes: { 'mf-orders': 'o1', 'mf-support': 'v2' } })).toBe(false);
      expect(
        registryChanged({
          remotes: { 'mf-orders': 'o1', 'mf-support': 'v2' },
          canaries: { 'mf-orders': { version: 'o2', percent: 30 } },
        }),
      ).toBe(true);
      expect(enteredVersion('mf-orders')).toBe('');
      serveEntry(entry);
      await refreshRegistry();
      expect(enteredVersion('mf-orders')).toBe(expected);
      if (expected === 'o2') {
        expect(registerRemotes.mock.calls.length).toBe(calls + 1);
        expect(registered()).toEqual([expect.stringMatching(/\/remotes\/mf-orders\/o2\/remoteEntry\.js$/)]);
      } else {
        // Outside the share nothing is re-registered: the loaded code stays.
        expect(registerRemotes.mock.calls.length).toBe(calls);
      }
      expect(runningVersion('mf-orders')).toBe(expected);
      // The same canary again (another node's echo): still trusted.
      expect(
        registryChanged({
          remotes: { 'mf-orders': 'o1', 'mf-support': 'v2' },
          canaries: { 'mf-orders': { version: 'o2', percent: 30 } },
        }),
      ).toBe(false);

      // Aborted: every device back on o1 at its next visit, the canary's chunks not adopted by o1's container.
      const chunks = globalThis as { webpackChunkmf_orders?: unknown };
      chunks.webpackChunkmf_orders = ['o2 chunks'];
      expect(registryChanged({ remotes: { 'mf-orders': 'o1', 'mf-support': 'v2' }, canaries: {} })).toBe(
        true,
      );
      serveEntry({ ...entry, canary: undefined });
      await refreshRegistry();
      expect(chunks.webpackChunkmf_orders).toEqual(expected === 'o2' ? undefined : ['o2 chunks']);
      delete chunks.webpackChunkmf_orders;
      expect(enteredVersion('mf-orders')).toBe('o1');
      expect(runningVersion('mf-orders')).toBe('o1');
    }
  });
});
