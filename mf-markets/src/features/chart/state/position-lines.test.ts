import { appStore, clearSessionAtom, setSessionAtom, TOPICS } from '@meridian/shared';
import { fakeRealtime } from '@meridian/shared/testing';
import { BUY, SELL } from '@meridian/shared/pure';
import type { OrderView } from '@meridian/shared/pure';
import { levelsOf, watchPositionLines } from './position-lines';
import type { PositionLevel } from './position-lines';

const order = (over: Partial<OrderView>): OrderView =>
  ({
    Id: 1,
    ForexId: 7,
    OrderType: BUY,
    Quantity: 0.1,
    Status: 1,
    Price: '1.10000',
    FillPrice: '1.10010',
    TargetLossPrice: '0',
    TargetProfitPrice: '0',
    TargetPrice: '0',
    PendingKind: null,
    ...over,
  }) as OrderView;

const flush = () => new Promise((r) => setTimeout(r, 0));

describe('the trader’s levels on the chart', () => {
  it('a holding order gives its entry (the fill), and its stop loss and take profit when set', () => {
    const levels = levelsOf([order({ TargetLossPrice: '1.09', TargetProfitPrice: '1.12' })], 7);
    expect(levels.map((l) => [l.kind, l.price])).toEqual([
      ['entry', 1.1001],
      ['sl', 1.09],
      ['tp', 1.12],
    ]);
  });

  it('a pending order gives its target with its kind; other instruments and closed orders give nothing', () => {
    const levels = levelsOf(
      [
        order({ Id: 2, Status: 0, OrderType: SELL, TargetPrice: '1.2', PendingKind: 'limit' }),
        order({ Id: 3, ForexId: 8 }),
        order({ Id: 4, Status: 3 }),
      ],
      7,
    );
    expect(levels).toEqual([
      expect.objectContaining({ kind: 'pending', price: 1.2, side: SELL, pendingKind: 'limit', orderId: 2 }),
    ]);
  });

  it('loads for a signed-in trader, passes on a change of level only, and loads again when an order closes', async () => {
    const socket = fakeRealtime();
    appStore.set(setSessionAtom, { token: 't', user: null as never });
    const load = jest.fn().mockResolvedValue([order({ TargetLossPrice: '1.09' })]);
    const seen: PositionLevel[][] = [];
    const stop = watchPositionLines(7, (l) => seen.push(l), load);
    await flush();
    expect(load).toHaveBeenCalledTimes(1);
    expect(seen.at(-1)?.map((l) => l.kind)).toEqual(['entry', 'sl']);
    // The same levels with a new P/L: nothing to redraw.
    socket.emit(TOPICS.forexTrade, [order({ TargetLossPrice: '1.09', FactProfits: '3.000000' })]);
    expect(seen).toHaveLength(1);
    // The stop loss moved: one change.
    socket.emit(TOPICS.forexTrade, [order({ TargetLossPrice: '1.095' })]);
    expect(seen).toHaveLength(2);
    expect(seen.at(-1)?.find((l) => l.kind === 'sl')?.price).toBe(1.095);
    load.mockResolvedValue([]);
    socket.emit(TOPICS.forexClosed, order({ Status: 3 }));
    await flush();
    expect(load).toHaveBeenCalledTimes(2);
    expect(seen.at(-1)).toEqual([]);
    stop();
    socket.detach();
    appStore.set(clearSessionAtom);
  });

  it('a new market order comes from the socket alone; a pending order that filled loads the list again', async () => {
    const socket = fakeRealtime();
    appStore.set(setSessionAtom, { token: 't', user: null as never });
    const load = jest
      .fn()
      .mockResolvedValue([order({ Id: 5, Status: 0, TargetPrice: '1.05', PendingKind: 'limit' })]);
    const seen: PositionLevel[][] = [];
    const stop = watchPositionLines(7, (l) => seen.push(l), load);
    await flush();
    socket.emit(TOPICS.forexTrade, [order({ Id: 6 })]);
    expect(load).toHaveBeenCalledTimes(1);
    expect(seen.at(-1)?.map((l) => l.kind)).toEqual(['pending', 'entry']);
    load.mockResolvedValue([order({ Id: 5 }), order({ Id: 6 })]);
    socket.emit(TOPICS.forexTrade, [order({ Id: 5 }), order({ Id: 6 })]);
    await flush();
    expect(load).toHaveBeenCalledTimes(2);
    expect(seen.at(-1)?.map((l) => l.kind)).toEqual(['entry', 'entry']);
    stop();
    socket.detach();
    appStore.set(clearSessionAtom);
  });

  it('a guest has no levels and nothing is loaded', async () => {
    appStore.set(clearSessionAtom);
    const load = jest.fn().mockResolvedValue([order({})]);
    const seen: PositionLevel[][] = [];
    const stop = watchPositionLines(7, (l) => seen.push(l), load);
    await flush();
    expect(load).not.toHaveBeenCalled();
    expect(seen).toEqual([]);
    stop();
  });
});

describe('levels shared by the charts of one instrument', () => {
  it('one load for every chart of it; a remount within the grace time loads nothing again', async () => {
    const { mockServer, ok } = await import('@meridian/shared/testing');
    const { subscribeLevels } = await import('./position-lines');
    appStore.set(setSessionAtom, { token: 't', user: null as never });
    const server = mockServer({
      '/v1/api/forex/my_deal': ok({
        data: [order({ ForexId: 9, TargetProfitPrice: '1.2' })],
        total: 1,
        all_fact_profits: '0',
        balance: '0',
      }),
    });
    const a: PositionLevel[][] = [];
    const offA = subscribeLevels(9, (l) => a.push(l));
    await flush();
    const offB = subscribeLevels(9, () => undefined);
    offA();
    offB();
    // The period switch: the chart comes back at once.
    const offC = subscribeLevels(9, (l) => a.push(l));
    await flush();
    expect(server.find('/v1/api/forex/my_deal')).toHaveLength(2); // holding and pending, once
    // (The fake answers both statuses with the same order.)
    expect(new Set(a.at(-1)?.map((l) => l.kind))).toEqual(new Set(['entry', 'tp']));
    offC();
    appStore.set(clearSessionAtom);
  });
});
