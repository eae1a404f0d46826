import { act, render, screen } from '@testing-library/react';
import { useEffect } from 'react';
import type { MutableRefObject } from 'react';
import { ThemeProvider } from 'styled-components';
import { appStore, applyQuotesAtom, createTheme, klineTopic } from '@meridian/shared';
import type { KlineUpdate } from '@meridian/shared';
import { fakeRealtime } from '@meridian/shared/testing';
import type { Candle } from '../api/kline';
import { dayQuote, resetApp } from '../../../testing/test-utils';
import ApexCandles from './apex-candles';

// apexcharts needs a real layout engine: a stand-in chart records what the component asks of it.
const chart = {
  updateOptions: jest.fn((..._: unknown[]) => Promise.resolve()),
  updateSeries: jest.fn((..._: unknown[]) => Promise.resolve()),
  render: jest.fn(),
};
type Props = {
  options: { chart: { events: { mounted: () => void } } };
  chartRef: MutableRefObject<unknown>;
};
let renders = 0;
jest.mock('react-apexcharts', () => ({
  __esModule: true,
  default: function FakeChart({ options, chartRef }: Props) {
    renders++;
    useEffect(() => {
      chartRef.current = chart;
      // apexcharts draws after its render() promise: after the effects of this commit.
      const t = setTimeout(() => options.chart.events.mounted(), 0);
      return () => clearTimeout(t);
    }, [options, chartRef]);
    return <svg className="apexcharts-svg" />;
  },
}));
// The scale apexcharts drew with: 1 px per price unit from 200 down, one candle a minute from x 0.
jest.mock('../state/scale', () => ({
  readScale: () => ({
    y: (p: number) => 200 - p,
    x: (t: number) => t / 60_000,
    contains: (p: number) => p > 0 && p < 200,
    top: 0,
    height: 200,
    left: 0,
    width: 300,
    barWidth: 4,
    lastCandle: null,
  }),
}));

const MIN = 60_000;
const candle = (Time: number): Candle => ({ Time, Open: 100, High: 110, Low: 90, Close: 105, Volume: 1 });
const update = (Time: number, Close: number): KlineUpdate => ({
  code: 'EURUSD',
  period: '1M',
  Time,
  Open: 100,
  High: Math.max(110, Close),
  Low: 90,
  Close,
  Volume: 2,
});

let socket: ReturnType<typeof fakeRealtime>;
beforeAll(() => {
  // jsdom lays nothing out (offsetParent is always null): the chart is on screen here.
  Object.defineProperty(HTMLElement.prototype, 'offsetParent', {
    configurable: true,
    get(this: HTMLElement) {
      return this.parentElement;
    },
  });
});
beforeEach(() => {
  resetApp();
  renders = 0;
  jest.useFakeTimers();
  socket = fakeRealtime();
});
afterEach(() => {
  socket.detach();
  jest.useRealTimers();
});

function show() {
  render(
    <ThemeProvider theme={createTheme()}>
      <ApexCandles
        code="EURUSD"
        forexId={1}
        indicators={[]}
        period="1M"
        candles={[candle(0), candle(MIN), candle(2 * MIN)]}
        precision={2}
        bid={100}
        ask={101}
        lang="en"
        height={300}
      />
    </ThemeProvider>,
  );
  act(() => void jest.advanceTimersByTime(300));
}

const body = () => screen.getByTestId('chart-live-candle');

describe('the chart under live ticks', () => {
  it('draws the live candle and the bid and ask lines over the history it was given', () => {
    show();
    expect(body()).toHaveAttribute('visibility', 'visible');
    // Close 105 over Open 100: the body runs from y 95 (105) to y 100 (100).
    expect(body()).toHaveAttribute('y', '95');
    expect(body()).toHaveAttribute('height', '5');
    expect(screen.getByTestId('chart-bid')).toHaveTextContent('100.00');
    expect(screen.getByTestId('chart-ask')).toHaveTextContent('101.00');
  });

  it('many ticks in the current candle: one overlay move, no apexcharts update, no React render', () => {
    show();
    const rendered = renders;
    for (let i = 1; i <= 50; i++) {
      socket.emit(klineTopic('EURUSD'), [update(2 * MIN, 105 + i / 10)]);
      act(() => appStore.set(applyQuotesAtom, [dayQuote({ bid: 100 + i / 10, ask: 101 + i / 10 })]));
    }
    act(() => void jest.advanceTimersByTime(300));
    expect(chart.updateOptions).not.toHaveBeenCalled();
    expect(chart.updateSeries).not.toHaveBeenCalled();
    expect(renders).toBe(rendered);
    // The last tick: close 110 → the body's top at y 90; the lines at 105.00 / 106.00.
    expect(body()).toHaveAttribute('y', '90');
    expect(screen.getByTestId('chart-bid')).toHaveTextContent('105.00');
    expect(screen.getByTestId('chart-ask')).toHaveTextContent('106.00');
  });

  it('a new candle redraws the history once, animations off', () => {
    show();
    socket.emit(klineTopic('EURUSD'), [update(3 * MIN, 104)]);
    socket.emit(klineTopic('EURUSD'), [update(3 * MIN, 106)]);
    act(() => void jest.advanceTimersByTime(300));
    expect(chart.updateSeries).not.toHaveBeenCalled();
    expect(chart.updateOptions).toHaveBeenCalledTimes(1);
    const [opts, redraw, animate] = chart.updateOptions.mock.calls[0] as [
      { series: { data: { x: number; y: number[] }[] }[]; xaxis: { min: number; max: number } },
      boolean,
      boolean,
    ];
    expect(opts.series[0]!.data.map((p) => p.x)).toEqual([0, MIN, 2 * MIN, 3 * MIN]);
    expect(opts.series[0]!.data.at(-1)!.y).toEqual([100, 110, 90, 106]);
    expect(opts.xaxis).toEqual({ min: 0, max: 3 * MIN });
    expect([redraw, animate]).toEqual([false, false]);
  });
});
