import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import ChargePage from './charge-page';
import { logIn, mockServer, ok, refuse, renderPage, resetApp, toastTexts } from '../../testing/test-utils';

beforeEach(() => {
  resetApp();
  logIn();
});

const network = {
  id: 1,
  currency_code: 'USDT',
  protocol_code: 'TRC20',
  address: 'TJRabPrwbZy45sbavfcjinPJC18kjpRTv8',
};
const wire = {
  id: 3,
  name: 'SWIFT USD',
  currency_code: 'USD',
  bank_name: 'Harbour Bank',
  payee_name: 'Meridian Ltd',
  payee_account: '0012345678',
  bank_swift: 'MRDNHKHHXXX',
};
const record = (id: number, status: number, number = '100.00') => ({
  id,
  number,
  type: 0,
  currency_code: 'USDT',
  status,
  created_at: '2026-11-26 11:46:00',
  remark: '',
});
const base = {
  'GET /v1/api/main/wallet/getBalance': ok({ balance: '1234.5', lock_balance: '0.00' }),
  'GET /api/quickCharge/info': ok([network]),
  'GET /api/quickCharge/wire_list': ok([wire]),
  'GET /api/quickCharge/quick_ist': ok({ data: [], total: 0 }),
};

/** A GET's parameters without the client's cache-busting `t`. */
const params = (q: URLSearchParams) => {
  const all = Object.fromEntries(q);
  delete all.t;
  return all;
};

const type = (testId: string, value: string) =>
  fireEvent.change(screen.getByTestId(testId), { target: { value } });

async function pickProof(testId = 'charge-proof-input') {
  const file = new File(['png'], 'proof.png', { type: 'image/png' });
  await act(async () => {
    fireEvent.change(screen.getByTestId(testId), { target: { files: [file] } });
  });
}

