import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import WithdrawPage from './withdraw-page';
import {
  logIn,
  mockServer,
  ok,
  refuse,
  renderPage,
  resetApp,
  toastTexts,
  usdtMethod,
} from '../../testing/test-utils';

beforeEach(() => {
  resetApp();
  logIn();
});

type Sym = {
  id: number;
  code: string;
  protocol: string;
  draw_rate: string;
  fee_type: number;
  usd_price: string;
  decimals?: number;
};
const usdt: Sym = {
  id: 7,
  code: 'USDT',
  protocol: 'TRC20',
  draw_rate: '1',
  fee_type: 1,
  usd_price: '1',
  decimals: 6,
};
const method = usdtMethod;
const state = (over: Record<string, unknown> = {}) =>
  ok({ lock: null, until: null, reason: '', free: '1500.5', cooling_ms: 0, ...over });
const record = (id: number, over: Record<string, unknown> = {}) => ({
  id,
  number: '100.00',
  real_number: '99.000000',
  draw_currency: { code: 'USDT' },
  fee: '1.00',
  status: 0,
  status_name: 'Pending',
  created_at: '2026-11-26 12:00:00',
  type: 1,
  address: method.dc_address,
  payee_account: '',
  notes: '',
  ...over,
});

function server(
  over: Record<string, Parameters<typeof mockServer>[0][string]> = {},
  symbols: Sym[] = [usdt],
) {
  return mockServer({
    'GET /v1/api/main/wallet/getBalance': ok({ balance: '1500.50', lock_balance: '0.00' }),
    'GET /api/account/draw_symbol_list': ok(symbols),
    'GET /api/account/draw_state': state(),
    'GET /api/wallet/get_draw_method': ok([method]),
    'GET /api/account/draw_list': ok({ data: [], total: 0 }),
    ...over,
  });
}

const type = (testId: string, value: string) =>
  fireEvent.change(screen.getByTestId(testId), { target: { value } });

async function chooseCurrency(id = '7') {
  await screen.findByTestId('withdraw-currency');
  type('withdraw-currency', id);
  await screen.findByTestId('withdraw-method');
}

describe('/mine/withdraw, locks', () => {
  it.each([
    ['no_method', 'Add an address', '/mine/withdraw-way?type=1'],
    ['cooling', 'See my addresses', '/mine/coin-address-list'],
    ['password', 'Contact customer service', '/mine/chat'],
    ['frozen', 'Contact customer service', '/mine/chat'],
    ['no_free', 'Deposit', '/mine/charge'],
  ])('a %s lock reads the server reason, its button "%s" goes to %s', async (lock, label, path) => {
    server({ 'GET /api/account/draw_state': state({ lock, reason: `Reason for ${lock}` }) });
    const { nav } = renderPage(<WithdrawPage />);
    const banner = await screen.findByTestId('withdraw-lock');
    expect(banner).toHaveAttribute('role', 'alert');
    expect(screen.getByTestId('withdraw-lock-reason')).toHaveTextContent(`Reason for ${lock}`);
    const fix = screen.getByTestId('withdraw-lock-fix');
    expect(fix).toHaveTextContent(label);
    expect(fix).toBeEnabled();
    fireEvent.click(fix);
    expect(nav.navigate).toHaveBeenCalledWith(path);
    expect(screen.getByTestId('withdraw-fields')).toBeDisabled();
  });

  it('a frozen account takes nothing: a submit of the form sends no withdrawal', async () => {
    const s = server({
      'GET /api/account/draw_state': state({ lock: 'frozen', reason: 'Account frozen' }),
      'POST /api/account/draw': ok(null, 'Requested'),
    });
    renderPage(<WithdrawPage />);
    await screen.findByTestId('withdraw-lock');
    fireEvent.submit(screen.getByTestId('withdraw-submit').closest('form') as HTMLFormElement);
    await act(async () => {});
    expect(s.find('/api/account/draw')).toHaveLength(0);
  });

  it('without a lock there is no banner and the free amount is shown', async () => {
    server();
    renderPage(<WithdrawPage />);
    expect(await screen.findByTestId('withdraw-free')).toHaveTextContent(
      'Available to withdraw: 1,500.50 USD',
    );
    expect(screen.queryByTestId('withdraw-lock')).toBeNull();
    expect(screen.getByTestId('withdraw-fields')).toBeEnabled();
  });
});

