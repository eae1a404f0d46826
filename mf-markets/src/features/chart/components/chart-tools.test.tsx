import { act, fireEvent, screen, within } from '@testing-library/react';
import { appStore } from '@meridian/shared';
import { renderPage, resetApp } from '../../../testing/test-utils';
import { FrameStore } from '../state/chart-frame';
import { indicatorsAtom } from '../state/indicator-choice';
import type { ChartScale } from '../state/scale';
import type { PositionLevel } from '../state/position-lines';
import { IndicatorOverlay, OscillatorPanes, PositionLayer } from './chart-layers';
import { ChartTools } from './chart-tools';

// The trader's levels on the instrument, as the watcher would give them.
let mockLevels: PositionLevel[] = [];
jest.mock('../state/position-lines', () => ({
  subscribeLevels: (_id: number, listener: (levels: PositionLevel[]) => void) => {
    listener(mockLevels);
    return () => undefined;
  },
}));

beforeEach(() => {
  resetApp();
  for (const id of appStore.get(indicatorsAtom)) appStore.set(indicatorsAtom, { id, on: false });
});

const candles = Array.from({ length: 60 }, (_, i) => ({
  Time: i * 60_000,
  Open: 100 + i,
  High: 101 + i,
  Low: 99 + i,
  Close: 100 + i + (i % 3 === 0 ? -2 : 1),
  Volume: 1,
}));
const scale: ChartScale = {
  x: (t) => 10 + t / 60_000,
  y: (p) => 300 - p,
  contains: () => true,
  top: 0,
  height: 300,
  left: 10,
  width: 300,
  barWidth: 4,
  lastCandle: null,
};

describe('chart tools', () => {
  it('the indicators menu turns indicators on and off, counts them and remembers them on the device', async () => {
    renderPage(<ChartTools onFull={() => undefined} />);
    expect(screen.queryByTestId('indicators-count')).toBeNull();
    fireEvent.click(screen.getByTestId('chart-indicators-menu'));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getAllByRole('switch')).toHaveLength(5);
    expect(dialog).toHaveTextContent('Bollinger bands (20, 2)');
    fireEvent.click(within(dialog).getByTestId('indicator-rsi'));
    fireEvent.click(within(dialog).getByTestId('indicator-ma'));
    expect(JSON.parse(localStorage.getItem('meridian.chart.indicators') ?? '[]')).toEqual(['ma', 'rsi']);
    expect(screen.getByTestId('indicators-count')).toHaveTextContent('2');
    fireEvent.click(within(dialog).getByTestId('indicator-ma'));
    expect(JSON.parse(localStorage.getItem('meridian.chart.indicators') ?? '[]')).toEqual(['rsi']);
    fireEvent.click(within(dialog).getByTestId('indicators-done'));
  });

  it('full screen is a button that says what it does', () => {
    const onFull = jest.fn();
    renderPage(<ChartTools onFull={onFull} />);
    fireEvent.click(screen.getByRole('button', { name: 'Full screen' }));
    expect(onFull).toHaveBeenCalledTimes(1);
  });
});

describe('chart layers', () => {
  it('draw the overlays on the chart’s scale once it has drawn, and follow a new drawing', () => {
    const store = new FrameStore(candles);
    const { container } = renderPage(
      <svg>
        <IndicatorOverlay store={store} indicators={['ma', 'bb', 'rsi']} />
      </svg>,
    );
    // Nothing before the chart has a scale.
    expect(screen.queryByTestId('chart-indicators')).toBeNull();
    act(() => store.set({ scale, candles }));
    const ma = screen.getByTestId('line-ma-ma');
    // 60 candles, a 20-candle average: 41 points, the first at the 20th candle's time.
    const points = ma.getAttribute('points')!.split(' ');
    expect(points).toHaveLength(41);
    expect(points[0]!.split(',')[0]).toBe('29.0');
    expect(screen.getByTestId('line-bb-upper')).toBeInTheDocument();
    // RSI is not drawn over the candles.
    expect(container.querySelector('[data-testid^="line-rsi"]')).toBeNull();
    act(() => store.set({ scale, candles: candles.slice(0, 30) }));
    expect(screen.getByTestId('line-ma-ma').getAttribute('points')!.split(' ')).toHaveLength(11);
  });

  it('draw RSI and MACD in panes of their own, with their last values', () => {
    const store = new FrameStore(candles);
    renderPage(<OscillatorPanes store={store} indicators={['rsi', 'macd']} lang="en" />);
    act(() => store.set({ scale, candles }));
    expect(screen.getByTestId('pane-rsi')).toHaveTextContent(/^RSI\(14\) \d+(\.\d+)?$/);
    expect(screen.getByTestId('pane-macd')).toHaveTextContent(/^MACD\(12,26,9\) /);
    expect(screen.getByTestId('line-macd-signal')).toBeInTheDocument();
  });

  it('draw every level of the trader: a line at its price inside the candles’ range, pinned to an edge outside it', () => {
    const level = (kind: PositionLevel['kind'], price: number): PositionLevel => ({
      key: `${kind}:1`,
      kind,
      price,
      side: 1,
      lots: 0.1,
      orderId: 1,
      pendingKind: kind === 'pending' ? 'limit' : null,
    });
    // Prices 100 to 200 drawn from y 200 (100) up to y 100 (200).
    const drawn: ChartScale = {
      ...scale,
      y: (p) => 300 - p,
      contains: (p) => p >= 100 && p <= 200,
      top: 100,
      height: 100,
    };
    mockLevels = [level('entry', 150), level('tp', 260), level('sl', 40), level('pending', 30)];
    const store = new FrameStore(candles);
    renderPage(
      <svg>
        <PositionLayer store={store} forexId={7} precision={2} lang="en" />
      </svg>,
    );
    act(() => store.set({ scale: drawn, candles }));
    const entry = screen.getByTestId('level-entry');
    expect(entry.querySelector('line')?.getAttribute('y1')).toBe('150');
    expect(entry).not.toHaveAttribute('data-off');
    expect(entry).toHaveTextContent(/^Buy 0\.1 150\.00$/);
    // Take profit above the range: its label at the top edge, an arrow up, its own price, no line.
    const tp = screen.getByTestId('level-tp');
    expect(tp).toHaveAttribute('data-off', 'above');
    expect(tp.querySelector('line')).toBeNull();
    expect(tp).toHaveTextContent(/^↑ TP 260\.00$/);
    expect(Number(tp.querySelector('text')?.getAttribute('y'))).toBe(107);
    // Two levels below: stacked upwards from the bottom edge, neither under it nor over the other.
    const sl = screen.getByTestId('level-sl');
    const pending = screen.getByTestId('level-pending');
    expect(sl).toHaveAttribute('data-off', 'below');
    expect(sl).toHaveTextContent(/^↓ SL 40\.00$/);
    const ys = [sl, pending]
      .map((g) => Number(g.querySelector('text')?.getAttribute('y')))
      .sort((a, b) => a - b);
    expect(ys[1]).toBe(193);
    expect(ys[1]! - ys[0]!).toBeGreaterThanOrEqual(15);
  });
});
