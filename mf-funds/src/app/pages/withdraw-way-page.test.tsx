import { fireEvent, screen, waitFor } from '@testing-library/react';
import WithdrawWayPage from './withdraw-way-page';
import { logIn, mockServer, ok, refuse, renderPage, resetApp, toastTexts } from '../../testing/test-utils';

beforeEach(() => {
  resetApp();
  logIn();
});

const symbols = ok([
  { id: 7, code: 'USDT', protocol: 'TRC20', draw_rate: '1', fee_type: 1, usd_price: '1', decimals: 6 },
  { id: 8, code: 'USDT', protocol: 'ERC20', draw_rate: '5', fee_type: 1, usd_price: '1', decimals: 6 },
]);
const A = 'TJRabPrwbZy45sbavfcjinPJC18kjpRTv8';

const type = (testId: string, value: string) =>
  fireEvent.change(screen.getByTestId(testId), { target: { value } });

describe('/mine/withdraw-way?type=1 (coin address)', () => {
  it('offers the withdrawable networks', async () => {
    const s = mockServer({ 'GET /api/account/draw_symbol_list': symbols });
    renderPage(<WithdrawWayPage />, { query: 'type=1' });
    expect(screen.getByText('Add a digital currency address')).toBeInTheDocument();
    await screen.findByTestId('bind-network');
    const options = Array.from((screen.getByTestId('bind-network') as HTMLSelectElement).options);
    expect(options.map((o) => o.textContent)).toEqual(['Choose a network', 'USDT · TRC20', 'USDT · ERC20']);
    expect(s.find('/api/account/draw_symbol_list')[0]!.query.get('type')).toBe('1');
  });

  it('an empty form names both missing fields and sends nothing', async () => {
    const s = mockServer({ 'GET /api/account/draw_symbol_list': symbols });
    renderPage(<WithdrawWayPage />, { query: 'type=1' });
    fireEvent.click(await screen.findByTestId('bind-submit'));
    expect(screen.getByTestId('bind-network-error')).toHaveTextContent('Choose a network');
    expect(screen.getByTestId('bind-address-error')).toHaveTextContent('Enter the wallet address');
    expect(screen.getByTestId('bind-address')).toHaveAttribute('aria-invalid', 'true');
    expect(s.find('/api/wallet/bind_draw_method')).toHaveLength(0);
  });

  it('an address of spaces only is no address', async () => {
    const s = mockServer({ 'GET /api/account/draw_symbol_list': symbols });
    renderPage(<WithdrawWayPage />, { query: 'type=1' });
    await screen.findByTestId('bind-network');
    type('bind-network', '7');
    type('bind-address', '    ');
    fireEvent.click(screen.getByTestId('bind-submit'));
    expect(screen.getByTestId('bind-address-error')).toHaveTextContent('Enter the wallet address');
    expect(screen.getByTestId('bind-network-error')).toHaveTextContent(/^$/);
    expect(s.find('/api/wallet/bind_draw_method')).toHaveLength(0);
  });

  it('sends the address without surrounding spaces, says so and goes back', async () => {
    const s = mockServer({
      'GET /api/account/draw_symbol_list': symbols,
      'POST /api/wallet/bind_draw_method': ok({ id: 11 }, 'Address bound'),
    });
    const { nav } = renderPage(<WithdrawWayPage />, { query: 'type=1' });
    await screen.findByTestId('bind-network');
    type('bind-network', '8');
    type('bind-address', `  ${A} \n`);
    fireEvent.click(screen.getByTestId('bind-submit'));
    await waitFor(() => expect(nav.back).toHaveBeenCalledTimes(1));
    const sent = s.find('/api/wallet/bind_draw_method');
    expect(sent).toHaveLength(1);
    expect(sent[0]!.body).toEqual({ type: '1', draw_id: '8', dc_address: A });
    expect(toastTexts()).toContain('Address bound');
  });

  it.each([
    [1411, 'This address is already bound'],
    [1404, 'Not a valid TRC20 address'],
  ])(
    'a refusal %i (duplicate or invalid address) goes under the address and stays on the page',
    async (code, msg) => {
      mockServer({
        'GET /api/account/draw_symbol_list': symbols,
        'POST /api/wallet/bind_draw_method': refuse(msg, code),
      });
      const { nav } = renderPage(<WithdrawWayPage />, { query: 'type=1' });
      await screen.findByTestId('bind-network');
      type('bind-network', '7');
      type('bind-address', A);
      fireEvent.click(screen.getByTestId('bind-submit'));
      await waitFor(() => expect(screen.getByTestId('bind-address-error')).toHaveTextContent(msg));
      expect(screen.getByTestId('bind-address')).toHaveValue(A);
      expect(nav.back).not.toHaveBeenCalled();
      expect(screen.getByTestId('bind-submit')).toBeEnabled();
    },
  );

  it('a refusal about the network (1402) goes under the network', async () => {
    mockServer({
      'GET /api/account/draw_symbol_list': symbols,
      'POST /api/wallet/bind_draw_method': refuse('This network is closed for withdrawals', 1402),
    });
    renderPage(<WithdrawWayPage />, { query: 'type=1' });
    await screen.findByTestId('bind-network');
    type('bind-network', '7');
    type('bind-address', A);
    fireEvent.click(screen.getByTestId('bind-submit'));
    await waitFor(() =>
      expect(screen.getByTestId('bind-network-error')).toHaveTextContent(
        'This network is closed for withdrawals',
      ),
    );
    expect(screen.getByTestId('bind-address-error')).toHaveTextContent(/^$/);
  });

  it('a double tap binds once', async () => {
    let release: () => void = () => undefined;
    const s = mockServer({
      'GET /api/account/draw_symbol_list': symbols,
      'POST /api/wallet/bind_draw_method': () =>
        new Promise((r) => {
          release = () => r(ok({ id: 11 }, 'Address bound'));
        }),
    });
    const { nav } = renderPage(<WithdrawWayPage />, { query: 'type=1' });
    await screen.findByTestId('bind-network');
    type('bind-network', '7');
    type('bind-address', A);
    fireEvent.click(screen.getByTestId('bind-submit'));
    await waitFor(() => expect(screen.getByTestId('bind-submit')).toBeDisabled());
    fireEvent.click(screen.getByTestId('bind-submit'));
    release();
    await waitFor(() => expect(nav.back).toHaveBeenCalled());
    expect(s.find('/api/wallet/bind_draw_method')).toHaveLength(1);
  });
});

