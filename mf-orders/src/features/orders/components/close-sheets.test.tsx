import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import OrderPage from '../../../app/pages/order-page';
import { order } from '../../../testing/fixtures';
import {
  fakeRealtime,
  logIn,
  mockServer,
  ok,
  renderPage,
  resetApp,
  toastTexts,
} from '../../../testing/test-utils';
import type { FakeReply, FakeRequest } from '../../../testing/test-utils';
import type { Order } from '../api/orders-api';

let realtime: ReturnType<typeof fakeRealtime>;
beforeEach(() => {
  resetApp();
  logIn();
  realtime = fakeRealtime();
});
afterEach(async () => {
  await act(async () => {});
  realtime.detach();
});

const ACCOUNT = {
  balance: '90000.00',
  lock_balance: '1000.00',
  equity: '91000.000000',
  used_margin: '1000.000000',
  free_margin: '90000.000000',
  margin_level: '9100.00',
  floating_profit: '0.000000',
};

// Gold: minimum 0.1 lot, step 0.1 (the trade list's terms the sheet reads).
const GOLD = { Id: 7, ForexTradeLists: { Id: 7, Code: 'XAUUSD', ShowCode: 'XAU/USD' }, ForexId: 7 };
const TRADE_LIST = [{ Id: 7, Code: 'XAUUSD', ShowCode: 'XAU/USD', ForexMinCont: 0.1, Pip: 0.1 }];

function server(
  holding: Order[],
  extra: Record<string, FakeReply | ((req: FakeRequest) => FakeReply | Promise<FakeReply>)> = {},
) {
  return mockServer({
    'GET /v1/api/forex/my_deal': (req) => {
      if (req.query.get('parent_id'))
        return ok({ data: [], total: 0, all_fact_profits: '0', balance: '90000.00' });
      const status = req.query.get('status');
      const data = status === '1' ? holding : [];
      return ok({ data, total: data.length, all_fact_profits: '0', balance: '90000.00' });
    },
    'GET /v1/api/main/account/forexDetail': ok(ACCOUNT),
    'GET /v1/api/forex/trade_list': ok(TRADE_LIST),
    ...extra,
  });
}

const rowOf = (id: number) =>
  document.querySelector<HTMLElement>(`[data-testid="order-row"][data-order-id="${id}"]`);

async function openSheet(id: number) {
  await waitFor(() => expect(rowOf(id)).not.toBeNull());
  fireEvent.click(rowOf(id) as HTMLElement);
  fireEvent.click(await screen.findByTestId('close-order'));
  return screen.findByTestId('close-sheet');
}

const lotsField = () => screen.getByTestId('close-sheet-lots');
const type = (text: string) => fireEvent.change(lotsField(), { target: { value: text } });

