/**
 * The crash drill (scripts/drill.ts) in both storage modes: about 1,000 concurrent submits, closes and cancels,
 * kill -9 mid-way, restart, then every acknowledged write present and every account's money consistent.
 */
import { runDrill } from '../scripts/drill';
import { MODES } from './helpers';

describe.each(MODES)('kill -9 drill (%s)', (mode) => {
  it('loses no acknowledged write and leaves every account consistent', async () => {
    const figures = await runDrill({ mode, operations: 1000, traders: 100 });
    expect(figures.acknowledged).toBeGreaterThan(100);
    // The kill really came mid-way: operations were still being sent.
    expect(figures.operationsSent).toBeLessThan(figures.operationsPlanned);
    expect(figures.problems).toEqual([]);
    expect(figures.acknowledgedLost).toBe(0);
  }, 240_000);
});
