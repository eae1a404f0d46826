import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import WithdrawPage from './withdraw-page';
import ChargePage from './charge-page';
import { logIn, mockServer, ok, refuse, renderPage, resetApp, usdtMethod } from '../../testing/test-utils';

beforeEach(() => {
  resetApp();
  logIn();
});

const state = (over: Record<string, unknown> = {}) =>
  ok({ lock: null, until: null, reason: '', free: '500.00', cooling_ms: 0, ...over });
const symbols = ok([
  { id: 7, code: 'USDT', protocol: 'TRC20', draw_rate: '0.5', fee_type: 2, usd_price: '1' },
]);
const method = usdtMethod;
const common = {
  'GET /v1/api/main/wallet/getBalance': ok({ balance: '500.00', lock_balance: '0.00' }),
  'GET /api/account/draw_symbol_list': symbols,
  'GET /api/account/draw_list': ok({ data: [], total: 0 }),
};

const type = (testId: string, value: string) =>
  fireEvent.change(screen.getByTestId(testId), { target: { value } });

describe('/mine/withdraw', () => {
  it('previews fee and amount received with the shared formula; a dash before a currency', async () => {
    mockServer({
      ...common,
      'GET /api/account/draw_state': state(),
      'GET /api/wallet/get_draw_method': ok([method]),
    });
    renderPage(<WithdrawPage />);
    expect(await screen.findByTestId('withdraw-fee')).toHaveTextContent('—');
    type('withdraw-currency', '7');
    expect(await screen.findByTestId('withdraw-method')).toBeInTheDocument();
    type('withdraw-amount', '1234.5');
    expect(screen.getByTestId('withdraw-fee')).toHaveTextContent('6.17 USD');
    expect(screen.getByTestId('withdraw-received')).toHaveTextContent('1228.33 USDT');
  });

  it('sends once on a double tap, and puts a refusal beside the amount', async () => {
    let release: () => void = () => undefined;
    const s = mockServer({
      ...common,
      'GET /api/account/draw_state': state(),
      'GET /api/wallet/get_draw_method': ok([method]),
      'POST /api/account/draw': () =>
        new Promise((r) => {
          release = () => r(refuse('More than you can withdraw now', 1409));
        }),
    });
    renderPage(<WithdrawPage />);
    await screen.findByTestId('withdraw-currency');
    type('withdraw-currency', '7');
    await screen.findByTestId('withdraw-method');
    type('withdraw-amount', '900');
    const submit = screen.getByTestId('withdraw-submit');
    fireEvent.click(submit);
    fireEvent.click(submit);
    await waitFor(() => expect(s.find('/api/account/draw')).toHaveLength(1));
    await act(async () => release());
    expect(await screen.findByTestId('withdraw-amount-error')).toHaveTextContent(
      'More than you can withdraw now',
    );
    expect(s.find('/api/account/draw')).toHaveLength(1);
  });

  it('an amount that is not one stays as typed, says why, quotes no fee and sends nothing', async () => {
    const s = mockServer({
      ...common,
      'GET /api/account/draw_symbol_list': ok([
        { id: 7, code: 'USDT', protocol: 'TRC20', draw_rate: '1', fee_type: 1, usd_price: '1' },
      ]),
      'GET /api/account/draw_state': state(),
      'GET /api/wallet/get_draw_method': ok([method]),
      'POST /api/account/draw': ok(null, 'Requested'),
    });
    renderPage(<WithdrawPage />);
    await screen.findByTestId('withdraw-currency');
    type('withdraw-currency', '7');
    await screen.findByTestId('withdraw-method');
    type('withdraw-amount', '9999999999999999');
    expect(screen.getByTestId('withdraw-amount')).toHaveValue('9999999999999999');
    expect(screen.getByTestId('withdraw-amount-error')).toHaveTextContent(
      'Too large: at most 999,999,999.99',
    );
    expect(screen.getByTestId('withdraw-amount-error')).not.toHaveTextContent('decimals');
    // The TRC20 fee is 1 USD fixed: never "0.00" for an amount that is not one.
    expect(screen.getByTestId('withdraw-fee')).toHaveTextContent('—');
    expect(screen.getByTestId('withdraw-received')).toHaveTextContent('—');
    expect(screen.getByTestId('withdraw-submit')).toBeDisabled();
    type('withdraw-amount', '-5');
    expect(screen.getByTestId('withdraw-amount')).toHaveValue('-5');
    expect(screen.getByTestId('withdraw-amount-error')).toHaveTextContent('No minus or plus sign');
    expect(screen.getByTestId('withdraw-fee')).toHaveTextContent('—');
    fireEvent.submit(screen.getByTestId('withdraw-submit'));
    expect(s.find('/api/account/draw')).toHaveLength(0);
    type('withdraw-amount', '5');
    expect(screen.getByTestId('withdraw-fee')).toHaveTextContent('1.00 USD');
    expect(screen.getByTestId('withdraw-received')).toHaveTextContent('4.00 USDT');
    expect(screen.getByTestId('withdraw-submit')).toBeEnabled();
  });

  it('a lock says why, with a button to the page that fixes it', async () => {
    mockServer({
      ...common,
      'GET /api/account/draw_state': state({
        lock: 'real_name',
        reason: 'Please complete identity verification.',
      }),
    });
    const { nav } = renderPage(<WithdrawPage />);
    expect(await screen.findByTestId('withdraw-lock-reason')).toHaveTextContent('identity verification');
    fireEvent.click(screen.getByTestId('withdraw-lock-fix'));
    expect(nav.navigate).toHaveBeenCalledWith('/mine/auth');
    // Nothing can be typed or sent into the refusal.
    expect(screen.getByTestId('withdraw-currency')).toBeDisabled();
    expect(screen.getByTestId('withdraw-amount')).toBeDisabled();
    expect(screen.getByTestId('withdraw-submit')).toBeDisabled();
  });

  it('an identity waiting for review says so, with no button to the form already sent, and takes nothing', async () => {
    const s = mockServer({
      ...common,
      'GET /api/account/draw_state': state({
        lock: 'real_name_review',
        reason: 'Identity check waiting for review. You can withdraw once it is approved.',
      }),
      'GET /api/wallet/get_draw_method': ok([method]),
    });
    renderPage(<WithdrawPage />);
    expect(await screen.findByTestId('withdraw-lock-reason')).toHaveTextContent(
      'Identity check waiting for review',
    );
    expect(screen.getByTestId('withdraw-lock')).toHaveAttribute('role', 'status');
    expect(screen.queryByTestId('withdraw-lock-fix')).toBeNull();
    for (const id of ['withdraw-currency', 'withdraw-amount', 'withdraw-memo', 'withdraw-submit'])
      expect(screen.getByTestId(id)).toBeDisabled();
    fireEvent.submit(screen.getByTestId('withdraw-submit').closest('form') as HTMLFormElement);
    await act(async () => {});
    expect(s.find('/api/account/draw')).toHaveLength(0);
    expect(s.find('/api/wallet/get_draw_method')).toHaveLength(0);
  });
});

