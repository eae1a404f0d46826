import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { TOPICS } from '@meridian/shared';
import OrderPage from '../../../app/pages/order-page';
import { order } from '../../../testing/fixtures';
import {
  fakeRealtime,
  logIn,
  mockServer,
  ok,
  refuse,
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
  // Let the account and precision answers still on their way land inside act().
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

const many = (from: number, n: number, over: Partial<Order> = {}) =>
  Array.from({ length: n }, (_, i) => order({ Id: from - i, ...over }));

/** my_deal answering by page from `pages` (an array per page) with `total`. */
function server(
  pages: Order[][] | ((req: FakeRequest) => FakeReply),
  total?: number,
  extra: Record<string, FakeReply | ((req: FakeRequest) => FakeReply | Promise<FakeReply>)> = {},
) {
  return mockServer({
    'GET /v1/api/forex/my_deal':
      typeof pages === 'function'
        ? pages
        : (req) =>
            ok({
              data: pages[Number(req.query.get('page')) - 1] ?? [],
              total: total ?? pages.flat().length,
              all_fact_profits: '1.500000',
              balance: '90000.00',
            }),
    'GET /v1/api/main/account/forexDetail': ok(ACCOUNT),
    ...extra,
  });
}

const rows = () => screen.queryAllByTestId('order-row');
const rowOf = (id: number) =>
  document.querySelector<HTMLElement>(`[data-testid="order-row"][data-order-id="${id}"]`);

describe('/order list', () => {
  it('loads the tab of ?type=, and switching tabs replaces the URL', async () => {
    const net = server([[order({ Id: 5, Status: 0, Price: '50' })]]);
    const { nav } = renderPage(<OrderPage />, { path: '/order', query: 'type=0' });
    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(net.find('/v1/api/forex/my_deal')[0]?.query.get('status')).toBe('0');
    expect(screen.getByTestId('tab-pending')).toHaveAttribute('aria-selected', 'true');
    fireEvent.click(screen.getByTestId('tab-history'));
    expect(nav.navigate).toHaveBeenCalledWith('/order?type=3', { replace: true });
  });

  it('shows each row: code, side, lots, prices and signed P/L in booked cents', async () => {
    const net = server([
      [
        order({
          Id: 3,
          OrderType: 2,
          Quantity: 0.5,
          Price: '91000.5',
          UpdatePrice: '90990',
          FactProfits: '5.25',
        }),
      ],
    ]);
    renderPage(<OrderPage />, { path: '/order', query: 'type=1' });
    const row = await screen.findByTestId('order-row');
    expect(row).toHaveTextContent('BTC/USD');
    expect(row).toHaveTextContent('Sell');
    expect(row).toHaveTextContent('0.50 lots');
    await waitFor(() => expect(within(row).getByTestId('order-open')).toHaveTextContent('91,000.50'));
    expect(within(row).getByTestId('order-current')).toHaveTextContent('90,990.00');
    expect(within(row).getByTestId('order-pl')).toHaveTextContent(/^▲ \+5\.25$/);
    expect(within(row).getByTestId('order-pl')).toHaveAttribute('data-direction', 'up');
    // The precision comes with the order: the trade list is not fetched to learn it.
    expect(net.find('/v1/api/forex/trade_list')).toHaveLength(0);
  });

  it('pages: appends page 2, stops at the total with "no more"', async () => {
    const net = server([many(20, 10), many(10, 2)], 12);
    renderPage(<OrderPage />, { path: '/order', query: 'type=1' });
    await waitFor(() => expect(rows()).toHaveLength(10));
    fireEvent.click(await screen.findByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(rows()).toHaveLength(12));
    expect(net.find('/v1/api/forex/my_deal').map((c) => c.query.get('page'))).toEqual(['1', '2']);
    expect(screen.getByText('No more')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
  });

  it('shows "no data" for an empty tab', async () => {
    server([[]], 0);
    renderPage(<OrderPage />, { path: '/order', query: 'type=3' });
    expect(await screen.findByText('No data')).toBeInTheDocument();
  });

  it('a failed page keeps the list as it was, shows the message, and retries', async () => {
    let fail = true;
    server((req) => {
      const page = Number(req.query.get('page'));
      if (page === 2 && fail) return refuse('Service busy');
      return ok({
        data: page === 1 ? many(20, 10) : many(10, 1),
        total: 11,
        all_fact_profits: '0',
        balance: '90000.00',
      });
    });
    renderPage(<OrderPage />, { path: '/order', query: 'type=1' });
    await waitFor(() => expect(rows()).toHaveLength(10));
    fireEvent.click(await screen.findByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(toastTexts()).toContain('Service busy'));
    expect(rows()).toHaveLength(10);
    fail = false;
    fireEvent.click(await screen.findByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(rows()).toHaveLength(11));
  });

  it('pull-to-refresh clears and reloads page 1', async () => {
    let version = 1;
    const net = server((req) =>
      ok({
        data: [order({ Id: version === 1 ? 1 : 2 })],
        total: 1,
        all_fact_profits: '0',
        balance: '90000.00',
        page: req.query.get('page'),
      }),
    );
    renderPage(<OrderPage />, { path: '/order', query: 'type=1' });
    await waitFor(() => expect(rowOf(1)).not.toBeNull());
    version = 2;
    const root = screen.getByTestId('refresh-indicator').parentElement as HTMLElement;
    fireEvent.touchStart(root, { touches: [{ clientY: 0 }] });
    fireEvent.touchMove(root, { touches: [{ clientY: 300 }] });
    fireEvent.touchEnd(root, { touches: [] });
    await waitFor(() => expect(rowOf(2)).not.toBeNull());
    expect(rowOf(1)).toBeNull();
    expect(net.find('/v1/api/forex/my_deal').map((c) => c.query.get('page'))).toEqual(['1', '1']);
  });
});

describe('/order live updates', () => {
  it('FOREX_TRADE updates P/L and price in place without reloading, and the summary follows', async () => {
    const net = server([
      [order({ Id: 2, FactProfits: '1.000000' }), order({ Id: 1, FactProfits: '2.000000' })],
    ]);
    renderPage(<OrderPage />, { path: '/order', query: 'type=1' });
    await waitFor(() => expect(rows()).toHaveLength(2));
    await waitFor(() => expect(screen.getByTestId('summary-equity')).toHaveTextContent('91,000.00'));
    realtime.emit(TOPICS.forexTrade, [
      order({ Id: 2, FactProfits: '-3.500000', UpdatePrice: '97.25' }),
      order({ Id: 1, FactProfits: '2.000000' }),
    ]);
    const row = rowOf(2) as HTMLElement;
    expect(within(row).getByTestId('order-pl')).toHaveTextContent(/^▼ -3\.50$/);
    expect(within(row).getByTestId('order-current')).toHaveTextContent('97.25');
    expect(rows().map((r) => r.dataset.orderId)).toEqual(['2', '1']);
    expect(screen.getByTestId('summary-floating')).toHaveTextContent(/^▼ -1\.50$/);
    expect(screen.getByTestId('summary-equity')).toHaveTextContent('90,998.50');
    expect(screen.getByTestId('summary-free')).toHaveTextContent('89,998.50');
    expect(net.find('/v1/api/forex/my_deal')).toHaveLength(1);
  });

  it('FOREX_CLOSED removes the order from holding and closes its open detail', async () => {
    server([[order({ Id: 2 }), order({ Id: 1 })]]);
    renderPage(<OrderPage />, { path: '/order', query: 'type=1' });
    await waitFor(() => expect(rows()).toHaveLength(2));
    fireEvent.click(rowOf(2) as HTMLElement);
    expect(await screen.findByTestId('order-detail')).toBeInTheDocument();
    realtime.emit(TOPICS.forexClosed, order({ Id: 2, Status: 3, CloseReason: 'tp' }));
    await act(async () => {}); // the account figures reloaded after the close
    expect(rowOf(2)).toBeNull();
    expect(rows()).toHaveLength(1);
    expect(screen.queryByTestId('order-detail')).toBeNull();
  });

  it('unsubscribes when the page leaves', async () => {
    server([[]], 0);
    const { unmount } = renderPage(<OrderPage />, { path: '/order', query: 'type=1' });
    expect(realtime.subscribers(TOPICS.forexTrade)).toBe(1);
    expect(realtime.subscribers(TOPICS.forexClosed)).toBe(1);
    await screen.findByText('No data');
    unmount();
    expect(realtime.subscribers(TOPICS.forexTrade)).toBe(0);
    expect(realtime.subscribers(TOPICS.forexClosed)).toBe(0);
  });
});

describe('/order detail and actions', () => {
  it('shows every field of a closed order with the fill prices and the reason', async () => {
    server([
      [
        order({
          Id: 7,
          Status: 3,
          ExpectedPrice: '100.5',
          FillPrice: '100.75',
          CloseExpectedPrice: '110',
          ClosePrice: '109.5',
          UpdatePrice: '109.5',
          CloseReason: 'stop_out',
          FactProfits: '-12.000000',
          CompleteTimeHandler: '2026-01-02 04:00:00',
        }),
      ],
    ]);
    renderPage(<OrderPage />, { path: '/order', query: 'type=3' });
    fireEvent.click(await screen.findByTestId('order-row'));
    const detail = await screen.findByTestId('order-detail');
    for (const label of [
      'Multiplier',
      'Margin',
      'Fee',
      'Expected price',
      'Fill price',
      'Close price',
      'Stop loss',
    ])
      expect(detail).toHaveTextContent(label);
    expect(within(detail).getByTestId('detail-fill')).toHaveTextContent('100.75');
    expect(within(detail).getByTestId('detail-close-price')).toHaveTextContent('109.50');
    expect(within(detail).getByTestId('detail-reason')).toHaveTextContent('Stop-out');
    expect(within(detail).getByTestId('detail-status')).toHaveTextContent('Closed');
    expect(within(detail).getByTestId('detail-pl')).toHaveTextContent(/^▼ -12\.00$/);
    expect(within(detail).queryByTestId('close-order')).toBeNull();
    expect(within(detail).queryByTestId('edit-stops')).toBeNull();
  });

  it('shows margin, fee and P/L as the ledger booked them: cents, rounded half away from zero', async () => {
    server([
      [
        order({
          Id: 9,
          CautionMoney: '115.483000',
          TradeFee: '0.575000',
          FactProfits: '-0.004999',
        }),
      ],
    ]);
    renderPage(<OrderPage />, { path: '/order', query: 'type=1' });
    fireEvent.click(await screen.findByTestId('order-row'));
    const detail = await screen.findByTestId('order-detail');
    expect(within(detail).getByTestId('detail-margin')).toHaveTextContent(/^115\.48$/);
    expect(within(detail).getByTestId('detail-fee')).toHaveTextContent(/^0\.58$/);
    // Less than half a cent is booked as nothing: no sign, no arrow, no colour of a loss.
    expect(within(detail).getByTestId('detail-pl')).toHaveTextContent(/^0\.00$/);
    expect(within(detail).getByTestId('detail-pl')).toHaveAttribute('data-direction', 'flat');
  });

  it('a cancelled pending order in history carries a tag, no close price or P/L, and its target in the detail', async () => {
    server([
      [
        order({
          Id: 8,
          Status: 3,
          Price: '95.00',
          TargetPrice: '95.00',
          ExpectedPrice: '95.00',
          FillPrice: null,
          ClosePrice: null,
          UpdatePrice: '95.00',
          CloseReason: 'cancel',
          CompleteTimeHandler: '2026-01-02 04:00:00',
        }),
        order({
          Id: 7,
          Status: 3,
          FillPrice: '100.00',
          ClosePrice: '101.00',
          UpdatePrice: '101.00',
          CloseReason: 'manual',
        }),
      ],
    ]);
    renderPage(<OrderPage />, { path: '/order', query: 'type=3' });
    await waitFor(() => expect(rows()).toHaveLength(2));
    const cancelled = rowOf(8) as HTMLElement;
    expect(within(cancelled).getByTestId('order-tag')).toHaveTextContent('Cancelled');
    expect(within(cancelled).queryByTestId('order-pl')).toBeNull();
    expect(within(cancelled).queryByTestId('order-current')).toBeNull();
    expect(cancelled).toHaveTextContent('Target price');
    expect(within(cancelled).getByTestId('order-open')).toHaveTextContent('95.00');
    // A trade that did happen still shows its close price and P/L.
    expect(within(rowOf(7) as HTMLElement).getByTestId('order-pl')).toBeInTheDocument();
    expect(within(rowOf(7) as HTMLElement).queryByTestId('order-tag')).toBeNull();

    fireEvent.click(cancelled);
    const detail = await screen.findByTestId('order-detail');
    expect(within(detail).getByTestId('detail-status')).toHaveTextContent('Cancelled');
    expect(within(detail).getByTestId('detail-target')).toHaveTextContent('95.00');
    expect(within(detail).queryByTestId('detail-fill')).toBeNull();
    expect(within(detail).queryByTestId('detail-close-price')).toBeNull();
    expect(within(detail).queryByTestId('detail-pl')).toBeNull();
    expect(detail).not.toHaveTextContent('Fill price');
    // Never filled, never charged: no margin or fee as if booked.
    expect(within(detail).queryByTestId('detail-margin')).toBeNull();
    expect(within(detail).queryByTestId('detail-fee')).toBeNull();
    expect(detail).not.toHaveTextContent('Margin');
    expect(detail).toHaveTextContent('Cancelled at');
  });

  it('close and cancel say "Please wait…" only once confirmed, not while the question is open', async () => {
    let release: (r: FakeReply) => void = () => {};
    server([[order({ Id: 2 })]], 1, {
      'GET /v1/api/forex/close': () => new Promise<FakeReply>((r) => (release = r)),
    });
    renderPage(<OrderPage />, { path: '/order', query: 'type=1' });
    fireEvent.click(await screen.findByTestId('order-row'));
    fireEvent.click(await screen.findByTestId('close-order'));
    const box = await screen.findByRole('dialog', { name: 'Close position' });
    expect(screen.getByTestId('close-order')).toHaveTextContent('Close position');
    expect(screen.getByTestId('close-order')).not.toHaveAttribute('aria-busy', 'true');
    fireEvent.click(within(box).getByRole('button', { name: 'Close position' }));
    await waitFor(() => expect(screen.getByTestId('close-order')).toHaveTextContent('Please wait…'));
    await act(async () => release(refuse('Market closed.')));
    await waitFor(() => expect(screen.getByTestId('close-order')).toHaveTextContent('Close position'));
  });

  it('close: confirm, one call however often it is tapped, the server message, the row leaves', async () => {
    let release: (r: FakeReply) => void = () => {};
    const net = server([[order({ Id: 2 }), order({ Id: 1 })]], 2, {
      'GET /v1/api/forex/close': () => new Promise<FakeReply>((r) => (release = r)),
    });
    renderPage(<OrderPage />, { path: '/order', query: 'type=1' });
    await waitFor(() => expect(rows()).toHaveLength(2));
    fireEvent.click(rowOf(2) as HTMLElement);
    const close = await screen.findByTestId('close-order');
    fireEvent.click(close);
    fireEvent.click(close);
    const confirmBox = await screen.findByRole('dialog', { name: 'Close position' });
    fireEvent.click(within(confirmBox).getByRole('button', { name: 'Close position' }));
    await waitFor(() => expect(net.find('/v1/api/forex/close')).toHaveLength(1));
    expect(screen.getByTestId('close-order')).toBeDisabled();
    fireEvent.click(screen.getByTestId('close-order'));
    await act(async () => release(ok(order({ Id: 2, Status: 3 }), 'Position closed.')));
    await waitFor(() => expect(rowOf(2)).toBeNull());
    expect(net.find('/v1/api/forex/close')).toHaveLength(1);
    expect(net.find('/v1/api/forex/close')[0]?.query.get('id')).toBe('2');
    expect(toastTexts()).toContain('Position closed.');
    expect(screen.queryByTestId('order-detail')).toBeNull();
  });

  it('close refused: the server message, the row stays', async () => {
    server([[order({ Id: 2 })]], 1, { 'GET /v1/api/forex/close': refuse('Market closed.') });
    renderPage(<OrderPage />, { path: '/order', query: 'type=1' });
    fireEvent.click(await screen.findByTestId('order-row'));
    fireEvent.click(await screen.findByTestId('close-order'));
    fireEvent.click(
      within(await screen.findByRole('dialog', { name: 'Close position' })).getByRole('button', {
        name: 'Close position',
      }),
    );
    await waitFor(() => expect(toastTexts()).toContain('Market closed.'));
    expect(rowOf(2)).not.toBeNull();
    expect(screen.getByTestId('close-order')).toBeEnabled();
  });

  it('cancel a pending order after confirming; declining sends nothing', async () => {
    const net = server([[order({ Id: 4, Status: 0, Price: '50' })]], 1, {
      'GET /v1/api/forex/cancel_trade': ok(order({ Id: 4, Status: 3 }), 'Order cancelled.'),
    });
    renderPage(<OrderPage />, { path: '/order', query: 'type=0' });
    fireEvent.click(await screen.findByTestId('order-row'));
    fireEvent.click(await screen.findByTestId('cancel-order'));
    let box = await screen.findByRole('dialog', { name: 'Cancel order' });
    fireEvent.click(within(box).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Cancel order' })).toBeNull());
    expect(net.find('/v1/api/forex/cancel_trade')).toHaveLength(0);
    await waitFor(() => expect(screen.getByTestId('cancel-order')).toBeEnabled());
    fireEvent.click(screen.getByTestId('cancel-order'));
    box = await screen.findByRole('dialog', { name: 'Cancel order' });
    fireEvent.click(within(box).getByRole('button', { name: 'Cancel order' }));
    await waitFor(() => expect(rowOf(4)).toBeNull());
    expect(net.find('/v1/api/forex/cancel_trade')).toHaveLength(1);
    expect(toastTexts()).toContain('Order cancelled.');
    expect(screen.getByText('No data')).toBeInTheDocument();
  });

  it('TP/SL edit: the side rules and the 50000 rule stop the call; a valid pair is sent once', async () => {
    let release: (r: FakeReply) => void = () => {};
    const net = server([[order({ Id: 2, OrderType: 1, UpdatePrice: '100' })]], 1, {
      'GET /v1/api/forex/set_stop_price': () => new Promise<FakeReply>((r) => (release = r)),
    });
    renderPage(<OrderPage />, { path: '/order', query: 'type=1' });
    fireEvent.click(await screen.findByTestId('order-row'));
    fireEvent.click(await screen.findByTestId('edit-stops'));
    // Stop loss first, then take profit: the ticket's order.
    expect(
      screen.getByTestId('input-sl').compareDocumentPosition(screen.getByTestId('input-tp')) &
        Node.DOCUMENT_POSITION_FOLLOWING,
    ).toBeTruthy();
    fireEvent.change(screen.getByTestId('input-sl'), { target: { value: '105' } });
    fireEvent.click(screen.getByTestId('save-stops'));
    expect(await screen.findByTestId('stops-error')).toHaveTextContent(
      'For a buy, the stop loss must be below the price',
    );
    // What was typed stays as typed and says why; Save waits for a price; the rule message goes once the pair is valid.
    fireEvent.change(screen.getByTestId('input-sl'), { target: { value: '-9a0' } });
    expect(screen.getByTestId('input-sl')).toHaveValue('-9a0');
    expect(screen.getByTestId('input-sl-error')).toHaveTextContent('Not a number');
    expect(screen.getByTestId('save-stops')).toBeDisabled();
    fireEvent.change(screen.getByTestId('input-sl'), { target: { value: '90' } });
    expect(screen.queryByTestId('input-sl-error')).toBeNull();
    expect(screen.queryByTestId('stops-error')).toBeNull();
    fireEvent.change(screen.getByTestId('input-tp'), { target: { value: '95' } });
    fireEvent.click(screen.getByTestId('save-stops'));
    expect(await screen.findByTestId('stops-error')).toHaveTextContent(
      'For a buy, the take profit must be above the price',
    );
    expect(net.find('/v1/api/forex/set_stop_price')).toHaveLength(0);

    fireEvent.change(screen.getByTestId('input-tp'), { target: { value: '120' } });
    fireEvent.click(screen.getByTestId('save-stops'));
    fireEvent.click(screen.getByTestId('save-stops'));
    await waitFor(() => expect(screen.getByTestId('save-stops')).toBeDisabled());
    await act(async () =>
      release(
        ok(
          order({ Id: 2, TargetLossPrice: '90', TargetProfitPrice: '120' }),
          'Stop loss and take profit updated.',
        ),
      ),
    );
    const detail = await screen.findByTestId('order-detail');
    await waitFor(() => expect(within(detail).getByTestId('detail-tp')).toHaveTextContent('120.00'));
    expect(within(detail).getByTestId('detail-sl')).toHaveTextContent('90.00');
    const calls = net.find('/v1/api/forex/set_stop_price');
    expect(calls).toHaveLength(1);
    expect(calls[0]?.query.get('stop_loss_price')).toBe('90');
    expect(calls[0]?.query.get('target_profit_price')).toBe('120');
    expect(toastTexts()).toContain('Stop loss and take profit updated.');
  });

  it('TP/SL edit: the trailing toggle shows the distance, says why it is invalid, previews the level and sends it', async () => {
    const net = server([[order({ Id: 7, OrderType: 1, UpdatePrice: '100', PricePrecision: 2 })]], 1, {
      'GET /v1/api/forex/set_stop_price': ok(
        order({ Id: 7, OrderType: 1, TrailingDistance: 50, TargetLossPrice: '99.50', PricePrecision: 2 }),
        'Stop loss and take profit updated.',
      ),
    });
    renderPage(<OrderPage />, { path: '/order', query: 'type=1' });
    fireEvent.click(await screen.findByTestId('order-row'));
    fireEvent.click(await screen.findByTestId('edit-stops'));
    // Off: no distance field.
    expect(screen.getByTestId('toggle-trailing')).not.toBeChecked();
    expect(screen.queryByTestId('input-trailing')).toBeNull();
    fireEvent.click(screen.getByTestId('toggle-trailing'));
    // On and empty: Save waits for a distance.
    expect(screen.getByTestId('input-trailing')).toHaveValue('');
    expect(screen.getByTestId('save-stops')).toBeDisabled();
    // Shown as typed and why it is refused.
    fireEvent.change(screen.getByTestId('input-trailing'), { target: { value: '1.5' } });
    expect(screen.getByTestId('input-trailing')).toHaveValue('1.5');
    expect(screen.getByTestId('input-trailing-error')).toBeInTheDocument();
    expect(screen.getByTestId('save-stops')).toBeDisabled();
    // Larger than the price for a buy: no level.
    fireEvent.change(screen.getByTestId('input-trailing'), { target: { value: '20000' } });
    expect(screen.getByTestId('trailing-hint')).toHaveTextContent('Too far');
    expect(screen.getByTestId('save-stops')).toBeDisabled();
    fireEvent.change(screen.getByTestId('input-trailing'), { target: { value: '50' } });
    expect(screen.getByTestId('trailing-hint')).toHaveTextContent('Starts at 99.50');
    fireEvent.click(screen.getByTestId('save-stops'));
    const detail = await screen.findByTestId('order-detail');
    await waitFor(() =>
      expect(within(detail).getByTestId('detail-sl')).toHaveTextContent('Trailing 50 pts · SL 99.50'),
    );
    const calls = net.find('/v1/api/forex/set_stop_price');
    expect(calls).toHaveLength(1);
    expect(calls[0]?.query.get('trailing_distance')).toBe('50');
    expect(calls[0]?.query.get('stop_loss_price')).toBe('0');
  });

  it('TP/SL edit on a pending order: the trailing distance starts at the fill, its stop loss is kept', async () => {
    const net = server(
      [[order({ Id: 9, Status: 0, OrderType: 1, TargetPrice: '50', Price: '50', PricePrecision: 2 })]],
      1,
      {
        'GET /v1/api/forex/set_stop_price': ok(
          order({
            Id: 9,
            Status: 0,
            OrderType: 1,
            TargetPrice: '50',
            TrailingDistance: 10,
            PricePrecision: 2,
          }),
          'Stop loss and take profit updated.',
        ),
      },
    );
    renderPage(<OrderPage />, { path: '/order', query: 'type=0' });
    fireEvent.click(await screen.findByTestId('order-row'));
    fireEvent.click(await screen.findByTestId('edit-stops'));
    fireEvent.change(screen.getByTestId('input-sl'), { target: { value: '45' } });
    fireEvent.click(screen.getByTestId('toggle-trailing'));
    fireEvent.change(screen.getByTestId('input-trailing'), { target: { value: '10' } });
    expect(screen.getByTestId('trailing-hint')).toHaveTextContent(
      'Starts when the order fills, 10 points from the fill price',
    );
    // Larger than the target for a buy: refused before it is sent.
    fireEvent.change(screen.getByTestId('input-trailing'), { target: { value: '6000' } });
    expect(screen.getByTestId('trailing-hint')).toHaveTextContent('Too far');
    expect(screen.getByTestId('save-stops')).toBeDisabled();
    fireEvent.change(screen.getByTestId('input-trailing'), { target: { value: '10' } });
    fireEvent.click(screen.getByTestId('save-stops'));
    await waitFor(() => expect(net.find('/v1/api/forex/set_stop_price')).toHaveLength(1));
    const q = net.find('/v1/api/forex/set_stop_price')[0]?.query;
    expect(q?.get('trailing_distance')).toBe('10');
    expect(q?.get('stop_loss_price')).toBe('45');
  });

  it('TP/SL edit: a trailing position opens with the toggle on; turning it off sends no distance', async () => {
    const net = server(
      [
        [
          order({
            Id: 8,
            OrderType: 2,
            UpdatePrice: '100',
            PricePrecision: 2,
            TrailingDistance: 30,
            TargetLossPrice: '100.30',
          }),
        ],
      ],
      1,
      {
        'GET /v1/api/forex/set_stop_price': ok(
          order({ Id: 8, OrderType: 2 }),
          'Stop loss and take profit updated.',
        ),
      },
    );
    renderPage(<OrderPage />, { path: '/order', query: 'type=1' });
    expect(await screen.findByTestId('order-trailing')).toHaveTextContent('Trailing 30 pts · SL 100.30');
    fireEvent.click(await screen.findByTestId('order-row'));
    fireEvent.click(await screen.findByTestId('edit-stops'));
    expect(screen.getByTestId('toggle-trailing')).toBeChecked();
    expect(screen.getByTestId('input-trailing')).toHaveValue('30');
    // A sell's level sits above the price.
    expect(screen.getByTestId('trailing-hint')).toHaveTextContent('Starts at 100.30');
    fireEvent.click(screen.getByTestId('toggle-trailing'));
    expect(screen.queryByTestId('input-trailing')).toBeNull();
    fireEvent.click(screen.getByTestId('save-stops'));
    await waitFor(() => expect(net.find('/v1/api/forex/set_stop_price')).toHaveLength(1));
    expect(net.find('/v1/api/forex/set_stop_price')[0]?.query.has('trailing_distance')).toBe(false);
  });

  it('TP/SL edit: take profit -5 and stop loss 0.0000000001 are shown as typed, refused, and nothing is sent', async () => {
    const net = server([[order({ Id: 2, OrderType: 1, UpdatePrice: '100', PricePrecision: 5 })]], 1, {
      'GET /v1/api/forex/set_stop_price': ok(order()),
    });
    renderPage(<OrderPage />, { path: '/order', query: 'type=1' });
    fireEvent.click(await screen.findByTestId('order-row'));
    fireEvent.click(await screen.findByTestId('edit-stops'));
    fireEvent.change(screen.getByTestId('input-tp'), { target: { value: '-5' } });
    expect(screen.getByTestId('input-tp')).toHaveValue('-5');
    expect(screen.getByTestId('input-tp')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByTestId('input-tp-error')).toHaveTextContent('No minus or plus sign');
    fireEvent.change(screen.getByTestId('input-sl'), { target: { value: '0.0000000001' } });
    expect(screen.getByTestId('input-sl')).toHaveValue('0.0000000001');
    expect(screen.getByTestId('input-sl-error')).toHaveTextContent('Too many decimals: at most 5');
    expect(screen.getByTestId('save-stops')).toBeDisabled();
    fireEvent.submit(screen.getByTestId('stops-editor'));
    await act(async () => {});
    expect(net.find('/v1/api/forex/set_stop_price')).toHaveLength(0);
  });

  it('a short below 50000 of balance cannot set a level', async () => {
    const net = server(
      () =>
        ok({ data: [order({ Id: 2, OrderType: 2 })], total: 1, all_fact_profits: '0', balance: '49999.99' }),
      undefined,
      { 'GET /v1/api/forex/set_stop_price': ok(order()) },
    );
    renderPage(<OrderPage />, { path: '/order', query: 'type=1' });
    fireEvent.click(await screen.findByTestId('order-row'));
    fireEvent.click(await screen.findByTestId('edit-stops'));
    fireEvent.change(screen.getByTestId('input-sl'), { target: { value: '110' } });
    fireEvent.click(screen.getByTestId('save-stops'));
    expect(await screen.findByTestId('stops-error')).toHaveTextContent(
      'Stop loss and take profit need a balance of at least 50,000',
    );
    expect(net.find('/v1/api/forex/set_stop_price')).toHaveLength(0);
  });
});

describe('/order?id= (a notification opens an order)', () => {
  it('opens that order’s detail on the tab of its status now, then keeps only the tab in the URL', async () => {
    const closed = order({ Id: 77, Status: 3, ClosePrice: '109.50', CloseReason: 'sl' });
    const net = server((req) =>
      req.query.get('id') === '77'
        ? ok({ data: [closed], total: 1, all_fact_profits: '-3.000000', balance: '90000.00' })
        : ok({ data: [order({ Id: 5 })], total: 1, all_fact_profits: '0', balance: '90000.00' }),
    );
    // A fill's notification names the holding tab; the position has closed since.
    const { nav } = renderPage(<OrderPage />, { path: '/order', query: 'type=1&id=77' });
    const detail = await screen.findByTestId('order-detail');
    expect(detail).toHaveAttribute('data-order-id', '77');
    expect(within(detail).getByTestId('detail-reason')).toHaveTextContent('Stop loss');
    expect(net.find('/v1/api/forex/my_deal').some((r) => r.query.get('id') === '77')).toBe(true);
    expect(nav.navigate).toHaveBeenCalledWith('/order?type=3', { replace: true });
  });

  it('an id that is not the trader’s order opens nothing and leaves the tab', async () => {
    server((req) =>
      req.query.get('id')
        ? ok({ data: [], total: 0, all_fact_profits: '0.000000', balance: '90000.00' })
        : ok({ data: [order({ Id: 5 })], total: 1, all_fact_profits: '0', balance: '90000.00' }),
    );
    const { nav } = renderPage(<OrderPage />, { path: '/order', query: 'type=1&id=999' });
    await waitFor(() => expect(nav.navigate).toHaveBeenCalledWith('/order?type=1', { replace: true }));
    expect(screen.queryByTestId('order-detail')).toBeNull();
  });

  it('a hostile id asks nothing', async () => {
    const net = server([[order({ Id: 5 })]]);
    renderPage(<OrderPage />, { path: '/order', query: 'type=1&id=1e3' });
    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(net.find('/v1/api/forex/my_deal').every((r) => !r.query.has('id'))).toBe(true);
  });
});
