/**
 * A notification opens a funds record: `?type=` picks the tab and `?record=` marks that record (and brings it into
 * view); anything else in `record` marks nothing.
 */
import { screen, waitFor } from '@testing-library/react';
import ChargePage from './charge-page';
import WithdrawPage from './withdraw-page';
import { logIn, mockServer, ok, renderPage, resetApp } from '../../testing/test-utils';

const scrollIntoView = Element.prototype.scrollIntoView;
beforeEach(() => {
  resetApp();
  logIn();
});
afterEach(() => {
  Element.prototype.scrollIntoView = scrollIntoView;
});

const deposit = (id: number, type: 0 | 1) => ({
  id,
  number: '100.00',
  type,
  currency_code: type === 0 ? 'USDT' : 'USD',
  status: 1,
  created_at: '2026-11-26 11:46:00',
  remark: '',
});
const withdrawal = (id: number, type: 1 | 2) => ({
  id,
  number: '100.00',
  real_number: '99.5',
  draw_currency: { code: 'USDT' },
  fee: '0.50',
  status: 1,
  status_name: 'Paid',
  created_at: '2026-11-26 11:46:00',
  type,
  address: 'T...',
  payee_account: '',
  notes: '',
});

const chargeServer = () =>
  mockServer({
    'GET /v1/api/main/wallet/getBalance': ok({ balance: '100.00', lock_balance: '0.00' }),
    'GET /api/quickCharge/info': ok([]),
    'GET /api/quickCharge/wire_list': ok([]),
    'GET /api/quickCharge/quick_ist': (req) => {
      const type = Number(req.query.get('type'));
      return ok({ data: [deposit(31, type as 0 | 1), deposit(30, type as 0 | 1)], total: 2 });
    },
  });

describe('a record a notification opens', () => {
  it('/mine/charge?type=1&record=31: the bank tab, that deposit marked and scrolled to', async () => {
    const scrolled: Element[] = [];
    Element.prototype.scrollIntoView = function (this: Element) {
      scrolled.push(this);
    };
    const net = chargeServer();
    renderPage(<ChargePage />, { path: '/mine/charge', query: 'type=1&record=31' });
    await waitFor(() => expect(screen.getAllByTestId('deposit-row')).toHaveLength(2));
    expect(screen.getByTestId('charge-tab-bank')).toHaveAttribute('aria-selected', 'true');
    expect(net.find('/api/quickCharge/quick_ist')[0]!.query.get('type')).toBe('1');
    const [marked, other] = screen.getAllByTestId('deposit-row');
    expect(marked).toHaveAttribute('aria-current', 'true');
    expect(other).not.toHaveAttribute('aria-current');
    expect(scrolled).toEqual([marked]);
  });

  it('a record that is not a plain id marks nothing; no type is the coin tab', async () => {
    chargeServer();
    renderPage(<ChargePage />, { path: '/mine/charge', query: 'record=3e1' });
    await waitFor(() => expect(screen.getAllByTestId('deposit-row')).toHaveLength(2));
    expect(screen.getByTestId('charge-tab-coin')).toHaveAttribute('aria-selected', 'true');
    expect(screen.getAllByTestId('deposit-row').some((r) => r.hasAttribute('aria-current'))).toBe(false);
  });

  it('/mine/withdraw?type=0&record=41: the coin tab, that withdrawal marked', async () => {
    mockServer({
      'GET /v1/api/main/wallet/getBalance': ok({ balance: '500.00', lock_balance: '0.00' }),
      'GET /api/account/draw_state': ok({
        lock: null,
        until: null,
        reason: '',
        free: '500.00',
        cooling_ms: 0,
      }),
      'GET /api/account/draw_symbol_list': ok([]),
      'GET /api/account/draw_list': ok({ data: [withdrawal(42, 1), withdrawal(41, 1)], total: 2 }),
    });
    renderPage(<WithdrawPage />, { path: '/mine/withdraw', query: 'type=0&record=41' });
    await waitFor(() => expect(screen.getAllByTestId('withdraw-row')).toHaveLength(2));
    expect(screen.getByTestId('withdraw-tab-coin')).toHaveAttribute('aria-selected', 'true');
    const [other, marked] = screen.getAllByTestId('withdraw-row');
    expect(marked).toHaveAttribute('aria-current', 'true');
    expect(other).not.toHaveAttribute('aria-current');
  });
});