describe('/mine/charge', () => {
  it('a deposit of -5 stays "-5", says why, keeps the button disabled and sends nothing', async () => {
    const s = mockServer({
      'GET /v1/api/main/wallet/getBalance': ok({ balance: '0.00', lock_balance: '0.00' }),
      'GET /api/quickCharge/info': ok([
        {
          id: 1,
          currency_code: 'USDT',
          protocol_code: 'TRC20',
          address: 'TJRabPrwbZy45sbavfcjinPJC18kjpRTv8',
        },
      ]),
      'GET /api/quickCharge/quick_ist': ok({ data: [], total: 0 }),
      'GET /api/quickCharge/submit': ok({ id: 1 }, 'Submitted'),
    });
    renderPage(<ChargePage />);
    await screen.findByTestId('charge-network');
    type('charge-network', '1');
    type('charge-amount', '-5');
    expect(screen.getByTestId('charge-amount')).toHaveValue('-5');
    expect(screen.getByTestId('charge-amount')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByTestId('charge-amount-error')).toHaveTextContent('No minus or plus sign');
    expect(screen.getByTestId('charge-submit')).toBeDisabled();
    fireEvent.submit(screen.getByTestId('charge-submit'));
    type('charge-amount', '9999999999999999');
    expect(screen.getByTestId('charge-amount-error')).toHaveTextContent('Too large: at most 999,999,999.99');
    expect(screen.getByTestId('charge-submit')).toBeDisabled();
    await act(async () => {});
    expect(s.calls.filter((c) => c.path.includes('submit'))).toHaveLength(0);
  });

  it('bank deposit without a pay way says so and sends nothing', async () => {
    const s = mockServer({
      'GET /v1/api/main/wallet/getBalance': ok({ balance: '0.00', lock_balance: '0.00' }),
      'GET /api/quickCharge/info': ok([]),
      'GET /api/quickCharge/wire_list': ok([
        {
          id: 3,
          name: 'SWIFT USD',
          currency_code: 'USD',
          bank_name: 'B',
          payee_name: 'P',
          payee_account: '1',
          bank_swift: 'MRDNHKHHXXX',
        },
      ]),
      'GET /api/quickCharge/quick_ist': ok({ data: [], total: 0 }),
    });
    renderPage(<ChargePage />);
    fireEvent.click(await screen.findByTestId('charge-tab-bank'));
    await screen.findByTestId('charge-bank-amount');
    type('charge-bank-amount', '100');
    fireEvent.click(await screen.findByTestId('charge-bank-submit'));
    expect(await screen.findByTestId('charge-payway-error')).toHaveTextContent('Please choose a pay way');
    expect(s.find('/api/quickCharge/wire_submit')).toHaveLength(0);
  });

  it('a deposit not yet checked reads "Waiting for review"', async () => {
    mockServer({
      'GET /v1/api/main/wallet/getBalance': ok({ balance: '0.00', lock_balance: '0.00' }),
      'GET /api/quickCharge/info': ok([]),
      'GET /api/quickCharge/quick_ist': ok({
        data: [
          {
            id: 1,
            number: '250.50',
            type: 0,
            currency_code: 'USDT',
            status: 0,
            created_at: '2026-11-26 11:46:00',
            remark: '',
          },
        ],
        total: 1,
      }),
    });
    renderPage(<ChargePage />);
    expect(await screen.findByTestId('deposit-status')).toHaveTextContent(/^Waiting for review$/);
  });
});
