import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { BUY } from '@meridian/shared/pure';
import {
  demoUser,
  instrument,
  logIn,
  mockServer,
  ok,
  refuse,
  renderPage,
  resetApp,
  setFeeType,
  toastTexts,
} from '../../../testing/test-utils';
import { OrderTicket } from './order-ticket';

beforeEach(resetApp);

const quote = { bid: 1.15, ask: 1.1502 };
const eur = instrument();

function renderTicket(over: Partial<Parameters<typeof OrderTicket>[0]> = {}) {
  return renderPage(
    <OrderTicket instrument={eur} quote={quote} marketOpen usdRate={1} lang="en" {...over} />,
    { path: '/trade' },
  );
}

const type = (testId: string, value: string) =>
  fireEvent.change(screen.getByTestId(testId), { target: { value } });

const confirmDialog = () => screen.findByRole('dialog');

describe('order ticket', () => {
  it('sends a guest to /login?from=/trade', () => {
    const server = mockServer({});
    const { nav } = renderTicket();
    fireEvent.click(screen.getByTestId('submit-order'));
    expect(nav.navigate).toHaveBeenCalledWith('/login?from=%2Ftrade');
    expect(server.find('/v1/api/forex/submit')).toHaveLength(0);
  });

  it("without multipliers says 'Leverage not configured, cannot place order temporarily'", async () => {
    logIn();
    mockServer({ '/v1/api/main/wallet/getBalance': ok({ balance: '100000.00' }) });
    renderTicket({ instrument: instrument({ HasForexMultiple: [] }) });
    expect(screen.getByTestId('no-leverage')).toHaveTextContent('Leverage not configured');
    fireEvent.click(screen.getByTestId('submit-order'));
    expect(toastTexts()).toContain('Leverage not configured, cannot place order temporarily');
  });

  it('refuses stop loss or take profit below a 50000 balance', async () => {
    logIn();
    mockServer({ '/v1/api/main/wallet/getBalance': ok({ balance: '1000.00' }) });
    renderTicket();
    await waitFor(() => expect(screen.getByTestId('balance')).toHaveTextContent('1,000.00'));
    fireEvent.click(screen.getByTestId('sl-on'));
    type('sl', '1.1');
    fireEvent.click(screen.getByTestId('submit-order'));
    expect(toastTexts()).toContain('Cannot set loss or profit price');
  });

  it('SL and TP inputs are enabled only when ticked, with a minimum of 0', () => {
    mockServer({});
    renderTicket();
    expect(screen.getByTestId('sl')).toBeDisabled();
    expect(screen.getByTestId('tp')).toBeDisabled();
    expect(screen.getByTestId('sl')).toHaveAttribute('min', '0');
    fireEvent.click(screen.getByTestId('tp-on'));
    expect(screen.getByTestId('tp')).toBeEnabled();
  });

  it("a pending order without a price says 'Enter price'", () => {
    logIn();
    mockServer({ '/v1/api/main/wallet/getBalance': ok({ balance: '100000.00' }) });
    renderTicket();
    fireEvent.click(screen.getByTestId('mode-pending'));
    fireEvent.click(screen.getByTestId('submit-order'));
    expect(toastTexts()).toContain('Enter price');
  });

  it('steps lots by Pip; minus disabled when quantity minus step is not above zero', () => {
    mockServer({});
    renderTicket();
    expect(screen.getByTestId('lots')).toHaveValue('0.01');
    expect(screen.getByTestId('lots-minus')).toBeDisabled();
    fireEvent.click(screen.getByTestId('lots-plus'));
    expect(screen.getByTestId('lots')).toHaveValue('0.02');
    expect(screen.getByTestId('lots-minus')).toBeEnabled();
    fireEvent.click(screen.getByTestId('lots-minus'));
    expect(screen.getByTestId('lots')).toHaveValue('0.01');
  });

  describe('estimated margin and fee', () => {
    it('leveraged mode, fee type 1 (lots x rate)', () => {
      mockServer({});
      setFeeType(1);
      renderTicket();
      type('lots', '0.10');
      // 0.1 x 100000 x 1.1502 (ask) / 100
      expect(screen.getByTestId('est-margin')).toHaveTextContent('115.02');
      expect(screen.getByTestId('est-fee')).toHaveTextContent('0.70');
      fireEvent.click(screen.getByRole('radio', { name: '×200' }));
      expect(screen.getByTestId('est-margin')).toHaveTextContent('57.51');
    });

    it('leveraged mode, fee type 2 (margin x rate)', () => {
      mockServer({});
      setFeeType(2);
      renderTicket({ instrument: instrument({ ForexFeeRate: 0.01 }) });
      type('lots', '0.10');
      expect(screen.getByTestId('est-margin')).toHaveTextContent('115.02');
      expect(screen.getByTestId('est-fee')).toHaveTextContent('1.15');
      // A sell is estimated at the bid.
      fireEvent.click(screen.getByTestId('side-sell'));
      expect(screen.getByTestId('est-margin')).toHaveTextContent('115.00');
    });

    it('fixed mode (lots x units per lot), both fee types', () => {
      mockServer({});
      const silver = instrument({
        Code: 'XAGUSD',
        MarginMode: 1,
        ForexContNum: 5000,
        ForexFeeRate: 0.1,
        HasForexMultiple: [{ Value: 1 }],
        Pip: 0.01,
      });
      setFeeType(1);
      const { unmount } = renderTicket({ instrument: silver });
      type('lots', '0.02');
      expect(screen.getByTestId('est-margin')).toHaveTextContent('100.00');
      expect(screen.getByTestId('est-fee')).toHaveTextContent('0.00'); // 0.02 x 0.1 = 0.002
      unmount();
      setFeeType(2);
      renderTicket({ instrument: silver });
      type('lots', '0.02');
      expect(screen.getByTestId('est-margin')).toHaveTextContent('100.00');
      expect(screen.getByTestId('est-fee')).toHaveTextContent('10.00');
    });
  });

  it('confirms, submits a market buy with SL and TP, and toasts the server message', async () => {
    logIn(demoUser);
    const server = mockServer({
      '/v1/api/main/wallet/getBalance': ok({ balance: '100000.00' }),
      '/v1/api/forex/submit': ok({ Id: 9 }, 'Order placed.'),
    });
    renderTicket();
    await waitFor(() => expect(screen.getByTestId('balance')).toHaveTextContent('100,000.00'));
    fireEvent.click(screen.getByTestId('sl-on'));
    type('sl', '1.1');
    fireEvent.click(screen.getByTestId('tp-on'));
    type('tp', '1.2');
    fireEvent.click(screen.getByTestId('submit-order'));
    const dialog = await confirmDialog();
    expect(dialog).toHaveTextContent('Buy 0.01 lots of EUR/USD at the market price with leverage ×100?');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(toastTexts()).toContain('Order placed.'));
    const q = server.find('/v1/api/forex/submit')[0]?.query;
    expect(Object.fromEntries(q ?? [])).toMatchObject({
      type: String(BUY),
      cont: '0.01',
      forex_id: '1',
      status: '1',
      stop_loss_price: '1.1',
      target_profit_price: '1.2',
      multiple: '100',
    });
    expect(q?.get('client_order_id')).toBeTruthy();
  });

  it('a pending sell sends status 0 with its target price; cancelling the confirmation sends nothing', async () => {
    logIn(demoUser);
    const server = mockServer({
      '/v1/api/main/wallet/getBalance': ok({ balance: '100000.00' }),
      '/v1/api/forex/submit': ok({ Id: 10 }, 'Pending order placed.'),
    });
    renderTicket();
    fireEvent.click(screen.getByTestId('side-sell'));
    fireEvent.click(screen.getByTestId('mode-pending'));
    type('target-price', '1.2');
    fireEvent.click(screen.getByTestId('submit-order'));
    fireEvent.click(within(await confirmDialog()).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(server.find('/v1/api/forex/submit')).toHaveLength(0);

    fireEvent.click(screen.getByTestId('submit-order'));
    fireEvent.click(within(await confirmDialog()).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(toastTexts()).toContain('Pending order placed.'));
    expect(Object.fromEntries(server.find('/v1/api/forex/submit')[0]?.query ?? [])).toMatchObject({
      type: '2',
      status: '0',
      target_price: '1.2',
      stop_loss_price: '0',
      target_profit_price: '0',
    });
  });

  it("shows the server's refusal as a toast", async () => {
    logIn(demoUser);
    mockServer({
      '/v1/api/main/wallet/getBalance': ok({ balance: '100000.00' }),
      '/v1/api/forex/submit': refuse('The market is closed.'),
    });
    renderTicket();
    fireEvent.click(screen.getByTestId('submit-order'));
    fireEvent.click(within(await confirmDialog()).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(toastTexts()).toContain('The market is closed.'));
  });

  it('market closed: buy and sell disabled', () => {
    mockServer({});
    renderTicket({ marketOpen: false });
    expect(screen.getByTestId('submit-order')).toBeDisabled();
    expect(screen.getByTestId('submit-order')).toHaveTextContent('Market closed');
    expect(screen.getByTestId('side-buy')).toBeDisabled();
    expect(screen.getByTestId('side-sell')).toBeDisabled();
  });
});