describe('/mine/withdraw, fee preview and amount received', () => {
  it('a fixed fee is the rate in USD whatever the amount', async () => {
    server();
    renderPage(<WithdrawPage />);
    await chooseCurrency();
    type('withdraw-amount', '250');
    expect(screen.getByTestId('withdraw-fee')).toHaveTextContent(/^1\.00 USD$/);
    expect(screen.getByTestId('withdraw-received')).toHaveTextContent(/^249\.000000 USDT$/);
    type('withdraw-amount', '10');
    expect(screen.getByTestId('withdraw-fee')).toHaveTextContent(/^1\.00 USD$/);
    expect(screen.getByTestId('withdraw-received')).toHaveTextContent(/^9\.000000 USDT$/);
  });

  it('a percent fee follows the amount, rounded to cents', async () => {
    server({}, [{ ...usdt, draw_rate: '2.5', fee_type: 2 }]);
    renderPage(<WithdrawPage />);
    await chooseCurrency();
    type('withdraw-amount', '100');
    expect(screen.getByTestId('withdraw-fee')).toHaveTextContent(/^2\.50 USD$/);
    expect(screen.getByTestId('withdraw-received')).toHaveTextContent(/^97\.500000 USDT$/);
    type('withdraw-amount', '0.33');
    expect(screen.getByTestId('withdraw-fee')).toHaveTextContent(/^0\.01 USD$/);
  });

  it('the amount received keeps the paid currency precision and price (BTC, 8 decimals)', async () => {
    const btc = {
      id: 9,
      code: 'BTC',
      protocol: 'BTC',
      draw_rate: '5',
      fee_type: 1,
      usd_price: '0.00001',
      decimals: 8,
    };
    server({}, [btc]);
    renderPage(<WithdrawPage />);
    await chooseCurrency('9');
    type('withdraw-amount', '1005');
    expect(screen.getByTestId('withdraw-fee')).toHaveTextContent(/^5\.00 USD$/);
    expect(screen.getByTestId('withdraw-received')).toHaveTextContent(/^0\.01000000 BTC$/);
  });

  it('a currency that does not say its decimals is received with 2', async () => {
    const { decimals: _omit, ...plain } = usdt;
    void _omit;
    server({}, [plain]);
    renderPage(<WithdrawPage />);
    await chooseCurrency();
    type('withdraw-amount', '50');
    expect(screen.getByTestId('withdraw-received')).toHaveTextContent(/^49\.00 USDT$/);
  });

  it('an amount below the fee is received as zero, never negative', async () => {
    server();
    renderPage(<WithdrawPage />);
    await chooseCurrency();
    type('withdraw-amount', '0.5');
    expect(screen.getByTestId('withdraw-fee')).toHaveTextContent(/^1\.00 USD$/);
    expect(screen.getByTestId('withdraw-received')).toHaveTextContent(/^0\.000000 USDT$/);
  });

  it('too many decimals quotes nothing and says the limit', async () => {
    server();
    renderPage(<WithdrawPage />);
    await chooseCurrency();
    type('withdraw-amount', '10.005');
    expect(screen.getByTestId('withdraw-amount-error')).toHaveTextContent('Too many decimals: at most 2');
    expect(screen.getByTestId('withdraw-fee')).toHaveTextContent('—');
    expect(screen.getByTestId('withdraw-received')).toHaveTextContent('—');
    expect(screen.getByTestId('withdraw-submit')).toBeDisabled();
  });
});

describe('/mine/withdraw, addresses and sending', () => {
  it('asks for the addresses of the chosen currency and lists them shortened', async () => {
    const s = server();
    renderPage(<WithdrawPage />);
    await chooseCurrency();
    const q = s.find('/api/wallet/get_draw_method')[0]!.query;
    expect(q.get('draw_type')).toBe('1');
    expect(q.get('draw_id')).toBe('7');
    const options = within(screen.getByTestId('withdraw-method')).getAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual(['Choose an address', 'TJRabPrw…8kjpRTv8']);
    expect(screen.getByTestId('withdraw-method')).toHaveValue('3');
  });

  it('a currency with no bound address offers to bind one; "Bind now" opens the coin form', async () => {
    server({ 'GET /api/wallet/get_draw_method': ok([]) });
    const { nav } = renderPage(<WithdrawPage />);
    await screen.findByTestId('withdraw-currency');
    type('withdraw-currency', '7');
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Not bound');
    expect(dialog).toHaveTextContent('Please set up a collection account first');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Bind now' }));
    await waitFor(() => expect(nav.navigate).toHaveBeenCalledWith('/mine/withdraw-way?type=1'));
    expect(screen.queryByTestId('withdraw-method')).toBeNull();
  });

  it('declining to bind stays on the page', async () => {
    server({ 'GET /api/wallet/get_draw_method': ok([]) });
    const { nav } = renderPage(<WithdrawPage />);
    await screen.findByTestId('withdraw-currency');
    type('withdraw-currency', '7');
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(nav.navigate).not.toHaveBeenCalled();
  });

  it('an amount with no currency chosen says to choose one and sends nothing', async () => {
    const s = server({ 'POST /api/account/draw': ok(null, 'Requested') });
    renderPage(<WithdrawPage />);
    await screen.findByTestId('withdraw-currency');
    type('withdraw-amount', '20');
    fireEvent.click(screen.getByTestId('withdraw-submit'));
    expect(await screen.findByTestId('withdraw-currency-error')).toHaveTextContent('Choose a currency');
    expect(s.find('/api/account/draw')).toHaveLength(0);
  });

  it('sends currency, amount, memo and address once; then empties the form and reloads balance and records', async () => {
    const s = server({
      'POST /api/account/draw': ok({ record: record(1), balance: '1400.50' }, 'Withdrawal requested'),
    });
    renderPage(<WithdrawPage />);
    await chooseCurrency();
    type('withdraw-amount', '100');
    type('withdraw-memo', 'rent');
    const balanceCalls = s.find('/v1/api/main/wallet/getBalance').length;
    fireEvent.click(screen.getByTestId('withdraw-submit'));
    await waitFor(() => expect(toastTexts()).toContain('Withdrawal requested'));
    const sent = s.find('/api/account/draw');
    expect(sent).toHaveLength(1);
    expect(sent[0]!.body).toEqual({
      draw_currency_id: '7',
      number: '100',
      memo: 'rent',
      draw_method_id: '3',
    });
    expect(screen.getByTestId('withdraw-amount')).toHaveValue('');
    expect(screen.getByTestId('withdraw-memo')).toHaveValue('');
    await waitFor(() =>
      expect(s.find('/v1/api/main/wallet/getBalance').length).toBeGreaterThan(balanceCalls),
    );
    await waitFor(() => expect(s.find('/api/account/draw_state').length).toBe(2));
  });

  it.each([
    [1403, 'That address is still cooling down', 'withdraw-method-error'],
    [1406, 'That address was deleted', 'withdraw-method-error'],
    [1402, 'Withdrawals in this currency are paused', 'withdraw-currency-error'],
    [1001, 'Memo too long', 'withdraw-memo-error'],
  ])('a refusal %i goes beside the field it is about', async (code, msg, errorId) => {
    server({ 'POST /api/account/draw': refuse(msg, code) });
    renderPage(<WithdrawPage />);
    await chooseCurrency();
    type('withdraw-amount', '100');
    fireEvent.click(screen.getByTestId('withdraw-submit'));
    await waitFor(() => expect(screen.getByTestId(errorId)).toHaveTextContent(msg));
    expect(screen.getByTestId('withdraw-amount-error')).not.toHaveTextContent(msg);
    expect(screen.getByTestId('withdraw-amount')).toHaveValue('100');
  });
});

