/**
 * Release health on the host (docs/ops.md#release-health): page loads counted per remote version, errors given to
 * the right remote version (or to nobody), vitals given to the remote that showed, beacons bounded and sent when
 * the tab is hidden or left, with nothing personal in them.
 */
const remotes: { name: string; entry: string }[] = [];
jest.mock('@module-federation/enhanced/runtime', () => ({
  getInstance: () => ({ options: { remotes } }),
}));
const vitals: Record<string, (m: { id: string; value: number; entries: { startTime: number }[] }) => void> =
  {};
jest.mock('web-vitals', () => ({
  onLCP: (cb: never) => (vitals.LCP = cb),
  onINP: (cb: never) => (vitals.INP = cb),
  onCLS: (cb: never) => (vitals.CLS = cb),
}));

import { reportCaughtError } from '@meridian/shared';
import type { RemoteHealthBeacon } from '@meridian/shared/pure';
import { addVital, errorReader } from './telemetry-late';
import { createReporter, registeredVersion, remoteShown, startTelemetry } from './telemetry';

const V1 = '20261127-021413-1e9f374f33';
const V2 = '20261128-090000-aaaaaaaaaa';

function harness() {
  const sent: RemoteHealthBeacon[] = [];
  let clock = 0;
  const r = createReporter({
    session: 'S'.repeat(22),
    device: 'D'.repeat(22),
    send: (body) => {
      sent.push(JSON.parse(body) as RemoteHealthBeacon);
    },
    now: () => clock,
  });
  return { r, sent, at: (t: number) => (clock = t) };
}

const registered: Record<string, string> = { 'mf-orders': V1, 'mf-support': V1 };
const versionOf = (remote: string) => registered[remote] ?? null;

describe('the reporter', () => {
  it('counts page loads per remote version and sends them in bounded beacons, then forgets them', () => {
    const { r, sent } = harness();
    r.shown({ remote: 'mf-orders', version: V1 });
    r.shown({ remote: 'mf-orders', version: V1 });
    r.shown({ remote: 'mf-orders', version: V2 });
    r.shown({ remote: 'mf-support', version: V1 });
    r.flush();
    // Two remote versions per beacon; the tab's and the device's random ids, nothing else about the sender.
    expect(sent.map((b) => b.items.map((i) => [i.remote, i.version, i.loads]))).toEqual([
      [
        ['mf-orders', V1, 2],
        ['mf-orders', V2, 1],
      ],
      [['mf-support', V1, 1]],
    ]);
    expect(Object.keys(sent[0]!).sort()).toEqual(['device', 'items', 'session']);
    r.flush();
    expect(sent).toHaveLength(2);
  });

  it('sends what waits before an eleventh remote version, and caps every counter', () => {
    const { r, sent } = harness();
    for (let i = 0; i < 11; i++)
      r.shown({ remote: 'mf-orders', version: `2026110${i % 10}-000000-${i}aaaaaaaaa` });
    expect(sent.flatMap((b) => b.items)).toHaveLength(10);
    for (let i = 0; i < 1200; i++) r.count({ remote: 'mf-funds', version: V1 }, 'render_errors');
    r.flush();
    const funds = sent.flatMap((b) => b.items).find((i) => i.remote === 'mf-funds');
    expect(funds?.render_errors).toBe(1000);
  });
});

describe('reading errors', () => {
  const boundary = (error: unknown, remote?: string) => ({ error, remote, unhandled: false });
  const window_ = (error: unknown) => ({ error, unhandled: true });
  const stackIn = (remote: string, version: string) =>
    `TypeError: boom\n    at Page (https://m.example.com/remotes/${remote}/${version}/12.js?t=x:1:99)`;

  it('gives each error to the right remote version, and to nobody when no remote is in it', () => {
    const { r, sent } = harness();
    const read = errorReader(r, versionOf);
    // The route boundary's remote, the version from its stack.
    read(boundary(Object.assign(new TypeError('boom'), { stack: stackIn('mf-orders', V2) }), 'mf-orders'));
    // Unhandled: by the remote files in its stack.
    read(window_(Object.assign(new Error('later'), { stack: stackIn('mf-support', V1) })));
    // The host's own error: not a remote's health.
    read(
      window_(Object.assign(new Error('host'), { stack: 'Error: host\n    at x (http://h/main.js:1:2)' })),
    );
    // A chunk of a remote that did not load: a chunk failure of the version in its URL.
    read(
      window_(
        Object.assign(new Error(`Loading chunk 7 failed.\n(error: http://h/remotes/mf-orders/${V1}/7.js)`), {
          name: 'ChunkLoadError',
        }),
      ),
    );
    // The page's load timed out: the route boundary's remote, at the version registered.
    read(boundary(new Error('mf-support timed out after 15000 ms'), 'mf-support'));
    // A part's boundary (no remote) with nothing of a remote in the stack: nobody's.
    read(boundary(new Error('chart broke')));
    r.flush();
    const items = sent.flatMap((b) => b.items);
    const row = (remote: string, version: string) =>
      items.find((i) => i.remote === remote && i.version === version);
    expect(row('mf-orders', V2)).toMatchObject({
      render_errors: 1,
      errors: [
        { kind: 'render', message: 'TypeError: boom', frame: `Page (/remotes/mf-orders/${V2}/12.js:1:99)` },
      ],
    });
    expect(row('mf-support', V1)).toMatchObject({ unhandled_errors: 1, chunk_failures: 1 });
    expect(row('mf-orders', V1)).toMatchObject({ chunk_failures: 1, render_errors: 0, unhandled_errors: 0 });
    expect(items).toHaveLength(3);
    expect(JSON.stringify(sent)).not.toContain('?t=x');
    expect(JSON.stringify(sent)).not.toContain('m.example.com');
  });

  it('counts one error object once, keeps each distinct sample once and at most 5, cleaned', () => {
    const { r, sent } = harness();
    const read = errorReader(r, versionOf);
    const e = Object.assign(new Error('same'), { stack: stackIn('mf-orders', V1) });
    read(boundary(e, 'mf-orders'));
    read(window_(e));
    for (let i = 0; i < 3; i++) read(boundary(new Error('again'), 'mf-orders'));
    for (let i = 0; i < 10; i++) read(boundary(new Error(`n${i} for trader@example.com`), 'mf-orders'));
    r.flush();
    const it = sent[0]!.items[0]!;
    expect(it.render_errors).toBe(14);
    expect(it.errors.map((s) => s.message)).toEqual([
      'same',
      'again',
      'n0 for [email]',
      'n1 for [email]',
      'n2 for [email]',
    ]);
  });

  it('an error of a remote whose version is not known is not counted', () => {
    const { r, sent } = harness();
    errorReader(r, () => null)(boundary(new Error('x'), 'mf-funds'));
    r.flush();
    expect(sent).toEqual([]);
  });
});