describe('the close sheet', () => {
  it('starts at the whole position with its whole P/L; a part shows its share, is sent as lots, and the rest stays', async () => {
    const position = order({ ...GOLD, Quantity: 0.5, FactProfits: '-12.500000', CautionMoney: '500.000000' });
    const net = server([position], {
      'GET /v1/api/forex/close': ok(
        order({
          ...GOLD,
          Id: 70,
          ParentId: 7,
          Status: 3,
          Quantity: 0.2,
          FactProfits: '-5.000000',
          CautionMoney: '200.000000',
          CloseReason: 'manual',
        }),
        'Closed 0.2 lots of position #7; the rest stays open.',
      ),
    });
    renderPage(<OrderPage />, { path: '/order', query: 'type=1' });
    const sheet = await openSheet(7);
    expect(lotsField()).toHaveValue('0.5');
    expect(within(sheet).getByTestId('close-sheet-estimate')).toHaveTextContent(/^▼ -12\.50$/);
    expect(within(sheet).getByTestId('close-sheet-confirm')).toHaveTextContent('Close position');

    await waitFor(() => expect(net.find('/v1/api/forex/trade_list')).toHaveLength(1));
    type('0.2');
    expect(within(sheet).getByTestId('close-sheet-estimate')).toHaveTextContent(/^▼ -5\.00$/);
    expect(within(sheet).getByTestId('close-sheet-confirm')).toHaveTextContent('Close 0.20 lots');
    fireEvent.click(within(sheet).getByTestId('close-sheet-confirm'));

    await waitFor(() => expect(net.find('/v1/api/forex/close')).toHaveLength(1));
    const call = net.find('/v1/api/forex/close')[0];
    expect(call?.query.get('id')).toBe('7');
    expect(call?.query.get('lots')).toBe('0.2');
    await waitFor(() =>
      expect(toastTexts()).toContain('Closed 0.2 lots of position #7; the rest stays open.'),
    );
    // The position stays, with what is left (until the next FOREX_TRADE brings the server's figures).
    await waitFor(() => expect(rowOf(7)).toHaveTextContent('0.30 lots'));
    const detail = screen.getByTestId('order-detail');
    expect(within(detail).getByTestId('detail-margin')).toHaveTextContent(/^300\.00$/);
    expect(within(detail).getByTestId('detail-parts')).toHaveTextContent('#70');
  });

  it('the whole position is the ordinary close: no lots sent', async () => {
    const net = server([order({ ...GOLD, Quantity: 0.5 })], {
      'GET /v1/api/forex/close': ok(order({ ...GOLD, Status: 3, Quantity: 0.5 }), 'Position closed.'),
    });
    renderPage(<OrderPage />, { path: '/order', query: 'type=1' });
    await openSheet(7);
    type('0.5');
    fireEvent.click(screen.getByTestId('close-sheet-confirm'));
    await waitFor(() => expect(net.find('/v1/api/forex/close')).toHaveLength(1));
    expect(net.find('/v1/api/forex/close')[0]?.query.has('lots')).toBe(false);
    await waitFor(() => expect(rowOf(7)).toBeNull());
  });

  it.each([
    ['0.15', 'Too many decimals: at most 1'],
    ['0.6', 'At most 0.5 lots: the whole position'],
    ['1e308', 'Write the number in full, without “e”'],
    ['-0', 'No minus or plus sign'],
    ['NaN', 'Not a number'],
    ['0.' + '1'.repeat(30), 'Too many decimals: at most 1'],
    ['', 'Enter a number'],
  ])('shows %p exactly as typed and says why it cannot close: %s', async (text, message) => {
    const net = server([order({ ...GOLD, Quantity: 0.5, FactProfits: '3.000000' })]);
    renderPage(<OrderPage />, { path: '/order', query: 'type=1' });
    const sheet = await openSheet(7);
    await waitFor(() => expect(net.find('/v1/api/forex/trade_list')).toHaveLength(1));
    type(text);
    await waitFor(() => expect(sheet).toHaveTextContent(message));
    expect(lotsField()).toHaveValue(text);
    expect(lotsField()).toHaveAttribute('aria-invalid', 'true');
    expect(within(sheet).getByTestId('close-sheet-estimate')).toHaveTextContent(/^—$/);
    expect(within(sheet).getByTestId('close-sheet-confirm')).toBeDisabled();
    fireEvent.submit(sheet);
    expect(net.find('/v1/api/forex/close')).toHaveLength(0);
  });

  it.each([
    ['0.1', 'The minimum is 0.2 lots'],
    ['0.27', 'Lots must be a multiple of 0.05'],
    ['0.4', 'At least 0.2 lots must stay open (this leaves 0.1)'],
  ])("with the instrument's terms (minimum 0.2, step 0.05): %p says %s", async (text, message) => {
    mockServer({
      'GET /v1/api/forex/my_deal': (req) =>
        ok({
          data: req.query.get('status') === '1' ? [order({ ...GOLD, Quantity: 0.5 })] : [],
          total: 1,
          all_fact_profits: '0',
          balance: '90000.00',
        }),
      'GET /v1/api/main/account/forexDetail': ok(ACCOUNT),
      'GET /v1/api/forex/trade_list': ok([{ ...TRADE_LIST[0], ForexMinCont: 0.2, Pip: 0.05 }]),
    });
    renderPage(<OrderPage />, { path: '/order', query: 'type=1' });
    const sheet = await openSheet(7);
    type(text);
    await waitFor(() => expect(sheet).toHaveTextContent(message));
    expect(lotsField()).toHaveValue(text);
    expect(within(sheet).getByTestId('close-sheet-confirm')).toBeDisabled();
    // One step under the whole is fine.
    type('0.3');
    await waitFor(() => expect(within(sheet).getByTestId('close-sheet-confirm')).toBeEnabled());
    expect(sheet).not.toHaveTextContent(message);
  });
});

describe('history links a partial close to its position', () => {
  it('the history row and the detail say "Partial close of #7"; the position lists its partial closes', async () => {
    const part = order({ ...GOLD, Id: 70, ParentId: 7, Status: 3, Quantity: 0.2, CloseReason: 'manual' });
    mockServer({
      'GET /v1/api/forex/my_deal': (req) =>
        ok({
          data: req.query.get('status') === '3' ? [part] : [],
          total: 1,
          all_fact_profits: '0',
          balance: '90000.00',
        }),
      'GET /v1/api/main/account/forexDetail': ok(ACCOUNT),
    });
    renderPage(<OrderPage />, { path: '/order', query: 'type=3' });
    await waitFor(() => expect(rowOf(70)).not.toBeNull());
    expect(within(rowOf(70) as HTMLElement).getByTestId('order-parent')).toHaveTextContent(
      'Partial close of #7',
    );
    fireEvent.click(rowOf(70) as HTMLElement);
    expect(await screen.findByTestId('detail-parent')).toHaveTextContent('Partial close of #7');
  });
});

