/**
 * Favourites on the quotes home, the search results and the trade header: the star toggle and its name, the
 * Favourites chip (first, in the trader's order, its empty state), move up / down, a guest's list on the device, the
 * move into the account at login, the account's list from the server, and a failed save put back with a toast.
 */
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { appStore, i18n, readStorage, refreshTradeListAtom, STORAGE_KEYS } from '@meridian/shared';
import HomePage from '../../../app/pages/home-page';
import ProductPage from '../../../app/pages/product-page';
import TradePage from '../../../app/pages/trade-page';
import {
  en,
  instrument,
  logIn,
  mockServer,
  ok,
  refuse,
  renderPage,
  resetApp,
  toastTexts,
} from '../../../testing/test-utils';
import type { FakeRequest } from '../../../testing/test-utils';

// The state module toasts through the app's i18n instance (outside React): give it this remote's English.
beforeAll(async () => {
  await i18n.init({
    lng: 'en',
    ns: ['markets'],
    resources: { en: { markets: en.markets! } },
    interpolation: { escapeValue: false },
  });
});
beforeEach(resetApp);

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
  instrument({ Id: 2, Code: 'USDJPY', ShowCode: 'USD/JPY', PricePrecision: 3, price: 155.5 }),
];
const market = { '/v1/api/forex/trade_list': ok(list), '/v1/api/forex/getCategories': categories };

/** A server keeping one account's list, answering saves like the real one (replace-all). */
function accountServer(initial: number[], opts: { failSaves?: boolean } = {}) {
  let ids = [...initial];
  const saves: string[] = [];
  const server = mockServer({
    ...market,
    'GET /api/favourite/list': () => ok({ ids }),
    'POST /api/favourite/save': (req: FakeRequest) => {
      const sent = String((req.body as Record<string, string>).ids);
      saves.push(sent);
      if (opts.failSaves) return refuse('The request could not be saved.', 1008);
      ids = sent === '' ? [] : sent.split(',').map(Number);
      return ok({ ids });
    },
  });
  return { server, saves, ids: () => ids };
}

const rowCodes = () =>
  within(screen.getByTestId('market-list'))
    .getAllByRole('button', { name: /favourites$/ })
    .map((b) => b.getAttribute('data-testid'));

describe('the star', () => {
  it('is a toggle named for what a tap does, beside the row (not inside it), 44 px', async () => {
    mockServer(market);
    renderPage(<HomePage />);
    const star = await screen.findByRole('button', { name: 'Add EUR/USD to favourites' });
    expect(star).toHaveAttribute('aria-pressed', 'false');
    expect(star.closest('[data-testid="market-row-EURUSD"]')).toBeNull();
    expect(star.parentElement).toBe(screen.getByTestId('market-row-EURUSD').parentElement);
    expect(getComputedStyle(star).width).toBe('44px');
    expect(getComputedStyle(star).height).toBe('44px');

    fireEvent.click(star);
    expect(star).toHaveAttribute('aria-pressed', 'true');
    expect(star).toHaveAccessibleName('Remove EUR/USD from favourites');
    fireEvent.click(star);
    expect(star).toHaveAttribute('aria-pressed', 'false');
    expect(star).toHaveAccessibleName('Add EUR/USD to favourites');
  });

  it('keeps a guest’s favourites on the device, in the order starred, and calls no server', async () => {
    const server = mockServer(market);
    renderPage(<HomePage />);
    fireEvent.click(await screen.findByTestId('star-BTCUSD'));
    fireEvent.click(screen.getByTestId('star-EURUSD'));
    expect(JSON.parse(readStorage(STORAGE_KEYS.favourites) ?? 'null')).toEqual([40, 1]);
    fireEvent.click(screen.getByTestId('star-BTCUSD'));
    expect(JSON.parse(readStorage(STORAGE_KEYS.favourites) ?? 'null')).toEqual([1]);
    expect(server.calls.filter((c) => c.path.startsWith('/api/favourite'))).toEqual([]);
  });

  it('stars the instrument from the search results and from the trade header', async () => {
    mockServer({
      ...market,
      '/v1/api/forex/trade_list': ok([list[1]]),
      '/v1/api/forex/kline': ok([]),
    });
    const search = renderPage(<ProductPage />, { path: '/product' });
    const star = await screen.findByRole('button', { name: 'Add BTC/USD to favourites' });
    expect(star.closest('[data-testid="result-BTCUSD"]')).toBeNull();
    expect(star).toBeEnabled();
    fireEvent.click(star);
    expect(star).toHaveAttribute('aria-pressed', 'true');
    expect(JSON.parse(readStorage(STORAGE_KEYS.favourites) ?? 'null')).toEqual([40]);
    search.unmount();

    renderPage(<TradePage />, { path: '/trade' });
    const header = await screen.findByTestId('instrument-header');
    const headerStar = within(header).getByRole('button', { name: 'Remove BTC/USD from favourites' });
    expect(headerStar).toHaveAttribute('aria-pressed', 'true');
    expect(headerStar.closest('[data-testid="open-picker"]')).toBeNull();
    fireEvent.click(headerStar);
    expect(headerStar).toHaveAccessibleName('Add BTC/USD to favourites');
    expect(readStorage(STORAGE_KEYS.favourites)).toBeNull();
  });
});

