import { act, fireEvent, screen, within } from '@testing-library/react';
import { appStore } from '@meridian/shared';
import { renderPage, resetApp } from '../../../testing/test-utils';
import { FrameStore } from '../state/chart-frame';
import { indicatorsAtom } from '../state/indicator-choice';
import type { ChartScale } from '../state/scale';
import { IndicatorOverlay, OscillatorPanes } from './chart-layers';
import { ChartTools } from './chart-tools';

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
});
