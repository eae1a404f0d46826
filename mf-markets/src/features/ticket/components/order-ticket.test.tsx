import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
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

const confirmDialog = () => screen.findByRole('alertdialog');

/** forexDetail as the server answers it. */
const detail = (balance: string, lock = '0.00', floating = '0.000000') =>
  ok({ balance, lock_balance: lock, floating_profit: floating, equity: balance, used_margin: lock });

describe('order ticket', () => {
  it('a price that stopped updating says "No current price" and sends nothing', async () => {
    logIn();
    const server = mockServer({ '/v1/api/main/account/forexDetail': detail('100000.00') });
    renderTicket({ priceLive: false });
    expect(screen.getByTestId('no-price')).toHaveTextContent('Prices have stopped updating');
    const action = screen.getByTestId('submit-order');
    expect(action).toHaveTextContent('No current price');
    expect(action).toBeDisabled();
    fireEvent.click(action);
    expect(server.find('/v1/api/forex/submit')).toHaveLength(0);
  });

  it('sends a guest to /login?from=/trade', () => {
    const server = mockServer({});
    const { nav } = renderTicket();
    fireEvent.click(screen.getByTestId('submit-order'));
    expect(nav.navigate).toHaveBeenCalledWith('/login?from=%2Ftrade');
    expect(server.find('/v1/api/forex/submit')).toHaveLength(0);
  });

  it("without multipliers says 'Leverage not configured, cannot place order temporarily'", async () => {
    logIn();
    mockServer({ '/v1/api/main/account/forexDetail': detail('100000.00') });
    renderTicket({ instrument: instrument({ HasForexMultiple: [] }) });
    expect(screen.getByTestId('no-leverage')).toHaveTextContent('Leverage not configured');
    fireEvent.click(screen.getByTestId('submit-order'));
    expect(toastTexts()).toContain('Leverage not configured, cannot place order temporarily');
  });

  it('below a 50000 balance the stop boxes are disabled, saying why', async () => {
    logIn();
    mockServer({ '/v1/api/main/account/forexDetail': detail('1000.00') });
    renderTicket();
    await waitFor(() => expect(screen.getByTestId('balance')).toHaveTextContent('1,000.00'));
    expect(screen.getByTestId('sl-on')).toBeDisabled();
    expect(screen.getByTestId('tp-on')).toBeDisabled();
    expect(screen.getByTestId('stops-hint')).toHaveTextContent(
      'Stop loss and take profit need a balance of at least 50,000',
    );
  });

  it('SL and TP inputs are enabled only when ticked, and show exactly what was typed with the reason', async () => {
    logIn(demoUser);
    const server = mockServer({ '/v1/api/main/account/forexDetail': detail('100000.00') });
    renderTicket();
    await waitFor(() => expect(screen.getByTestId('balance')).toHaveTextContent('100,000.00'));
    expect(screen.getByTestId('sl')).toBeDisabled();
    expect(screen.getByTestId('tp')).toBeDisabled();
    fireEvent.click(screen.getByTestId('tp-on'));
    expect(screen.getByTestId('tp')).toBeEnabled();
    expect(screen.getByTestId('tp')).toHaveAttribute('inputmode', 'decimal');
    type('tp', '-5');
    expect(screen.getByTestId('tp')).toHaveValue('-5');
    expect(screen.getByTestId('tp-error')).toHaveTextContent('No minus or plus sign');
    expect(screen.getByTestId('submit-order')).toBeDisabled();
    // Beyond the instrument's precision (5 decimals): kept as typed, refused, naming the limit.
    type('tp', '1.1234567');
    expect(screen.getByTestId('tp')).toHaveValue('1.1234567');
    expect(screen.getByTestId('tp-error')).toHaveTextContent('Too many decimals: at most 5');
    fireEvent.click(screen.getByTestId('tp-on'));
    fireEvent.click(screen.getByTestId('sl-on'));
    type('sl', '0.0000000001');
    expect(screen.getByTestId('sl')).toHaveValue('0.0000000001');
    expect(screen.getByTestId('sl-error')).toHaveTextContent('Too many decimals: at most 5');
    type('lots', 'abc0.0155');
    expect(screen.getByTestId('lots')).toHaveValue('abc0.0155');
    expect(screen.getByTestId('lots-error')).toHaveTextContent('Not a number');
    expect(screen.getByTestId('submit-order')).toBeDisabled();
    fireEvent.click(screen.getByTestId('submit-order'));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(server.find('/v1/api/forex/submit')).toHaveLength(0);
  });

  it('lots -5 and 1,000,000 lots: the reason beside lots, no figures, the action disabled, nothing sent', async () => {
    logIn(demoUser);
    const server = mockServer({ '/v1/api/main/account/forexDetail': detail('100000.00') });
    renderTicket();
    await waitFor(() => expect(screen.getByTestId('balance')).toHaveTextContent('100,000.00'));
    type('lots', '-5');
    expect(screen.getByTestId('lots')).toHaveValue('-5');
    expect(screen.getByTestId('lots-error')).toHaveTextContent('No minus or plus sign');
    expect(screen.getByTestId('submit-order')).toBeDisabled();
    // The stepper: minus has nothing to step from, plus restarts from the minimum.
    expect(screen.getByTestId('lots-minus')).toBeDisabled();
    type('lots', '1000000');
    expect(screen.getByTestId('lots-error')).toHaveTextContent('Too large: at most 10,000');
    expect(screen.getByTestId('est-margin')).toHaveTextContent('—');
    expect(screen.getByTestId('est-fee')).toHaveTextContent('—');
    expect(screen.getByTestId('liquidation')).toHaveTextContent('—');
    expect(screen.getByTestId('liquidation')).not.toHaveTextContent('Not enough balance');
    expect(screen.getByTestId('submit-order')).toBeDisabled();
    fireEvent.click(screen.getByTestId('submit-order'));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    fireEvent.click(screen.getByTestId('lots-plus'));
    expect(screen.getByTestId('lots')).toHaveValue('0.01');
    expect(screen.queryByTestId('lots-error')).toBeNull();
    expect(screen.getByTestId('submit-order')).toBeEnabled();
    expect(server.find('/v1/api/forex/submit')).toHaveLength(0);
  });

  it('a pending target of 1.1.1 is kept as typed and refused; a valid one is sent as read', async () => {
    logIn(demoUser);
    const server = mockServer({
      '/v1/api/main/account/forexDetail': detail('100000.00'),
      '/v1/api/forex/submit': ok(null, 'Placed'),
    });
    renderTicket();
    await waitFor(() => expect(screen.getByTestId('balance')).toHaveTextContent('100,000.00'));
    fireEvent.click(screen.getByTestId('mode-pending'));
    type('target-price', '1.1.1');
    expect(screen.getByTestId('target-price')).toHaveValue('1.1.1');
    expect(screen.getByTestId('target-price-error')).toHaveTextContent(
      'One decimal point at most, and no thousands separators',
    );
    expect(screen.getByTestId('submit-order')).toBeDisabled();
    type('target-price', '1.11');
    fireEvent.click(screen.getByTestId('submit-order'));
    fireEvent.click(within(await confirmDialog()).getByTestId('confirm-order'));
    await waitFor(() => expect(server.find('/v1/api/forex/submit')).toHaveLength(1));
    expect(server.find('/v1/api/forex/submit')[0]?.query.get('target_price')).toBe('1.11');
  });

  it('a ticked stop loss without a valid price is refused beside it, never dropped; the message goes once valid', async () => {
    logIn(demoUser);
    const server = mockServer({ '/v1/api/main/account/forexDetail': detail('100000.00') });
    renderTicket();
    await waitFor(() => expect(screen.getByTestId('balance')).toHaveTextContent('100,000.00'));
    fireEvent.click(screen.getByTestId('sl-on'));
    // Empty: said at once, and the action waits for a price.
    expect(screen.getByTestId('sl-error')).toHaveTextContent('Enter a stop loss price above 0');
    expect(screen.getByTestId('submit-order')).toBeDisabled();
    fireEvent.click(screen.getByTestId('submit-order'));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    type('sl', '0');
    expect(screen.getByTestId('sl-error')).toHaveTextContent('Must be more than 0');
    // Above the bid for a buy: the wrong side, said on a tap.
    type('sl', '1.2');
    fireEvent.click(screen.getByTestId('submit-order'));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(screen.getByTestId('sl-error')).toHaveTextContent(
      'For a buy, the stop loss must be below the price',
    );
    type('sl', '1.1');
    expect(screen.queryByTestId('sl-error')).toBeNull();
    expect(server.find('/v1/api/forex/submit')).toHaveLength(0);
  });

  it("a pending order without a price says 'Enter price' and waits for one", () => {
    logIn();
    mockServer({ '/v1/api/main/account/forexDetail': detail('100000.00') });
    renderTicket();
    fireEvent.click(screen.getByTestId('mode-pending'));
    expect(screen.getByTestId('target-price-error')).toHaveTextContent('Enter price');
    expect(screen.getByTestId('submit-order')).toBeDisabled();
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

  it('the confirmation lists everything that will be sent; confirming sends it and toasts the server message', async () => {
    logIn(demoUser);
    setFeeType(1);
    const server = mockServer({
      '/v1/api/main/account/forexDetail': detail('100000.00'),
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
    expect(within(dialog).getByTestId('order-review')).toHaveTextContent('Buy EUR/USD');
    expect(within(dialog).getByTestId('review-type')).toHaveTextContent('Market');
    expect(within(dialog).getByTestId('review-price')).toHaveTextContent('1.15020');
    expect(within(dialog).getByTestId('review-lots')).toHaveTextContent('0.01');
    expect(within(dialog).getByTestId('review-leverage')).toHaveTextContent('×100');
    expect(within(dialog).getByTestId('review-sl')).toHaveTextContent('1.10000');
    expect(within(dialog).getByTestId('review-tp')).toHaveTextContent('1.20000');
    expect(within(dialog).getByTestId('review-margin')).toHaveTextContent('11.50');
    expect(within(dialog).getByTestId('review-fee')).toHaveTextContent('0.07');
    expect(within(dialog).getByTestId('confirm-order')).toHaveTextContent('Buy now');
    expect(server.find('/v1/api/forex/submit')).toHaveLength(0);
    fireEvent.click(within(dialog).getByTestId('confirm-order'));
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

  it('trailing stop: off by default; its distance is shown as typed with the reason, previewed, confirmed and sent', async () => {
    logIn(demoUser);
    const server = mockServer({
      '/v1/api/main/account/forexDetail': detail('100000.00'),
      '/v1/api/forex/submit': ok({ Id: 9 }, 'Order placed.'),
    });
    renderTicket();
    await waitFor(() => expect(screen.getByTestId('balance')).toHaveTextContent('100,000.00'));
    expect(screen.getByTestId('trail-on')).not.toBeChecked();
    expect(screen.getByTestId('trail')).toBeDisabled();
    fireEvent.click(screen.getByTestId('trail-on'));
    expect(screen.getByTestId('trail-error')).toHaveTextContent('Enter a distance in points');
    expect(screen.getByTestId('submit-order')).toBeDisabled();
    type('trail', '-5');
    expect(screen.getByTestId('trail')).toHaveValue('-5');
    expect(screen.getByTestId('trail-error')).toBeInTheDocument();
    expect(screen.getByTestId('submit-order')).toBeDisabled();
    type('trail', '1.5');
    expect(screen.getByTestId('trail')).toHaveValue('1.5');
    expect(screen.getByTestId('submit-order')).toBeDisabled();
    // 1.15 is 115,000 points: a buy has no level 200,000 points below it.
    type('trail', '200000');
    expect(screen.getByTestId('trail-hint')).toHaveTextContent('Too far');
    type('trail', '50');
    expect(screen.getByTestId('trail-hint')).toHaveTextContent('Starts at 1.14950 and follows the price');
    fireEvent.click(screen.getByTestId('submit-order'));
    const dialog = await confirmDialog();
    expect(within(dialog).getByTestId('review-trailing')).toHaveTextContent('50 points');
    fireEvent.click(within(dialog).getByTestId('confirm-order'));
    await waitFor(() => expect(toastTexts()).toContain('Order placed.'));
    const q = server.find('/v1/api/forex/submit')[0]?.query;
    expect(q?.get('trailing_distance')).toBe('50');
    expect(q?.get('stop_loss_price')).toBe('0');
  });

  it('trailing stop on a pending order says it starts at the fill', async () => {
    logIn(demoUser);
    mockServer({ '/v1/api/main/account/forexDetail': detail('100000.00') });
    renderTicket();
    await waitFor(() => expect(screen.getByTestId('balance')).toHaveTextContent('100,000.00'));
    fireEvent.click(screen.getByTestId('mode-pending'));
    type('target-price', '1.1');
    fireEvent.click(screen.getByTestId('trail-on'));
    type('trail', '30');
    expect(screen.getByTestId('trail-hint')).toHaveTextContent(
      'Starts when the order fills, 30 points from the fill price',
    );
  });

  it('in pending mode the buttons say what they do; cancelling the confirmation sends nothing', async () => {
    logIn(demoUser);
    const server = mockServer({
      '/v1/api/main/account/forexDetail': detail('100000.00'),
      '/v1/api/forex/submit': ok({ Id: 10 }, 'Pending order placed.'),
    });
    renderTicket();
    fireEvent.click(screen.getByTestId('mode-pending'));
    expect(screen.getByTestId('submit-order')).toHaveTextContent('Place buy order');
    type('target-price', '1.1');
    // A buy below the ask waits for the price to fall to it: a limit.
    expect(screen.getByTestId('submit-order')).toHaveTextContent('Place buy limit at 1.10000');
    fireEvent.click(screen.getByTestId('side-sell'));
    type('target-price', '1.2');
    expect(screen.getByTestId('submit-order')).toHaveTextContent('Place sell limit at 1.20000');
    fireEvent.click(screen.getByTestId('submit-order'));
    let dialog = await confirmDialog();
    expect(within(dialog).getByTestId('review-type')).toHaveTextContent('Sell limit');
    expect(within(dialog).getByTestId('review-price')).toHaveTextContent('1.20000');
    expect(within(dialog).getByTestId('review-sl')).toHaveTextContent('Not set');
    fireEvent.click(within(dialog).getByTestId('confirm-cancel'));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(server.find('/v1/api/forex/submit')).toHaveLength(0);

    type('target-price', '1.1');
    expect(screen.getByTestId('submit-order')).toHaveTextContent('Place sell stop at 1.10000');
    fireEvent.click(screen.getByTestId('submit-order'));
    dialog = await confirmDialog();
    expect(within(dialog).getByTestId('confirm-order')).toHaveTextContent('Place sell stop at 1.10000');
    fireEvent.click(within(dialog).getByTestId('confirm-order'));
    await waitFor(() => expect(toastTexts()).toContain('Pending order placed.'));
    expect(Object.fromEntries(server.find('/v1/api/forex/submit')[0]?.query ?? [])).toMatchObject({
      type: '2',
      status: '0',
      target_price: '1.1',
      stop_loss_price: '0',
      target_profit_price: '0',
    });
  });

  it('slippage guard: the deviation chosen is shown, confirmed, sent with the price shown and remembered per instrument', async () => {
    logIn(demoUser);
    const server = mockServer({
      '/v1/api/main/account/forexDetail': detail('100000.00'),
      '/v1/api/forex/submit': ok({ Id: 12 }, 'Order placed.'),
    });
    const first = renderTicket();
    expect(screen.getByTestId('deviation-3')).toHaveAttribute('aria-checked', 'true');
    expect(screen.getByTestId('deviation-10')).toHaveTextContent('±0.00100');
    fireEvent.click(screen.getByTestId('deviation-10'));
    expect(screen.getByTestId('deviation-10')).toHaveAttribute('aria-checked', 'true');
    fireEvent.click(screen.getByTestId('submit-order'));
    const dialog = await confirmDialog();
    expect(within(dialog).getByTestId('review-deviation')).toHaveTextContent('±0.00100');
    expect(dialog).toHaveTextContent('refused if that is worse than 1.15020 by more than 0.00100');
    fireEvent.click(within(dialog).getByTestId('confirm-order'));
    await waitFor(() => expect(toastTexts()).toContain('Order placed.'));
    const q = server.find('/v1/api/forex/submit')[0]?.query;
    expect(q?.get('expected_price')).toBe('1.15020');
    expect(q?.get('max_deviation')).toBe('100');
    // Remembered on this device for this instrument, not for another.
    first.unmount();
    const again = renderTicket();
    expect(screen.getByTestId('deviation-10')).toHaveAttribute('aria-checked', 'true');
    again.unmount();
    renderTicket({ instrument: instrument({ Id: 2 }) });
    expect(screen.getByTestId('deviation-3')).toHaveAttribute('aria-checked', 'true');
    // Pending orders carry their own price: no deviation.
    fireEvent.click(screen.getByTestId('mode-pending'));
    expect(screen.queryByTestId('deviation')).toBeNull();
  });

  it('one-tap trading is off by default; turning it on warns first, and cancelling keeps it off', async () => {
    logIn(demoUser);
    mockServer({ '/v1/api/main/account/forexDetail': detail('100000.00') });
    renderTicket();
    const toggle = screen.getByTestId('one-tap');
    expect(toggle).not.toBeChecked();
    expect(toggle).toHaveAccessibleName('One-tap trading');
    fireEvent.click(toggle);
    const warning = await screen.findByRole('dialog');
    expect(warning).toHaveTextContent('Turn on one-tap trading?');
    expect(warning).toHaveTextContent('The price protection (maximum deviation) still applies.');
    fireEvent.click(within(warning).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByTestId('one-tap')).not.toBeChecked();
    expect(localStorage.getItem('meridian.ticket.oneTap')).toBeNull();
    expect(screen.queryByTestId('one-tap-on')).toBeNull();
  });

  it('one-tap on: a market Buy goes at the tap with the price shown and its guard, and the toast names the fill', async () => {
    logIn(demoUser);
    const server = mockServer({
      '/v1/api/main/account/forexDetail': detail('100000.00'),
      '/v1/api/forex/submit': ok(
        {
          Id: 21,
          OrderType: BUY,
          Quantity: 0.01,
          ForexTradeLists: { Id: 1, Code: 'EURUSD', ShowCode: 'EUR/USD' },
          Price: '1.15030',
          FillPrice: '1.15030',
        },
        'Order placed.',
      ),
    });
    renderTicket();
    fireEvent.click(screen.getByTestId('one-tap'));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Turn on' }));
    await waitFor(() => expect(screen.getByTestId('one-tap')).toBeChecked());
    expect(screen.getByTestId('one-tap-on')).toHaveTextContent('market orders go at once');
    expect(localStorage.getItem('meridian.ticket.oneTap')).toBe('1');
    await waitFor(() => expect(screen.getByTestId('balance')).toHaveTextContent('100,000.00'));
    fireEvent.click(screen.getByTestId('submit-order'));
    // No confirmation: sent at once, with the slippage guard of the price on screen.
    expect(screen.queryByRole('alertdialog')).toBeNull();
    await waitFor(() => expect(toastTexts()).toContain('Bought 0.01 lots EUR/USD at 1.15030'));
    const q = server.find('/v1/api/forex/submit');
    expect(q).toHaveLength(1);
    expect(q[0]?.query.get('expected_price')).toBe('1.15020');
    expect(q[0]?.query.get('max_deviation')).toBe('30');
    expect(q[0]?.query.get('client_order_id')).toBeTruthy();
  });

  it('one-tap on: a pending order still asks, and turning one-tap off does not', async () => {
    logIn(demoUser);
    const server = mockServer({ '/v1/api/main/account/forexDetail': detail('100000.00') });
    renderTicket();
    fireEvent.click(screen.getByTestId('one-tap'));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Turn on' }));
    await waitFor(() => expect(screen.getByTestId('one-tap')).toBeChecked());
    fireEvent.click(screen.getByTestId('mode-pending'));
    expect(screen.queryByTestId('one-tap')).toBeNull();
    type('target-price', '1.1');
    fireEvent.click(screen.getByTestId('submit-order'));
    expect(await confirmDialog()).toHaveTextContent('Buy limit');
    expect(server.find('/v1/api/forex/submit')).toHaveLength(0);
    fireEvent.click(screen.getByTestId('mode-market'));
    fireEvent.click(screen.getByTestId('one-tap'));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByTestId('one-tap')).not.toBeChecked();
    expect(localStorage.getItem('meridian.ticket.oneTap')).toBeNull();
  });

  it('a retry of the same order after the price moved keeps its key (the price shown is not the order)', async () => {
    logIn(demoUser);
    const server = mockServer({
      '/v1/api/main/account/forexDetail': detail('100000.00'),
      '/v1/api/forex/submit': () => {
        throw new TypeError('Failed to fetch');
      },
    });
    const view = renderTicket();
    fireEvent.click(screen.getByTestId('submit-order'));
    fireEvent.click(within(await confirmDialog()).getByTestId('confirm-order'));
    await waitFor(() => expect(screen.getByTestId('submit-order')).toBeEnabled());
    view.rerender(
      <OrderTicket instrument={eur} quote={{ bid: 1.1501, ask: 1.1503 }} marketOpen usdRate={1} lang="en" />,
    );
    fireEvent.click(screen.getByTestId('submit-order'));
    fireEvent.click(within(await confirmDialog()).getByTestId('confirm-order'));
    await waitFor(() => expect(screen.getByTestId('submit-order')).toBeEnabled());
    const sent = server.find('/v1/api/forex/submit').map((r) => r.query);
    expect(sent.map((q) => q.get('expected_price'))).toEqual(['1.15020', '1.15030']);
    expect(sent[1]?.get('client_order_id')).toBe(sent[0]?.get('client_order_id'));
  });

  it('a market confirmation follows the quote: the price shown at the tap is the one sent', async () => {
    logIn(demoUser);
    const server = mockServer({
      '/v1/api/main/account/forexDetail': detail('100000.00'),
      '/v1/api/forex/submit': ok({ Id: 13 }, 'Order placed.'),
    });
    const view = renderTicket();
    fireEvent.click(screen.getByTestId('submit-order'));
    const dialog = await confirmDialog();
    expect(within(dialog).getByTestId('review-price')).toHaveTextContent('1.15020');
    view.rerender(
      <OrderTicket instrument={eur} quote={{ bid: 1.1509, ask: 1.1511 }} marketOpen usdRate={1} lang="en" />,
    );
    expect(within(await confirmDialog()).getByTestId('review-price')).toHaveTextContent('1.15110');
    fireEvent.click(within(await confirmDialog()).getByTestId('confirm-order'));
    await waitFor(() => expect(toastTexts()).toContain('Order placed.'));
    expect(server.find('/v1/api/forex/submit')[0]?.query.get('expected_price')).toBe('1.15110');
  });

  it('one order per confirmed tap: a retry after a failure keeps the key, a new order or a change gets a new one', async () => {
    logIn(demoUser);
    let fail = true;
    const server = mockServer({
      '/v1/api/main/account/forexDetail': detail('100000.00'),
      '/v1/api/forex/submit': () => {
        if (fail) throw new TypeError('Failed to fetch');
        return ok({ Id: 11 }, 'Order placed.');
      },
    });
    renderTicket();
    const placeOnce = async () => {
      fireEvent.click(screen.getByTestId('submit-order'));
      fireEvent.click(within(await confirmDialog()).getByTestId('confirm-order'));
      await waitFor(() => expect(screen.getByTestId('submit-order')).toBeEnabled());
    };
    const keys = () => server.find('/v1/api/forex/submit').map((r) => r.query.get('client_order_id'));
    await placeOnce();
    await placeOnce();
    expect(keys()).toHaveLength(2);
    expect(keys()[1]).toBe(keys()[0]);
    fail = false;
    await placeOnce();
    expect(keys()[2]).toBe(keys()[0]);
    await waitFor(() => expect(toastTexts()).toContain('Order placed.'));
    // Placed: the next order is a new one.
    await placeOnce();
    expect(keys()[3]).not.toBe(keys()[0]);
    // A failed order then changed on the ticket is a new order too.
    fail = true;
    await placeOnce();
    fireEvent.click(screen.getByTestId('lots-plus'));
    await placeOnce();
    expect(keys()[5]).not.toBe(keys()[4]);
  });

  it('says when the balance cannot pay for the order, instead of a liquidation price', async () => {
    logIn(demoUser);
    mockServer({ '/v1/api/main/account/forexDetail': detail('5.00', '500.00', '-20.000000') });
    renderTicket();
    await waitFor(() =>
      expect(screen.getByTestId('liquidation')).toHaveTextContent('Not enough balance for this order'),
    );
    type('lots', '10000');
    expect(screen.getByTestId('liquidation')).toHaveTextContent('Not enough balance for this order');
  });

  it("shows the server's refusal as a toast", async () => {
    logIn(demoUser);
    mockServer({
      '/v1/api/main/account/forexDetail': detail('100000.00'),
      '/v1/api/forex/submit': refuse('The market is closed.'),
    });
    renderTicket();
    fireEvent.click(screen.getByTestId('submit-order'));
    fireEvent.click(within(await confirmDialog()).getByTestId('confirm-order'));
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

  it('offline, "Buy now" says it needs a connection and opens nothing; the lots stay; online again it confirms', async () => {
    logIn(demoUser);
    mockServer({ '/v1/api/main/account/forexDetail': detail('100000.00') });
    let online = false;
    jest.spyOn(navigator, 'onLine', 'get').mockImplementation(() => online);
    renderTicket();
    type('lots', '0.25');
    fireEvent.click(screen.getByTestId('submit-order'));
    expect(screen.getByTestId('offline-notice')).toHaveTextContent(
      'You are offline — this needs a connection',
    );
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(screen.getByTestId('lots')).toHaveValue('0.25');

    online = true;
    act(() => {
      window.dispatchEvent(new Event('online'));
    });
    expect(screen.queryByTestId('offline-notice')).toBeNull();
    fireEvent.click(screen.getByTestId('submit-order'));
    expect(within(await confirmDialog()).getByTestId('review-lots')).toHaveTextContent('0.25');
  });
});