describe('the Favourites chip', () => {
  it('comes first, says how to add one when empty, and lists the favourites in the trader’s order', async () => {
    mockServer(market);
    renderPage(<HomePage />);
    await screen.findByTestId('market-list');
    const chips = within(await screen.findByTestId('category-chips')).getAllByRole('button');
    expect(chips.map((c) => c.textContent)).toEqual(['Favourites', 'Forex', 'Crypto']);

    fireEvent.click(chips[0]!);
    expect(chips[0]).toHaveAttribute('aria-pressed', 'true');
    expect(await screen.findByTestId('empty')).toHaveTextContent(
      'No favourites yet. Tap the star beside an instrument to add it here.',
    );

    fireEvent.click(chips[0]!); // back to everything, star two
    fireEvent.click(await screen.findByTestId('star-USDJPY'));
    fireEvent.click(screen.getByTestId('star-EURUSD'));
    fireEvent.click(chips[0]!);
    expect(rowCodes()).toEqual(['star-USDJPY', 'star-EURUSD']);
    expect(screen.queryByTestId('market-row-BTCUSD')).toBeNull();
  });

  it('moves a favourite up and down with named buttons, disabled at the ends', async () => {
    mockServer(market);
    localStorage.setItem(STORAGE_KEYS.favourites, JSON.stringify([40, 1, 2]));
    renderPage(<HomePage />);
    fireEvent.click(await screen.findByTestId('chip-fav'));
    const toggle = screen.getByRole('button', { name: 'Reorder' });
    fireEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-pressed', 'true');
    const editor = screen.getByTestId('favourites-reorder');
    const names = () =>
      within(editor)
        .getAllByRole('listitem')
        .map((li) => li.querySelector('strong')?.textContent);
    expect(names()).toEqual(['BTC/USD', 'EUR/USD', 'USD/JPY']);
    expect(within(editor).getByRole('button', { name: 'Move BTC/USD up' })).toBeDisabled();
    expect(within(editor).getByRole('button', { name: 'Move USD/JPY down' })).toBeDisabled();

    fireEvent.click(within(editor).getByRole('button', { name: 'Move EUR/USD up' }));
    expect(names()).toEqual(['EUR/USD', 'BTC/USD', 'USD/JPY']);
    fireEvent.click(within(editor).getByRole('button', { name: 'Move BTC/USD down' }));
    expect(names()).toEqual(['EUR/USD', 'USD/JPY', 'BTC/USD']);
    expect(JSON.parse(readStorage(STORAGE_KEYS.favourites) ?? 'null')).toEqual([1, 2, 40]);

    fireEvent.click(toggle); // done: the list with prices, in the new order
    expect(rowCodes()).toEqual(['star-EURUSD', 'star-USDJPY', 'star-BTCUSD']);
  });
});

