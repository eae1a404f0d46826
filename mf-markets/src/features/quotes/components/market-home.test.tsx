import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { appStore, currentInstrumentAtom, HOME_SKELETON_ROWS, refreshTradeListAtom } from '@meridian/shared';
import HomePage from '../../../app/pages/home-page';
import { FIRST_PAINT_ROWS } from './market-home';
import {
  dayQuote,
  instrument,
  mockServer,
  never,
  ok,
  pushQuotes,
  renderPage,
  resetApp,
} from '../../../testing/test-utils';

beforeEach(resetApp);

// jsdom has no PointerEvent: a MouseEvent that carries the pointer's type, as browsers send it.
if (typeof window.PointerEvent === 'undefined') {
  class TestPointerEvent extends MouseEvent {
    readonly pointerType: string;
    constructor(type: string, init: MouseEventInit & { pointerType?: string } = {}) {
      super(type, init);
      this.pointerType = init.pointerType ?? 'mouse';
    }
  }
  Object.assign(window, { PointerEvent: TestPointerEvent });
}

const categories = ok([
  { Id: 1, NameShowTrans: 'Forex' },
  { Id: 5, NameShowTrans: 'Crypto' },
]);
const list = [
  instrument(),
  instrument({
    Id: 40,
    Code: 'BTCUSD',
    ShowCode: 'BTC/USD',
    CategoryId: 5,
    PricePrecision: 2,
    price: 91000.5,
  }),
  instrument({
    Id: 2,
    Code: 'USDJPY',
    ShowCode: 'USD/JPY',
    PricePrecision: 3,
    price: 155.5,
    MarketStatus: 0,
  }),
];