describe('/mine/withdraw, records and the bank tab', () => {
  it('shows each record with fee, amount received and status; loads page 2 on "Load more"', async () => {
    const s = server({
      'GET /api/account/draw_list': (req) =>
        req.query.get('page') === '1'
          ? ok({ data: [record(1), record(2, { status: 1, status_name: 'Paid', notes: 'Sent' })], total: 3 })
          : ok({ data: [record(3, { status: 2, status_name: 'Rejected', number: '2500' })], total: 3 }),
    });
    renderPage(<WithdrawPage />);
    await waitFor(() => expect(screen.getAllByTestId('withdraw-row')).toHaveLength(2));
    const first = screen.getAllByTestId('withdraw-row')[0]!;
    expect(first).toHaveTextContent('100.00 USD');
    expect(first).toHaveTextContent('Fee 1.00 · Amount received 99.000000 USDT');
    expect(screen.getAllByTestId('withdraw-row')[1]).toHaveTextContent('Sent');
    fireEvent.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(screen.getAllByTestId('withdraw-row')).toHaveLength(3));
    expect(screen.getAllByTestId('withdraw-status').map((e) => e.textContent)).toEqual([
      'Pending',
      'Paid',
      'Rejected',
    ]);
    expect(screen.getAllByTestId('withdraw-row')[2]).toHaveTextContent('2,500.00 USD');
    const last = s.find('/api/account/draw_list').at(-1)!.query;
    expect([last.get('type'), last.get('page'), last.get('limit')]).toEqual(['1', '2', '10']);
    expect(screen.getByText('No more')).toBeInTheDocument();
  });

  it('a failed next page keeps the rows and offers a retry of that page', async () => {
    let failPage2 = true;
    server({
      'GET /api/account/draw_list': (req) => {
        if (req.query.get('page') === '1') return ok({ data: [record(1)], total: 2 });
        return failPage2
          ? { status: 500, body: { code: 0, msg: 'down', data: null } }
          : ok({ data: [record(2)], total: 2 });
      },
    });
    renderPage(<WithdrawPage />);
    fireEvent.click(await screen.findByRole('button', { name: 'Load more' }));
    const retry = await screen.findByRole('button', { name: 'Retry' });
    expect(screen.getAllByTestId('withdraw-row')).toHaveLength(1);
    failPage2 = false;
    fireEvent.click(retry);
    await waitFor(() => expect(screen.getAllByTestId('withdraw-row')).toHaveLength(2));
  });

  it('the bank tab sends the trader to customer service and lists bank withdrawals (type 2)', async () => {
    const s = server();
    const { nav } = renderPage(<WithdrawPage />);
    fireEvent.click(await screen.findByTestId('withdraw-tab-bank'));
    const hint = screen.getByTestId('withdraw-bank-hint');
    expect(hint).toHaveTextContent(
      'Bank withdrawals are arranged with customer service. Please chat with us.',
    );
    expect(screen.queryByTestId('withdraw-amount')).toBeNull();
    fireEvent.click(within(hint).getByRole('button', { name: 'Contact customer service' }));
    expect(nav.navigate).toHaveBeenCalledWith('/mine/chat');
    await waitFor(() =>
      expect(s.find('/api/account/draw_list').some((c) => c.query.get('type') === '2')).toBe(true),
    );
  });
});