describe('close-all', () => {
  const positions = [
    order({ Id: 3, FactProfits: '-4.250000', Quantity: 0.1 }),
    order({ ...GOLD, Id: 2, FactProfits: '10.000000', Quantity: 0.3 }),
    order({ ...GOLD, Id: 1, FactProfits: '-1.004000', OrderType: 2, Quantity: 0.2 }),
  ];

  it('one confirmation lists what will close with the total; failures are reported per order', async () => {
    const net = server(positions, {
      'POST /v1/api/forex/close_all': ok(
        {
          closed: [order({ Id: 3, Status: 3, FactProfits: '-4.300000' })],
          failed: [{ id: 1, code: 1200, msg: 'The market is closed.' }],
        },
        '1 closed, 1 not closed.',
      ),
    });
    renderPage(<OrderPage />, { path: '/order', query: 'type=1' });
    await waitFor(() => expect(rowOf(1)).not.toBeNull());
    fireEvent.click(screen.getByTestId('close-all-open'));
    const menu = await screen.findByTestId('close-all-menu');
    expect(within(menu).getByTestId('close-all-all')).toHaveTextContent('Close all3');
    expect(within(menu).getByTestId('close-all-losing')).toHaveTextContent('Close all losing2');
    expect(within(menu).getByTestId('close-all-symbol-XAUUSD')).toHaveTextContent('Close all XAU/USD2');

    fireEvent.click(within(menu).getByTestId('close-all-losing'));
    const confirm = await screen.findByTestId('close-all-confirm');
    const listed = within(confirm).getAllByTestId('close-all-row');
    expect(listed.map((r) => r.dataset.orderId)).toEqual(['3', '1']);
    expect(listed[1]).toHaveTextContent('XAU/USD');
    expect(listed[1]).toHaveTextContent('Sell');
    expect(listed[1]).toHaveTextContent('0.20');
    // -4.25 + -1.00, each as the ledger would book it
    expect(within(confirm).getByTestId('close-all-total')).toHaveTextContent(/^▼ -5\.25$/);
    // Nothing was sent before the trader confirmed.
    expect(net.find('/v1/api/forex/close_all')).toHaveLength(0);

    fireEvent.click(within(confirm).getByTestId('close-all-send'));
    const result = await screen.findByTestId('close-all-result');
    expect(net.find('/v1/api/forex/close_all')[0]?.body).toEqual({ scope: 'losing', ids: '3,1' });
    expect(within(result).getByTestId('close-all-closed')).toHaveTextContent('BTC/USD');
    const failed = within(result).getByTestId('close-all-failed');
    expect(failed).toHaveTextContent('XAU/USD');
    expect(failed).toHaveTextContent('The market is closed.');
    expect(toastTexts()).toContain('1 closed, 1 not closed.');
    // The closed one leaves the list; the one that failed stays.
    await waitFor(() => expect(rowOf(3)).toBeNull());
    expect(rowOf(1)).not.toBeNull();
    expect(rowOf(2)).not.toBeNull();
  });

  it('one instrument: only its positions, sent with the symbol', async () => {
    const net = server(positions, {
      'POST /v1/api/forex/close_all': ok({ closed: [], failed: [] }, '0 closed, 0 not closed.'),
    });
    renderPage(<OrderPage />, { path: '/order', query: 'type=1' });
    await waitFor(() => expect(rowOf(1)).not.toBeNull());
    fireEvent.click(screen.getByTestId('close-all-open'));
    fireEvent.click(await screen.findByTestId('close-all-symbol-XAUUSD'));
    const confirm = await screen.findByTestId('close-all-confirm');
    expect(
      within(confirm)
        .getAllByTestId('close-all-row')
        .map((r) => r.dataset.orderId),
    ).toEqual(['2', '1']);
    expect(within(confirm).getByTestId('close-all-total')).toHaveTextContent(/^▲ \+9\.00$/);
    fireEvent.click(within(confirm).getByTestId('close-all-send'));
    await screen.findByTestId('close-all-result');
    expect(net.find('/v1/api/forex/close_all')[0]?.body).toEqual({
      scope: 'symbol',
      symbol: 'XAUUSD',
      ids: '2,1',
    });
  });
});