describe('/mine/charge, digital currency', () => {
  it('shows the balance grouped with 2 decimals', async () => {
    mockServer(base);
    renderPage(<ChargePage />);
    await waitFor(() => expect(screen.getByTestId('charge-balance')).toHaveTextContent('1,234.50 USD'));
  });

  it('choosing a network shows its address and what to send on it', async () => {
    mockServer(base);
    renderPage(<ChargePage />);
    await screen.findByTestId('charge-network');
    expect(screen.queryByTestId('charge-address')).toBeNull();
    type('charge-network', '1');
    expect(screen.getByTestId('charge-address')).toHaveTextContent('Send only USDT on TRC20 to this address');
    expect(screen.getByTestId('charge-address-text')).toHaveTextContent(network.address);
  });

  it('an amount without a network says to choose one and sends nothing', async () => {
    const s = mockServer({ ...base, 'GET /api/quickCharge/submit': ok({ id: 1 }, 'Submitted') });
    renderPage(<ChargePage />);
    await screen.findByTestId('charge-network');
    type('charge-amount', '50');
    fireEvent.click(screen.getByTestId('charge-submit'));
    expect(await screen.findByTestId('charge-network-error')).toHaveTextContent('Choose a network');
    expect(s.find('/api/quickCharge/submit')).toHaveLength(0);
  });

  it.each([
    ['1e308', 'Write the number in full, without “e”'],
    ['12.345', 'Too many decimals: at most 2'],
    ['1,000.5', 'One decimal point at most, and no thousands separators'],
    ['abc', 'Not a number'],
  ])('"%s" stays as typed, says "%s" and keeps Submit disabled', async (text, message) => {
    mockServer(base);
    renderPage(<ChargePage />);
    await screen.findByTestId('charge-network');
    type('charge-network', '1');
    type('charge-amount', text);
    expect(screen.getByTestId('charge-amount')).toHaveValue(text);
    expect(screen.getByTestId('charge-amount-error')).toHaveTextContent(message);
    expect(screen.getByTestId('charge-submit')).toBeDisabled();
  });

  it('Submit is disabled while empty and enabled once the amount reads as one', async () => {
    mockServer(base);
    renderPage(<ChargePage />);
    await screen.findByTestId('charge-network');
    expect(screen.getByTestId('charge-submit')).toBeDisabled();
    type('charge-amount', '12.5');
    expect(screen.getByTestId('charge-amount')).not.toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByTestId('charge-amount-error')).toHaveTextContent(/^$/);
    expect(screen.getByTestId('charge-submit')).toBeEnabled();
  });

  it('uploads the proof at once and sends the amount as typed with the uploaded url', async () => {
    const s = mockServer({
      ...base,
      'POST /api/common/image_upload': ok({ url: '/uploads/p1.png' }),
      'GET /api/quickCharge/submit': ok({ id: 9 }, 'Deposit submitted'),
    });
    renderPage(<ChargePage />);
    await screen.findByTestId('charge-network');
    type('charge-network', '1');
    type('charge-amount', '12.5');
    expect(screen.getByTestId('charge-proof')).toHaveTextContent('One picture of the payment');
    await pickProof();
    expect(s.find('/api/common/image_upload')).toHaveLength(1);
    expect(await within(screen.getByTestId('charge-proof')).findByRole('status')).toHaveTextContent(
      'Uploaded',
    );
    expect(within(screen.getByTestId('charge-proof')).getByRole('img')).toHaveAttribute('src', 'blob:test/1');
    fireEvent.click(screen.getByTestId('charge-submit'));
    await waitFor(() => expect(s.find('/api/quickCharge/submit')).toHaveLength(1));
    expect(params(s.find('/api/quickCharge/submit')[0]!.query)).toEqual({
      number: '12.5',
      proofImg: '/uploads/p1.png',
      address: network.address,
      charge_id: '1',
    });
    await waitFor(() => expect(toastTexts()).toContain('Deposit submitted'));
    // The form empties and the records reload with the new deposit.
    expect(screen.getByTestId('charge-amount')).toHaveValue('');
    await waitFor(() => expect(s.find('/api/quickCharge/quick_ist').length).toBeGreaterThan(1));
  });

  it('a failed upload leaves no picture and the hint back', async () => {
    mockServer({
      ...base,
      'POST /api/common/image_upload': { status: 500, body: { code: 0, msg: 'down', data: null } },
    });
    renderPage(<ChargePage />);
    await screen.findByTestId('charge-network');
    await pickProof();
    const slot = screen.getByTestId('charge-proof');
    await waitFor(() =>
      expect(within(slot).getByRole('status')).toHaveTextContent('One picture of the payment'),
    );
    expect(within(slot).queryByRole('img')).toBeNull();
    expect(screen.getByTestId('charge-proof-input')).toBeEnabled();
  });

  it('a deposit without proof: the refusal goes beside the proof, not the amount', async () => {
    const s = mockServer({
      ...base,
      'GET /api/quickCharge/submit': refuse('Please upload the proof of payment', 1401),
    });
    renderPage(<ChargePage />);
    await screen.findByTestId('charge-network');
    type('charge-network', '1');
    type('charge-amount', '20');
    fireEvent.click(screen.getByTestId('charge-submit'));
    const slot = screen.getByTestId('charge-proof');
    await waitFor(() =>
      expect(within(slot).getByRole('status')).toHaveTextContent('Please upload the proof of payment'),
    );
    expect(s.find('/api/quickCharge/submit')[0]!.query.get('proofImg')).toBe('');
    expect(screen.getByTestId('charge-amount-error')).toHaveTextContent(/^$/);
    // What was typed stays for the second try.
    expect(screen.getByTestId('charge-amount')).toHaveValue('20');
  });

  it('a refusal about the amount goes beside the amount and clears when it is edited', async () => {
    mockServer({
      ...base,
      'GET /api/quickCharge/submit': refuse('Below the minimum deposit of 50', 1001),
    });
    renderPage(<ChargePage />);
    await screen.findByTestId('charge-network');
    type('charge-network', '1');
    type('charge-amount', '20');
    fireEvent.click(screen.getByTestId('charge-submit'));
    expect(await screen.findByText('Below the minimum deposit of 50')).toBeInTheDocument();
    expect(screen.getByTestId('charge-amount-error')).toHaveTextContent('Below the minimum deposit of 50');
    type('charge-amount', '60');
    expect(screen.getByTestId('charge-amount-error')).not.toHaveTextContent('minimum');
  });

  it('networks that fail to load offer a retry that loads them', async () => {
    let fail = true;
    mockServer({
      ...base,
      'GET /api/quickCharge/info': () =>
        fail ? { status: 500, body: { code: 0, msg: 'down', data: null } } : ok([network]),
    });
    renderPage(<ChargePage />);
    const error = await screen.findByTestId('load-error');
    fail = false;
    fireEvent.click(within(error).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByTestId('charge-network')).toBeInTheDocument();
  });
});