describe('/ the quotes home', () => {
  it('holds the space with 10 skeleton rows while the list loads', async () => {
    mockServer({ '/v1/api/forex/trade_list': never, '/v1/api/forex/getCategories': categories });
    renderPage(<HomePage />);
    const skeleton = screen.getByTestId('skeleton-rows');
    expect(skeleton).toHaveAttribute('aria-busy', 'true');
    expect(skeleton.children).toHaveLength(HOME_SKELETON_ROWS + 1); // the rows and the announcement
    await screen.findByTestId('category-chips');
  });

  it("shows 'no data' when the list is empty", async () => {
    mockServer({ '/v1/api/forex/trade_list': ok([]), '/v1/api/forex/getCategories': categories });
    renderPage(<HomePage />);
    expect(await screen.findByTestId('empty')).toHaveTextContent('No data');
    expect(screen.getByTestId('quotations')).toHaveTextContent('No quotations');
  });

  it('shows an error with a retry when the list fails', async () => {
    let fail = true;
    mockServer({
      '/v1/api/forex/trade_list': () => (fail ? { status: 500 } : ok(list)),
      '/v1/api/forex/getCategories': categories,
    });
    renderPage(<HomePage />);
    const error = await screen.findByTestId('load-error');
    fail = false;
    fireEvent.click(within(error).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByTestId('market-row-EURUSD')).toBeInTheDocument();
  });

  it('lists each instrument with its price at its precision, the signed change, and market closed', async () => {
    mockServer({ '/v1/api/forex/trade_list': ok(list), '/v1/api/forex/getCategories': categories });
    renderPage(<HomePage />);
    const eur = await screen.findByTestId('market-row-EURUSD');
    expect(within(eur).getByTestId('row-price')).toHaveTextContent('1.15000');
    expect(eur).toHaveTextContent('▲ +0.50%');
    expect(within(screen.getByTestId('market-row-BTCUSD')).getByTestId('row-price')).toHaveTextContent(
      '91,000.50',
    );
    expect(within(screen.getByTestId('market-row-USDJPY')).getByTestId('market-closed')).toHaveTextContent(
      'Market closed',
    );
    expect(screen.getByTestId('quotations')).toHaveTextContent('EUR/USD1.15000');
  });

  it('paints a screenful of rows and of the quotations strip first, then the rest right after', async () => {
    const many = Array.from({ length: 30 }, (_, n) =>
      instrument({ Id: 100 + n, Code: `I${n}`, ShowCode: `I/${n}` }),
    );
    mockServer({ '/v1/api/forex/trade_list': ok(many), '/v1/api/forex/getCategories': categories });
    // The frame after the first paint is held back, to look at the first paint.
    const frames: FrameRequestCallback[] = [];
    const raf = jest.spyOn(window, 'requestAnimationFrame').mockImplementation((f) => {
      frames.push(f);
      return frames.length;
    });
    try {
      renderPage(<HomePage />);
      await screen.findByTestId('market-row-I0');
      expect(screen.getAllByTestId(/^market-row-/)).toHaveLength(FIRST_PAINT_ROWS);
      expect(within(screen.getByTestId('quotations')).getAllByRole('listitem')).toHaveLength(
        FIRST_PAINT_ROWS,
      );
      act(() => frames.forEach((f) => f(performance.now())));
      await waitFor(() => expect(screen.getAllByTestId(/^market-row-/)).toHaveLength(30));
      expect(within(screen.getByTestId('quotations')).getAllByRole('listitem')).toHaveLength(30);
    } finally {
      raf.mockRestore();
    }
  });

  it('filters by category chip, and tapping the active chip again clears the filter', async () => {
    mockServer({ '/v1/api/forex/trade_list': ok(list), '/v1/api/forex/getCategories': categories });
    renderPage(<HomePage />);
    const crypto = await screen.findByTestId('chip-5');
    fireEvent.click(crypto);
    expect(crypto).toHaveAttribute('aria-pressed', 'true');
    expect(screen.queryByTestId('market-row-EURUSD')).toBeNull();
    expect(screen.getByTestId('market-row-BTCUSD')).toBeInTheDocument();
    fireEvent.click(crypto);
    expect(crypto).toHaveAttribute('aria-pressed', 'false');
    expect(screen.getByTestId('market-row-EURUSD')).toBeInTheDocument();
    // Another chip replaces the filter.
    fireEvent.click(screen.getByTestId('chip-1'));
    expect(screen.queryByTestId('market-row-BTCUSD')).toBeNull();
  });

  it('applies DAY_MARKET ticks: new price, change direction, a flash on the price', async () => {
    mockServer({ '/v1/api/forex/trade_list': ok(list), '/v1/api/forex/getCategories': categories });
    renderPage(<HomePage />);
    const row = await screen.findByTestId('market-row-EURUSD');
    const price = within(row).getByTestId('row-price');
    jest.useFakeTimers();
    const later = (ms: number) => act(() => void jest.advanceTimersByTime(ms));
    pushQuotes(dayQuote({ price: 1.151, change: -0.25 }));
    expect(price).toHaveTextContent('1.15100');
    expect(price).toHaveClass('px u');
    expect(row).toHaveTextContent('▼ -0.25%');
    // A tick within 200 ms of the last redraw waits for the next one (at most five a second).
    pushQuotes(dayQuote({ price: 1.149, change: -0.3 }));
    expect(price).toHaveTextContent('1.15100');
    later(200);
    expect(price).toHaveTextContent('1.14900');
    // One flash at a time: the next starts once the first (600 ms) is over.
    expect(price).toHaveClass('u');
    later(600);
    expect(price).toHaveClass('px', { exact: true });
    pushQuotes(dayQuote({ price: 1.1485, change: -0.3 }));
    expect(price).toHaveClass('px d', { exact: true });
    // The same element: the tick rewrote its text, nothing was rendered again.
    expect(within(row).getByTestId('row-price')).toBe(price);
    later(200);
    pushQuotes(dayQuote({ price: 1.149, change: -0.3, MarketStatus: 0 }));
    expect(within(row).getByTestId('market-closed')).toBeInTheDocument();
    later(200);
    pushQuotes(dayQuote({ price: 1.152, change: 0.1, MarketStatus: 1 }));
    expect(within(row).getByTestId('row-price')).toHaveTextContent('1.15200');
    expect(row).toHaveTextContent('▲ +0.10%');
    jest.useRealTimers();
  });

  it('reloads the trade list when the host bumps its version (entering / or /trade)', async () => {
    const server = mockServer({
      '/v1/api/forex/trade_list': ok(list),
      '/v1/api/forex/getCategories': categories,
    });
    renderPage(<HomePage />);
    await screen.findByTestId('market-list');
    expect(server.find('/v1/api/forex/trade_list')).toHaveLength(1);
    act(() => appStore.set(refreshTradeListAtom));
    await waitFor(() => expect(server.find('/v1/api/forex/trade_list')).toHaveLength(2));
    // The list stays on screen while it reloads (no skeleton flash).
    expect(screen.queryByTestId('skeleton-rows')).toBeNull();
  });

  it('tapping a row sets the current instrument and opens /trade', async () => {
    mockServer({ '/v1/api/forex/trade_list': ok(list), '/v1/api/forex/getCategories': categories });
    const { nav } = renderPage(<HomePage />);
    fireEvent.click(await screen.findByTestId('market-row-BTCUSD'));
    expect(appStore.get(currentInstrumentAtom)).toEqual({ id: 40, code: 'BTCUSD' });
    expect(nav.navigate).toHaveBeenCalledWith('/trade');
  });

  it('a long press on a row offers a price alert or the trade screen, and does not open /trade by itself', async () => {
    mockServer({ '/v1/api/forex/trade_list': ok(list), '/v1/api/forex/getCategories': categories });
    const { nav } = renderPage(<HomePage />);
    const row = await screen.findByTestId('market-row-BTCUSD');
    jest.useFakeTimers();
    try {
      fireEvent.pointerDown(row, { pointerType: 'touch', clientX: 10, clientY: 10 });
      act(() => jest.advanceTimersByTime(499));
      expect(screen.queryByTestId('row-actions')).toBeNull();
      act(() => jest.advanceTimersByTime(1));
      fireEvent.pointerUp(row, { pointerType: 'touch' });
      fireEvent.click(row); // the tap that ends the long press
    } finally {
      jest.useRealTimers();
    }
    const actions = await screen.findByTestId('row-actions');
    expect(nav.navigate).not.toHaveBeenCalled();
    expect(
      within(actions.closest('[role="dialog"]') as HTMLElement).getByText('BTC/USD'),
    ).toBeInTheDocument();
    fireEvent.click(within(actions).getByTestId('row-action-trade'));
    expect(appStore.get(currentInstrumentAtom)).toEqual({ id: 40, code: 'BTCUSD' });
    expect(nav.navigate).toHaveBeenCalledWith('/trade');
  });

  it('a finger that moves is scrolling: no long press; a right click opens the actions at once', async () => {
    mockServer({ '/v1/api/forex/trade_list': ok(list), '/v1/api/forex/getCategories': categories });
    renderPage(<HomePage />);
    const row = await screen.findByTestId('market-row-EURUSD');
    jest.useFakeTimers();
    try {
      fireEvent.pointerDown(row, { pointerType: 'touch', clientX: 10, clientY: 10 });
      fireEvent.pointerMove(row, { pointerType: 'touch', clientX: 10, clientY: 40 });
      act(() => jest.advanceTimersByTime(1000));
    } finally {
      jest.useRealTimers();
    }
    expect(screen.queryByTestId('row-actions')).toBeNull();
    fireEvent.contextMenu(row);
    expect(await screen.findByTestId('row-actions')).toBeInTheDocument();
  });

  it('has the search icon to /product and the language switcher', async () => {
    mockServer({ '/v1/api/forex/trade_list': ok(list), '/v1/api/forex/getCategories': categories });
    const { nav } = renderPage(<HomePage />);
    fireEvent.click(screen.getByRole('link', { name: 'Search instruments' }));
    expect(nav.navigate).toHaveBeenCalledWith('/product', undefined);
    expect(screen.getByRole('link', { name: 'Language' })).toHaveAttribute('href', '/language');
    await screen.findByTestId('market-list');
  });

  it('shows the stale-price badge after 10 s without a tick, and hides it when ticks resume', async () => {
    jest.useFakeTimers();
    try {
      mockServer({ '/v1/api/forex/trade_list': ok(list), '/v1/api/forex/getCategories': categories });
      renderPage(<HomePage />);
      await waitFor(() => expect(screen.getByTestId('market-list')).toBeInTheDocument());
      pushQuotes(dayQuote());
      act(() => jest.advanceTimersByTime(5000));
      expect(screen.queryByTestId('stale-badge')).toBeNull();
      act(() => jest.advanceTimersByTime(7000));
      expect(screen.getByTestId('stale-badge')).toHaveTextContent('Prices may be out of date');
      pushQuotes(dayQuote({ price: 1.152 }));
      expect(screen.queryByTestId('stale-badge')).toBeNull();
    } finally {
      jest.useRealTimers();
    }
  });
});
