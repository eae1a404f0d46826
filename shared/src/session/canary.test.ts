import { canaryBucket, inCanary } from './canary';

/** Deterministic random-looking device ids (a fixed LCG): the bucket reads any string. */
function ids(n: number): string[] {
  let x = 12345;
  return Array.from({ length: n }, () => {
    let s = '';
    for (let i = 0; i < 4; i++) {
      x = (Math.imul(x, 1103515245) + 12345) >>> 0;
      s += x.toString(16).padStart(8, '0');
    }
    return s;
  });
}

describe('canary selection', () => {
  it('is sticky: the same device, remote and version always land on the same side', () => {
    for (const id of ids(200)) {
      const b = canaryBucket(id, 'mf-orders', 'v2');
      expect(b).toBeGreaterThanOrEqual(0);
      expect(b).toBeLessThan(100);
      for (let i = 0; i < 3; i++) expect(canaryBucket(id, 'mf-orders', 'v2')).toBe(b);
      expect(inCanary(id, 'mf-orders', 'v2', 30)).toBe(b < 30);
    }
  });

  it.each([1, 10, 50, 90])('sends about %i %% of many devices to the canary', (percent) => {
    const all = ids(20_000);
    const share = all.filter((id) => inCanary(id, 'mf-support', '20260101-000000-abc', percent)).length;
    // 20,000 draws: the binomial standard deviation is under 0.36 points; 1.5 points is over 4 of them.
    expect(Math.abs((share / all.length) * 100 - percent)).toBeLessThan(1.5);
  });

  it('draws a different set of devices for another version or remote', () => {
    const all = ids(2000);
    const a = all.filter((id) => inCanary(id, 'mf-support', 'v1', 50));
    const b = all.filter((id) => inCanary(id, 'mf-support', 'v2', 50));
    const c = all.filter((id) => inCanary(id, 'mf-orders', 'v1', 50));
    const overlap = (x: string[], y: string[]) => x.filter((id) => y.includes(id)).length / x.length;
    // Independent draws overlap about half; the same draw would overlap fully.
    expect(overlap(a, b)).toBeLessThan(0.6);
    expect(overlap(a, c)).toBeLessThan(0.6);
  });

  it('0 % sends nobody, 100 % everybody', () => {
    for (const id of ids(300)) {
      expect(inCanary(id, 'mf-funds', 'v', 0)).toBe(false);
      expect(inCanary(id, 'mf-funds', 'v', 100)).toBe(true);
    }
  });
});
