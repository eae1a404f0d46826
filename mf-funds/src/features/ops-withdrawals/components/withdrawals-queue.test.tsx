import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { DialogHost } from '@meridian/shared';
import type { OpsWithdrawal } from '@meridian/shared/pure';
import {
  fundsAccount,
  mockServer,
  ok,
  opsSignIn,
  refuse,
  renderPage,
  resetApp,
} from '../../../testing/ops-test-utils';
import { WithdrawalsQueue } from './withdrawals-queue';

beforeEach(() => {
  resetApp();
  opsSignIn();
});

const withdrawal = (over: Partial<OpsWithdrawal> = {}): OpsWithdrawal => ({
  id: 9,
  uid: '10000009',
  email: 'ann@example.test',
  type: 1,
  amount: '100.00',
  fee: '2.00',
  real_number: '98.000000',
  currency_code: 'USDT',
  protocol: 'TRC20',
  address: 'TJRabPrwbZy45sbavfcjinPJC18kjpRTv8',
  payee_account: '',
  memo: 'rent',
  status: 0,
  notes: '',
  decided_by: null,
  decided_at: null,
  created_at: Date.now() - 60_000,
  account: fundsAccount({ withdraw_hold: '100.00' }),
  ...over,
});

const page = (data: OpsWithdrawal[]) =>
  ok({ data, total: data.length, page: 1, limit: 50, server_time: Date.now() });

function render() {
  return renderPage(
    <>
      <WithdrawalsQueue />
      <DialogHost />
    </>,
  );
}

describe('ops withdrawals queue', () => {
  it('shows what to pay, in the currency paid, and where', async () => {
    mockServer({ 'GET /api/ops/withdrawals/queue': page([withdrawal()]) });
    render();
    const detail = await screen.findByTestId('ops-withdrawal-detail');
    expect(detail).toHaveTextContent('98.000000 USDT');
    expect(within(detail).getByTestId('ops-withdrawal-address')).toHaveTextContent(
      'TJRabPrwbZy45sbavfcjinPJC18kjpRTv8',
    );
  });

  it('a bank withdrawal is paid to the account number', async () => {
    mockServer({
      'GET /api/ops/withdrawals/queue': page([
        withdrawal({ type: 2, address: '', payee_account: '123-456' }),
      ]),
    });
    render();
    expect(await screen.findByTestId('ops-withdrawal-address')).toHaveTextContent('123-456');
  });

  it('pay repeats the address in its dialog and sends the payout reference', async () => {
    const s = mockServer({
      'GET /api/ops/withdrawals/queue': page([withdrawal()]),
      'POST /api/ops/withdrawals/decide': ok({ id: 9, status: 1 }, 'Paid'),
    });
    render();
    fireEvent.click(await screen.findByTestId('ops-withdrawal-pay'));
    expect(await screen.findByTestId('ops-pay-address')).toHaveTextContent(
      'TJRabPrwbZy45sbavfcjinPJC18kjpRTv8',
    );
    expect(screen.getByTestId('ops-pay-details')).toHaveTextContent('98.000000 USDT · TRC20');
    fireEvent.change(screen.getByTestId('ops-prompt-input'), { target: { value: '0xdef' } });
    fireEvent.click(screen.getByTestId('ops-prompt-submit'));
    await waitFor(() => expect(s.find('/api/ops/withdrawals/decide')).toHaveLength(1));
    expect(s.find('/api/ops/withdrawals/decide')[0]!.body).toEqual({
      id: '9',
      decision: 'pay',
      reference: '0xdef',
    });
  });

  it('reject sends the reason; a refusal other than "already decided" stays in the dialog', async () => {
    const s = mockServer({
      'GET /api/ops/withdrawals/queue': page([withdrawal()]),
      'POST /api/ops/withdrawals/decide': refuse('The account is frozen', 1306),
    });
    render();
    fireEvent.click(await screen.findByTestId('ops-withdrawal-reject'));
    fireEvent.change(await screen.findByTestId('ops-prompt-input'), { target: { value: 'Wrong network' } });
    fireEvent.click(screen.getByTestId('ops-prompt-submit'));
    expect(await screen.findByRole('alert')).toHaveTextContent('The account is frozen');
    expect(s.find('/api/ops/withdrawals/decide')[0]!.body).toEqual({
      id: '9',
      decision: 'reject',
      reason: 'Wrong network',
    });
    expect(screen.queryByTestId('ops-withdrawals-notice')).toBeNull();
  });

  it('a frozen account is not paid out', async () => {
    mockServer({
      'GET /api/ops/withdrawals/queue': page([withdrawal({ account: fundsAccount({ frozen: true }) })]),
    });
    render();
    expect(await screen.findByTestId('ops-withdrawal-pay')).toBeDisabled();
  });
});