describe('vitals', () => {
  it('go to the remote that showed when they happened; LCP to the first page', () => {
    const { r, sent, at } = harness();
    at(10);
    const leave = r.shown({ remote: 'mf-markets', version: V1 });
    at(5000);
    leave();
    at(5001);
    r.shown({ remote: 'mf-orders', version: V1 });
    addVital(r, 'LCP', 1234.56, 'landing');
    addVital(r, 'INP', 180, 3000);
    addVital(r, 'INP', 90, 6000);
    addVital(r, 'CLS', 0.123456, 6100);
    // Before any page, and an impossible value: nobody's.
    addVital(r, 'INP', 50, 1);
    addVital(r, 'LCP', Number.NaN, 'landing');
    r.flush();
    const items = sent.flatMap((b) => b.items);
    expect(items.find((i) => i.remote === 'mf-markets')?.vitals).toEqual([
      { name: 'LCP', value: 1235 },
      { name: 'INP', value: 180 },
    ]);
    expect(items.find((i) => i.remote === 'mf-orders')?.vitals).toEqual([
      { name: 'INP', value: 90 },
      { name: 'CLS', value: 0.1235 },
    ]);
  });
});

describe('in the page', () => {
  const beacons: string[] = [];

  beforeAll(() => {
    remotes.push({ name: 'mf_orders', entry: `http://localhost/remotes/mf-orders/${V1}/remoteEntry.js` });
    Object.defineProperty(navigator, 'sendBeacon', {
      configurable: true,
      value: (url: string, body: string) => {
        beacons.push(`${url} ${body}`);
        return true;
      },
    });
    sessionStorage.clear();
    startTelemetry(() => 'http://localhost/');
  });

  const lastBeacon = () => {
    const last = beacons.at(-1) ?? '';
    const [url, body] = [last.slice(0, last.indexOf(' ')), last.slice(last.indexOf(' ') + 1)];
    return { url, beacon: JSON.parse(body) as RemoteHealthBeacon };
  };

  it('reads the registered version from the federation runtime', () => {
    expect(registeredVersion('mf-orders')).toBe(V1);
    expect(registeredVersion('mf-funds')).toBeNull();
  });

  it('sends page loads when the tab is hidden, to the API host, with the tab and device ids only', () => {
    const leave = remoteShown('mf-orders');
    leave();
    Object.defineProperty(document, 'visibilityState', { configurable: true, value: 'hidden' });
    document.dispatchEvent(new Event('visibilitychange'));
    Object.defineProperty(document, 'visibilityState', { configurable: true, value: 'visible' });
    const { url, beacon } = lastBeacon();
    expect(url).toBe('http://localhost/api/telemetry/remotes');
    expect(beacon.items).toEqual([expect.objectContaining({ remote: 'mf-orders', version: V1, loads: 1 })]);
    expect(beacon.session).toBe(sessionStorage.getItem('meridian.telemetry.session'));
    expect(beacon.device).toBe(localStorage.getItem('meridian.device'));
  });

  it('reads a boundary’s error once the late chunk has loaded, and sends it when the page is left', async () => {
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    reportCaughtError(new TypeError('page broke'), 'mf-orders');
    // The late chunk loads on the first error.
    await new Promise((resolve) => setTimeout(resolve, 50));
    window.dispatchEvent(new Event('pagehide'));
    warn.mockRestore();
    expect(lastBeacon().beacon.items[0]).toMatchObject({
      remote: 'mf-orders',
      version: V1,
      render_errors: 1,
      errors: [{ kind: 'render', message: 'TypeError: page broke', frame: null }],
    });
    // The vitals are watched from then on.
    expect(Object.keys(vitals).sort()).toEqual(['CLS', 'INP', 'LCP']);
  });
});