describe('an account’s favourites', () => {
  it('are read from the server, and each change saves the whole list', async () => {
    const account = accountServer([2, 40]);
    logIn();
    renderPage(<HomePage />);
    await waitFor(() => expect(screen.getByTestId('star-USDJPY')).toHaveAttribute('aria-pressed', 'true'));
    expect(screen.getByTestId('star-BTCUSD')).toHaveAttribute('aria-pressed', 'true');
    fireEvent.click(screen.getByTestId('chip-fav'));
    expect(rowCodes()).toEqual(['star-USDJPY', 'star-BTCUSD']);

    fireEvent.click(screen.getByRole('button', { name: 'Reorder' }));
    fireEvent.click(screen.getByRole('button', { name: 'Move BTC/USD up' }));
    await waitFor(() => expect(account.ids()).toEqual([40, 2]));
    fireEvent.click(screen.getByRole('button', { name: 'Remove USD/JPY from favourites' }));
    await waitFor(() => expect(account.ids()).toEqual([40]));
    expect(account.saves).toEqual(['40,2', '40']);
    expect(readStorage(STORAGE_KEYS.favourites)).toBeNull();
  });

  it('are read again when the host enters the page (another phone’s change shows)', async () => {
    const account = accountServer([1]);
    logIn();
    renderPage(<HomePage />);
    await waitFor(() => expect(screen.getByTestId('star-EURUSD')).toHaveAttribute('aria-pressed', 'true'));
    const reads = account.server.find('/api/favourite/list').length;
    account.server.calls.length = 0;
    // Another phone saved [40]: this one sees it at its next visit of `/`.
    await act(async () => {
      await fetch('/api/favourite/save', { method: 'POST', body: 'ids=40' });
    });
    act(() => appStore.set(refreshTradeListAtom));
    await waitFor(() => expect(screen.getByTestId('star-BTCUSD')).toHaveAttribute('aria-pressed', 'true'));
    expect(screen.getByTestId('star-EURUSD')).toHaveAttribute('aria-pressed', 'false');
    expect(reads).toBe(1);
  });

  it('at login, a guest’s device favourites join the account’s (account first) in one save; the device copy goes', async () => {
    const account = accountServer([2, 1]);
    renderPage(<HomePage />);
    fireEvent.click(await screen.findByTestId('star-BTCUSD'));
    fireEvent.click(screen.getByTestId('star-EURUSD'));
    expect(JSON.parse(readStorage(STORAGE_KEYS.favourites) ?? 'null')).toEqual([40, 1]);

    act(() => logIn());
    await waitFor(() => expect(account.saves).toEqual(['2,1,40']));
    await waitFor(() => expect(readStorage(STORAGE_KEYS.favourites)).toBeNull());
    fireEvent.click(screen.getByTestId('chip-fav'));
    expect(rowCodes()).toEqual(['star-USDJPY', 'star-EURUSD', 'star-BTCUSD']);
    expect(account.server.find('/api/favourite/list')).toHaveLength(1);
  });

  it('at login with nothing new on the device: no save', async () => {
    const account = accountServer([1]);
    localStorage.setItem(STORAGE_KEYS.favourites, JSON.stringify([1]));
    renderPage(<HomePage />);
    await screen.findByTestId('market-list');
    act(() => logIn());
    await waitFor(() => expect(screen.getByTestId('star-EURUSD')).toHaveAttribute('aria-pressed', 'true'));
    expect(account.saves).toEqual([]);
    expect(readStorage(STORAGE_KEYS.favourites)).toBeNull();
  });

  it('a failed save puts the confirmed list back and says so', async () => {
    const account = accountServer([1], { failSaves: true });
    logIn();
    renderPage(<HomePage />);
    const btc = await screen.findByTestId('star-BTCUSD');
    await waitFor(() => expect(screen.getByTestId('star-EURUSD')).toHaveAttribute('aria-pressed', 'true'));
    fireEvent.click(btc);
    expect(btc).toHaveAttribute('aria-pressed', 'true'); // at the tap
    await waitFor(() => expect(btc).toHaveAttribute('aria-pressed', 'false'));
    expect(screen.getByTestId('star-EURUSD')).toHaveAttribute('aria-pressed', 'true');
    expect(account.saves).toEqual(['1,40']);
    expect(toastTexts()).toEqual([
      'Favourites not saved, the previous list is back. The request could not be saved.',
    ]);
  });

  it('a failed merge at login keeps the device copy for the next try and shows the account’s list', async () => {
    const account = accountServer([2], { failSaves: true });
    localStorage.setItem(STORAGE_KEYS.favourites, JSON.stringify([40]));
    renderPage(<HomePage />);
    await screen.findByTestId('market-list');
    act(() => logIn());
    await waitFor(() => expect(account.saves).toEqual(['2,40']));
    await waitFor(() => expect(screen.getByTestId('star-BTCUSD')).toHaveAttribute('aria-pressed', 'false'));
    expect(screen.getByTestId('star-USDJPY')).toHaveAttribute('aria-pressed', 'true');
    expect(JSON.parse(readStorage(STORAGE_KEYS.favourites) ?? 'null')).toEqual([40]);
    expect(toastTexts()).toHaveLength(1);
  });

  it('stars stay disabled until the account’s list is read', async () => {
    mockServer({ ...market, 'GET /api/favourite/list': () => new Promise(() => undefined) });
    logIn();
    renderPage(<HomePage />);
    expect(await screen.findByTestId('star-EURUSD')).toBeDisabled();
  });
});
