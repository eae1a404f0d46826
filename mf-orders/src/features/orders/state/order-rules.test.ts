import { ORDER_STATUS } from '../api/orders-api';
import { order } from '../../../testing/fixtures';
import { checkStopsEdit, floatingOf, mergeLive, removeOrder, statusFromParam, stopText } from './order-rules';

describe('statusFromParam', () => {
  it('maps type 1, 0, 3 and falls back to holding', () => {
    expect(statusFromParam('1')).toBe(ORDER_STATUS.holding);
    expect(statusFromParam('0')).toBe(ORDER_STATUS.pending);
    expect(statusFromParam('3')).toBe(ORDER_STATUS.closed);
    expect(statusFromParam(null)).toBe(ORDER_STATUS.holding);
    expect(statusFromParam('7')).toBe(ORDER_STATUS.holding);
  });
});

describe('mergeLive', () => {
  const a = order({ Id: 1 });
  const b = order({ Id: 2 });
  it('replaces loaded holding orders in place, keeping order and untouched items', () => {
    const live = [order({ Id: 2, FactProfits: '5.000000', UpdatePrice: '150' }), order({ Id: 9 })];
    const next = mergeLive([a, b], live, ORDER_STATUS.holding);
    expect(next.map((o) => o.Id)).toEqual([1, 2]); // nothing appended
    expect(next[0]).toBe(a);
    expect(next[1]?.FactProfits).toBe('5.000000');
    expect(next[1]?.UpdatePrice).toBe('150');
  });
  it('returns the same list when nothing applies (no re-render)', () => {
    const items = [a, b];
    expect(mergeLive(items, [order({ Id: 9 })], ORDER_STATUS.holding)).toBe(items);
    expect(mergeLive(items, [], ORDER_STATUS.holding)).toBe(items);
    expect(mergeLive(items, [order({ Id: 1 })], ORDER_STATUS.closed)).toBe(items);
  });
  it('drops a pending order that shows up live (it was filled)', () => {
    const next = mergeLive([a, b], [order({ Id: 1 })], ORDER_STATUS.pending);
    expect(next.map((o) => o.Id)).toEqual([2]);
  });
});

describe('removeOrder and floatingOf', () => {
  it('removes by id, same list when absent', () => {
    const items = [order({ Id: 1 }), order({ Id: 2 })];
    expect(removeOrder(items, 1).map((o) => o.Id)).toEqual([2]);
    expect(removeOrder(items, 5)).toBe(items);
  });
  it('sums the P/L of a FOREX_TRADE batch exactly at 6 decimals', () => {
    expect(floatingOf([order({ FactProfits: '0.100000' }), order({ FactProfits: '0.200000' })])).toBe(0.3);
    expect(floatingOf([order({ FactProfits: '-2.859000' })])).toBe(-2.859);
  });
});

describe('checkStopsEdit (the ticket rules)', () => {
  const rich = 100000;
  const buy = order({ OrderType: 1, UpdatePrice: '100' });
  const sell = order({ OrderType: 2, UpdatePrice: '100' });
  it("a long's stop loss below and take profit above the current bid", () => {
    expect(checkStopsEdit(buy, { stopLoss: '101', takeProfit: '' }, rich)).toEqual({
      kind: 'error',
      key: 'stops.slBelow',
    });
    expect(checkStopsEdit(buy, { stopLoss: '100', takeProfit: '' }, rich)).toEqual({
      kind: 'error',
      key: 'stops.slBelow',
    });
    expect(checkStopsEdit(buy, { stopLoss: '', takeProfit: '99' }, rich)).toEqual({
      kind: 'error',
      key: 'stops.tpAbove',
    });
    expect(checkStopsEdit(buy, { stopLoss: '90', takeProfit: '110' }, rich)).toEqual({
      kind: 'ok',
      stopLoss: '90',
      takeProfit: '110',
    });
  });
  it("a short's the reverse", () => {
    expect(checkStopsEdit(sell, { stopLoss: '99', takeProfit: '' }, rich)).toEqual({
      kind: 'error',
      key: 'stops.slAbove',
    });
    expect(checkStopsEdit(sell, { stopLoss: '', takeProfit: '101' }, rich)).toEqual({
      kind: 'error',
      key: 'stops.tpBelow',
    });
    expect(checkStopsEdit(sell, { stopLoss: '110', takeProfit: '90' }, rich).kind).toBe('ok');
  });
  it('a pending order is checked against its target price', () => {
    const pending = order({ Status: 0, Price: '50', UpdatePrice: '0' });
    expect(checkStopsEdit(pending, { stopLoss: '45', takeProfit: '55' }, rich).kind).toBe('ok');
    expect(checkStopsEdit(pending, { stopLoss: '55', takeProfit: '' }, rich)).toEqual({
      kind: 'error',
      key: 'stops.slBelow',
    });
  });
  it('below 50000 of balance no level may be set, but both may be cleared', () => {
    expect(checkStopsEdit(buy, { stopLoss: '90', takeProfit: '' }, 49999.99)).toEqual({
      kind: 'error',
      key: 'stops.notAllowed',
    });
    expect(checkStopsEdit(buy, { stopLoss: '90', takeProfit: '' }, null).kind).toBe('error');
    expect(checkStopsEdit(buy, { stopLoss: '', takeProfit: '0' }, 10)).toEqual({
      kind: 'ok',
      stopLoss: '0',
      takeProfit: '0',
    });
    expect(checkStopsEdit(buy, { stopLoss: '90', takeProfit: '' }, 50000).kind).toBe('ok');
  });
  it('refuses text that is not a price', () => {
    expect(stopText('1.2.3', 5)).toBeNull();
    expect(stopText('-1', 5)).toBeNull();
    expect(stopText('-0', 5)).toBeNull();
    expect(stopText('1e308', 5)).toBeNull();
    // Below the precision: refused, never read as 0 (which would clear the level).
    expect(stopText('0.0000000001', 5)).toBeNull();
    expect(stopText('', 5)).toBe('0');
    expect(stopText('0.00', 5)).toBe('0');
    expect(stopText('1.10000', 5)).toBe('1.10000');
    expect(stopText('1,1', 5, 'de')).toBe('1.1');
    expect(stopText('1,1', 5, 'en')).toBeNull();
    expect(checkStopsEdit(buy, { stopLoss: 'abc', takeProfit: '' }, rich)).toEqual({
      kind: 'error',
      key: 'stops.invalid',
    });
  });
});