describe('/mine/withdraw-way?type=2 (bank account)', () => {
  it('marks the optional fields and asks for every required one', async () => {
    const s = mockServer({});
    renderPage(<WithdrawWayPage />, { query: 'type=2' });
    expect(screen.getByText('Add a bank account')).toBeInTheDocument();
    expect(screen.getByLabelText('Branch name (optional)')).toBeInTheDocument();
    expect(screen.getByLabelText('Remark (optional)')).toBeInTheDocument();
    type('bind-bank_name', 'Harbour Bank');
    fireEvent.click(screen.getByTestId('bind-submit'));
    for (const k of ['bank_address', 'bank_swift', 'payee_name', 'payee_account'])
      expect(screen.getByTestId(`bind-${k}-error`)).toHaveTextContent('Please fill in');
    expect(screen.getByTestId('bind-bank_name-error')).toHaveTextContent(/^$/);
    expect(screen.getByTestId('bind-branch_name-error')).toHaveTextContent(/^$/);
    expect(s.find('/api/wallet/bind_draw_method')).toHaveLength(0);
  });

  it('sends the trimmed fields, leaving out empty optional ones', async () => {
    const s = mockServer({ 'POST /api/wallet/bind_draw_method': ok({ id: 12 }, 'Bank account bound') });
    const { nav } = renderPage(<WithdrawWayPage />, { query: 'type=2' });
    type('bind-bank_name', ' Harbour Bank ');
    type('bind-bank_address', '1 Quay St');
    type('bind-bank_swift', 'MRDNHKHHXXX');
    type('bind-payee_name', 'Ann Lee');
    type('bind-payee_account', ' 0012345678');
    type('bind-remark', '   ');
    fireEvent.click(screen.getByTestId('bind-submit'));
    await waitFor(() => expect(nav.back).toHaveBeenCalled());
    expect(s.find('/api/wallet/bind_draw_method')[0]!.body).toEqual({
      type: '2',
      bank_name: 'Harbour Bank',
      bank_address: '1 Quay St',
      bank_swift: 'MRDNHKHHXXX',
      payee_name: 'Ann Lee',
      payee_account: '0012345678',
    });
  });

  it('a SWIFT refusal (1405) goes under the SWIFT field; one naming a field goes under that field', async () => {
    let reply = refuse('Not a valid SWIFT/BIC code', 1405);
    mockServer({ 'POST /api/wallet/bind_draw_method': () => reply });
    renderPage(<WithdrawWayPage />, { query: 'type=2' });
    for (const k of ['bank_name', 'bank_address', 'bank_swift', 'payee_name', 'payee_account'])
      type(`bind-${k}`, 'x');
    fireEvent.click(screen.getByTestId('bind-submit'));
    await waitFor(() =>
      expect(screen.getByTestId('bind-bank_swift-error')).toHaveTextContent('Not a valid SWIFT/BIC code'),
    );
    reply = refuse('Account holder must match your verified name', 1001);
    fireEvent.click(screen.getByTestId('bind-submit'));
    await waitFor(() =>
      expect(screen.getByTestId('bind-payee_name-error')).toHaveTextContent(
        'Account holder must match your verified name',
      ),
    );
    expect(screen.getByTestId('bind-bank_swift-error')).toHaveTextContent(/^$/);
  });
});
