import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { appStore, PERIODS, setCurrentInstrumentAtom } from '@meridian/shared';
import {
  dayQuote,
  instrument,
  mockServer,
  ok,
  pushQuotes,
  renderPage,
  resetApp,
} from '../../testing/test-utils';
import TradePage from './trade-page';

// The idle prefetch of the other periods (tested in candle-cache.test.ts) would add requests whenever this test
// runs past its timer (a loaded machine): here each period switch's own request is what is counted.
jest.mock('../../lib/idle', () => ({ whenIdle: () => () => undefined }));

// apexcharts needs a real layout engine: the chart view is replaced; its loading is what is tested here.
jest.mock('../../features/chart/components/apex-candles', () => ({
  __esModule: true,
  default: ({ period, candles }: { period: string; candles: unknown[] }) => (
    <div data-testid="apex" data-period={period} data-candles={candles.length} />
  ),
}));

beforeEach(() => {
  resetApp();
  appStore.set(setCurrentInstrumentAtom, null);
});

const list = [
  instrument(),
  instrument({ Id: 40, Code: 'BTCUSD', ShowCode: 'BTC/USD', CategoryId: 5, PricePrecision: 2, price: 91000 }),
];
const candle = { Time: 0, Open: 1, High: 1, Low: 1, Close: 1, Volume: 1 };

describe('/trade', () => {
  it('shows the first instrument by default, its header, and loads candles for every period', async () => {
    const server = mockServer({
      '/v1/api/forex/trade_list': ok(list),
      '/v1/api/forex/kline': ok([candle, { ...candle, Time: 60_000 }]),
    });
    renderPage(<TradePage />, { path: '/trade' });
    expect(await screen.findByTestId('instrument-name')).toHaveTextContent('EUR/USD');
    expect(screen.getByTestId('header-price')).toHaveTextContent('1.15000');
    expect(await screen.findByTestId('apex')).toHaveAttribute('data-candles', '2');
    for (const p of Object.keys(PERIODS)) {
      fireEvent.click(screen.getByTestId(`period-${p}`));
      await waitFor(() => expect(screen.getByTestId('apex')).toHaveAttribute('data-period', p));
    }
    expect(server.find('/v1/api/forex/kline').map((c) => c.query.get('period'))).toEqual([
      '1M',
      '5M',
      '15M',
      '30M',
      '1H',
      '1D',
    ]);
  });

  it('/trade?code= opens that instrument (a notification, an alert, a link)', async () => {
    mockServer({ '/v1/api/forex/trade_list': ok(list), '/v1/api/forex/kline': ok([]) });
    renderPage(<TradePage />, { path: '/trade', query: 'code=BTCUSD' });
    await waitFor(() => expect(screen.getByTestId('instrument-name')).toHaveTextContent('BTC/USD'));
  });

  it('follows live quotes and the market status', async () => {
    mockServer({ '/v1/api/forex/trade_list': ok(list), '/v1/api/forex/kline': ok([]) });
    renderPage(<TradePage />, { path: '/trade' });
    expect(await screen.findByTestId('chart-empty')).toBeInTheDocument();
    pushQuotes(dayQuote({ price: 1.2, bid: 1.2, ask: 1.2002, MarketStatus: 0 }));
    expect(screen.getByTestId('header-price')).toHaveTextContent('1.20000');
    expect(screen.getByTestId('market-status')).toHaveTextContent('Market closed');
    expect(screen.getByTestId('submit-order')).toBeDisabled();
  });

  it('the picker drawer searches and switches the instrument', async () => {
    mockServer({ '/v1/api/forex/trade_list': ok(list), '/v1/api/forex/kline': ok([candle]) });
    renderPage(<TradePage />, { path: '/trade' });
    fireEvent.click(await screen.findByTestId('open-picker'));
    const picker = screen.getByTestId('instrument-picker');
    fireEvent.change(within(picker).getByTestId('picker-search'), { target: { value: 'btc' } });
    expect(within(picker).queryByTestId('pick-EURUSD')).toBeNull();
    fireEvent.click(within(picker).getByTestId('pick-BTCUSD'));
    expect(screen.queryByTestId('instrument-picker')).toBeNull();
    expect(screen.getByTestId('instrument-name')).toHaveTextContent('BTC/USD');
  });
});