describe('/mine/charge, bank transfer', () => {
  it('choosing a pay way shows where to pay and sends its wire_id', async () => {
    const s = mockServer({
      ...base,
      'GET /api/quickCharge/wire_submit': ok({ id: 2 }, 'Transfer submitted'),
    });
    renderPage(<ChargePage />);
    fireEvent.click(await screen.findByTestId('charge-tab-bank'));
    await screen.findByTestId('charge-payway');
    expect(screen.getByRole('option', { name: 'SWIFT USD (USD)' })).toBeInTheDocument();
    type('charge-payway', '3');
    const card = screen.getByTestId('charge-bank');
    expect(card).toHaveTextContent('Harbour Bank');
    expect(card).toHaveTextContent('Meridian Ltd');
    expect(card).toHaveTextContent('0012345678');
    expect(card).toHaveTextContent('MRDNHKHHXXX');
    type('charge-bank-amount', '1000');
    fireEvent.click(screen.getByTestId('charge-bank-submit'));
    await waitFor(() => expect(s.find('/api/quickCharge/wire_submit')).toHaveLength(1));
    expect(params(s.find('/api/quickCharge/wire_submit')[0]!.query)).toEqual({
      number: '1000',
      proofImg: '',
      wire_id: '3',
    });
    await waitFor(() => expect(toastTexts()).toContain('Transfer submitted'));
  });

  it('with no pay way at all, says no channel is available and sends nothing', async () => {
    const s = mockServer({ ...base, 'GET /api/quickCharge/wire_list': ok([]) });
    renderPage(<ChargePage />);
    fireEvent.click(await screen.findByTestId('charge-tab-bank'));
    await screen.findByTestId('charge-payway');
    type('charge-bank-amount', '100');
    fireEvent.click(screen.getByTestId('charge-bank-submit'));
    expect(await screen.findByTestId('charge-payway-error')).toHaveTextContent(
      'No payment channel is available for this account yet',
    );
    expect(toastTexts()).toContain('No payment channel is available for this account yet');
    expect(s.find('/api/quickCharge/wire_submit')).toHaveLength(0);
  });
});

describe('/mine/charge, records', () => {
  it('names each status, pages on with page 2, then says there is no more', async () => {
    const s = mockServer({
      ...base,
      'GET /api/quickCharge/quick_ist': (req) =>
        req.query.get('page') === '1'
          ? ok({ data: [record(1, 1), record(2, 2)], total: 3 })
          : ok({ data: [record(3, 3, '7.5')], total: 3 }),
    });
    renderPage(<ChargePage />);
    await waitFor(() => expect(screen.getAllByTestId('deposit-row')).toHaveLength(2));
    expect(screen.getAllByTestId('deposit-status').map((e) => e.textContent)).toEqual([
      'Finished',
      'Rejected',
    ]);
    fireEvent.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(screen.getAllByTestId('deposit-row')).toHaveLength(3));
    expect(screen.getAllByTestId('deposit-status')[2]).toHaveTextContent('Invalid');
    expect(screen.getAllByTestId('deposit-row')[2]).toHaveTextContent('7.50 USD · USDT');
    const pages = s.find('/api/quickCharge/quick_ist').map((c) => params(c.query));
    expect(pages.at(-1)).toEqual({ type: '0', page: '2', limit: '10' });
    expect(screen.getByText('No more')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
  });

  it('the bank tab lists the bank deposits (type 1)', async () => {
    const s = mockServer(base);
    renderPage(<ChargePage />);
    fireEvent.click(await screen.findByTestId('charge-tab-bank'));
    await waitFor(() =>
      expect(s.find('/api/quickCharge/quick_ist').some((c) => c.query.get('type') === '1')).toBe(true),
    );
    expect(await screen.findByText('No data')).toBeInTheDocument();
  });
});
