import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import CoinAddressListPage from './coin-address-list-page';
import BankCardListPage from './bank-card-list-page';
import {
  logIn,
  mockServer,
  ok,
  refuse,
  renderPage,
  resetApp,
  toastTexts,
  usdtAddress,
} from '../../testing/test-utils';

beforeEach(() => {
  resetApp();
  logIn();
});

const coin = usdtAddress;
const A = 'TJRabPrwbZy45sbavfcjinPJC18kjpRTv8';
const B = 'TXYZabPrwbZy45sbavfcjinPJC18kjpRT1';

describe('/mine/coin-address-list', () => {
  it('lists each bound address with its currency and network, asking for coin methods only', async () => {
    const s = mockServer({ 'GET /api/wallet/get_draw_method': ok([coin(1, A), coin(2, B)]) });
    renderPage(<CoinAddressListPage />);
    await waitFor(() => expect(screen.getAllByTestId('method-row')).toHaveLength(2));
    expect(screen.getAllByTestId('method-value').map((e) => e.textContent)).toEqual([A, B]);
    expect(screen.getAllByTestId('method-row')[0]).toHaveTextContent('USDT · TRC20');
    expect(s.find('/api/wallet/get_draw_method')[0]!.query.get('draw_type')).toBe('1');
  });

  it('an address still cooling down says from when it can receive; a usable one says nothing', async () => {
    const later = Date.now() + 24 * 3600_000;
    mockServer({ 'GET /api/wallet/get_draw_method': ok([coin(1, A, later), coin(2, B, 0)]) });
    renderPage(<CoinAddressListPage />);
    await waitFor(() => expect(screen.getAllByTestId('method-row')).toHaveLength(2));
    const [cooling, usable] = screen.getAllByTestId('method-row');
    expect(within(cooling!).getByTestId('method-cooling')).toHaveTextContent(
      /^Can receive withdrawals from .+/,
    );
    expect(within(usable!).queryByTestId('method-cooling')).toBeNull();
  });

  it('with nothing bound says so and offers to add an address', async () => {
    mockServer({ 'GET /api/wallet/get_draw_method': ok([]) });
    const { nav } = renderPage(<CoinAddressListPage />);
    expect(await screen.findByText('No data')).toBeInTheDocument();
    fireEvent.click(screen.getByTestId('method-add'));
    expect(screen.getByTestId('method-add')).toHaveTextContent('Add a coin address');
    expect(nav.navigate).toHaveBeenCalledWith('/mine/withdraw-way?type=1');
  });

  it('Delete asks first; Cancel keeps the address and sends nothing', async () => {
    const s = mockServer({
      'GET /api/wallet/get_draw_method': ok([coin(1, A)]),
      'POST /api/wallet/del_draw_method': ok(null, 'Deleted'),
    });
    renderPage(<CoinAddressListPage />);
    fireEvent.click(await screen.findByTestId('method-delete'));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Delete this withdrawal method?');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(s.find('/api/wallet/del_draw_method')).toHaveLength(0);
    expect(screen.getByTestId('method-value')).toHaveTextContent(A);
  });

  it('Confirm deletes that address once, says so and reloads the list', async () => {
    let list = [coin(1, A), coin(2, B)];
    const s = mockServer({
      'GET /api/wallet/get_draw_method': () => ok(list),
      'POST /api/wallet/del_draw_method': (req) => {
        list = list.filter((m) => String(m.id) !== (req.body as { id: string }).id);
        return ok(null, 'Deleted');
      },
    });
    renderPage(<CoinAddressListPage />);
    await waitFor(() => expect(screen.getAllByTestId('method-row')).toHaveLength(2));
    fireEvent.click(screen.getAllByTestId('method-delete')[1]!);
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(screen.getAllByTestId('method-row')).toHaveLength(1));
    const sent = s.find('/api/wallet/del_draw_method');
    expect(sent).toHaveLength(1);
    expect(sent[0]!.body).toEqual({ id: '2' });
    expect(toastTexts()).toContain('Deleted');
    expect(screen.getByTestId('method-value')).toHaveTextContent(A);
  });

  it('a refused delete shows the refusal once, keeps the address and reloads, with nothing left unhandled', async () => {
    const s = mockServer({
      'GET /api/wallet/get_draw_method': ok([coin(1, A)]),
      'POST /api/wallet/del_draw_method': refuse('A withdrawal is pending on this address'),
    });
    renderPage(<CoinAddressListPage />);
    fireEvent.click(await screen.findByTestId('method-delete'));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(s.find('/api/wallet/get_draw_method')).toHaveLength(2));
    expect(toastTexts()).toEqual(['A withdrawal is pending on this address']);
    expect(await screen.findByTestId('method-value')).toHaveTextContent(A);
  });

  it('a list that fails to load offers a retry', async () => {
    let fail = true;
    mockServer({
      'GET /api/wallet/get_draw_method': () =>
        fail ? { status: 500, body: { code: 0, msg: 'down', data: null } } : ok([coin(1, A)]),
    });
    renderPage(<CoinAddressListPage />);
    const error = await screen.findByTestId('load-error');
    fail = false;
    fireEvent.click(within(error).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByTestId('method-value')).toHaveTextContent(A);
  });
});

describe('/mine/bank-card-list', () => {
  it('lists bank accounts by bank, account number and holder; adds a bank account', async () => {
    const s = mockServer({
      'GET /api/wallet/get_draw_method': ok([
        {
          ...coin(5, ''),
          type: 2,
          bank_name: 'Harbour Bank',
          payee_account: '0012345678',
          payee_name: 'Ann Lee',
        },
      ]),
    });
    const { nav } = renderPage(<BankCardListPage />);
    const row = await screen.findByTestId('method-row');
    expect(row).toHaveTextContent('Harbour Bank');
    expect(row).toHaveTextContent('Ann Lee');
    expect(screen.getByTestId('method-value')).toHaveTextContent('0012345678');
    expect(s.find('/api/wallet/get_draw_method')[0]!.query.get('draw_type')).toBe('2');
    fireEvent.click(screen.getByTestId('method-add'));
    expect(nav.navigate).toHaveBeenCalledWith('/mine/withdraw-way?type=2');
  });

  it('Delete asks first; Confirm deletes that bank account and reloads the bank list', async () => {
    const bank = { ...coin(5, ''), type: 2, bank_name: 'Harbour Bank', payee_account: '0012345678' };
    let list = [bank];
    const s = mockServer({
      'GET /api/wallet/get_draw_method': () => ok(list),
      'POST /api/wallet/del_draw_method': () => {
        list = [];
        return ok(null, 'Deleted');
      },
    });
    renderPage(<BankCardListPage />);
    fireEvent.click(await screen.findByTestId('method-delete'));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Delete this withdrawal method?');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('No data')).toBeInTheDocument();
    expect(s.find('/api/wallet/del_draw_method')[0]!.body).toEqual({ id: '5' });
    expect(s.find('/api/wallet/get_draw_method').map((r) => r.query.get('draw_type'))).toEqual(['2', '2']);
  });
});
