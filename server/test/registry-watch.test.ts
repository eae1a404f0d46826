/**
 * The registry watch: a change of a remote's current version in remotes.json is published once on REMOTES, by the
 * lease holder only; an unreadable or half-written file publishes nothing and is read again.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { BusEvent } from '../src/realtime/bus';
import { LocalBus } from '../src/realtime/bus';
import { canaryShares, currentVersions, watchRegistry } from '../src/modules/static/registry-watch';

const registry = (markets: string, orders = 'o1', canary?: { version: string; percent: number }) =>
  JSON.stringify({
    remotes: {
      'mf-markets': { current: markets, versions: [], history: [] },
      'mf-orders': {
        current: orders,
        versions: [],
        history: [],
        ...(canary ? { canary: { ...canary, since: '2026-01-01T00:00:00.000Z', by: 'x' } } : {}),
      },
    },
  });

describe('registry watch', () => {
  let dir: string;
  let file: string;
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'registry-watch-'));
    file = path.join(dir, 'remotes.json');
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  const setup = (leader: boolean, bus = new LocalBus()) => {
    const events: BusEvent[] = [];
    bus.subscribe((e) => events.push(e));
    const watch = watchRegistry({ file, bus, lease: { isLeader: () => leader }, intervalMs: 60_000 });
    return { events, watch, bus };
  };

  it('publishes each change of a current version once, with every remote current', async () => {
    fs.writeFileSync(file, registry('m1'));
    const { events, watch } = setup(true);
    try {
      expect(await watch.check()).toBe(false); // the first read is the starting point
      fs.writeFileSync(file, registry('m2'));
      expect(await watch.check()).toBe(true);
      expect(await watch.check()).toBe(false); // unchanged: nothing more
      fs.writeFileSync(file, registry('m2', 'o0'));
      expect(await watch.check()).toBe(true);
      expect(events).toEqual([
        { topic: 'REMOTES', data: [{ remotes: { 'mf-markets': 'm2', 'mf-orders': 'o1' }, canaries: {} }] },
        { topic: 'REMOTES', data: [{ remotes: { 'mf-markets': 'm2', 'mf-orders': 'o0' }, canaries: {} }] },
      ]);
    } finally {
      watch.stop();
    }
  });

  it('a node without the lease publishes nothing; a half-written or missing file is read again later', async () => {
    fs.writeFileSync(file, registry('m1'));
    const follower = setup(false);
    const leader = setup(true, follower.bus);
    try {
      await follower.watch.check();
      await leader.watch.check();
      fs.writeFileSync(file, registry('m2').slice(0, 20));
      expect(await leader.watch.check()).toBe(false);
      fs.writeFileSync(file, registry('m2'));
      expect(await follower.watch.check()).toBe(false);
      expect(await leader.watch.check()).toBe(true);
      // One event on the bus the nodes share: the leader's.
      expect(follower.events.filter((e) => e.topic === 'REMOTES')).toHaveLength(1);
      fs.rmSync(file);
      expect(await leader.watch.check()).toBe(false);
    } finally {
      follower.watch.stop();
      leader.watch.stop();
    }
  });

  it('publishes a canary started, its share changed, and its end (abort or promote), each once', async () => {
    fs.writeFileSync(file, registry('m1', 'o1'));
    const { events, watch } = setup(true);
    try {
      await watch.check();
      fs.writeFileSync(file, registry('m1', 'o1', { version: 'o2', percent: 10 }));
      expect(await watch.check()).toBe(true);
      expect(await watch.check()).toBe(false);
      fs.writeFileSync(file, registry('m1', 'o1', { version: 'o2', percent: 50 }));
      expect(await watch.check()).toBe(true);
      fs.writeFileSync(file, registry('m1', 'o1'));
      expect(await watch.check()).toBe(true);
      expect(events.map((e) => e.data)).toEqual([
        [
          {
            remotes: { 'mf-markets': 'm1', 'mf-orders': 'o1' },
            canaries: { 'mf-orders': { version: 'o2', percent: 10 } },
          },
        ],
        [
          {
            remotes: { 'mf-markets': 'm1', 'mf-orders': 'o1' },
            canaries: { 'mf-orders': { version: 'o2', percent: 50 } },
          },
        ],
        [{ remotes: { 'mf-markets': 'm1', 'mf-orders': 'o1' }, canaries: {} }],
      ]);
      expect(canaryShares('{"remotes":{"x":{"canary":{"version":"v","percent":"5"}}}}')).toEqual({});
      expect(canaryShares('[]')).toBeNull();
    } finally {
      watch.stop();
    }
  });

  it('reads the current versions of a registry, and nothing from anything else', () => {
    expect(currentVersions(registry('a', 'b'))).toEqual({ 'mf-markets': 'a', 'mf-orders': 'b' });
    expect(currentVersions('{"remotes":{"x":{"current":""},"y":{}}}')).toEqual({});
    for (const bad of ['', 'null', '[]', '{"remotes":1}', '{"remotes"'])
      expect(currentVersions(bad)).toBeNull();
  });
});
