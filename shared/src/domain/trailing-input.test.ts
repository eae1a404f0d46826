import { trailingStart } from './trailing-input';

describe('trailingStart: where a typed trailing distance starts', () => {
  it('puts a long below and a short above the close-side price, by points of the last decimal', () => {
    expect(trailingStart(1, '1.10000', '50', null, 5)).toEqual({ points: 50, level: '1.09950' });
    expect(trailingStart(2, '1.10020', '30', null, 5)).toEqual({ points: 30, level: '1.10050' });
  });

  it('keeps a stop loss typed when it is better for the trader', () => {
    expect(trailingStart(1, '1.10000', '50', '1.0998', 5).level).toBe('1.0998');
    expect(trailingStart(1, '1.10000', '50', '1.0900', 5).level).toBe('1.09950');
    expect(trailingStart(2, '1.10020', '30', '1.1001', 5).level).toBe('1.1001');
  });

  it('takes no hostile or partial distance, and says when a long has no level at all', () => {
    for (const bad of ['', '-5', '1.5', '1e3', 'NaN', '0', '1000001', '1e308'])
      expect(trailingStart(1, '1.1', bad, null, 5)).toEqual({ points: null, level: null });
    expect(trailingStart(1, '1.10000', '200000', null, 5)).toEqual({ points: 200000, level: null });
    // A comma-decimal language reads the same digits.
    expect(trailingStart(1, '1.10000', '50', null, 5, 'de')).toEqual({ points: 50, level: '1.09950' });
  });
});
