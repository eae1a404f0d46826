import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { DialogHost } from '@meridian/shared';
import { ERROR_CODES } from '@meridian/shared/pure';
import type { OpsDeposit } from '@meridian/shared/pure';
import {
  fundsAccount,
  mockServer,
  ok,
  opsSignIn,
  refuse,
  renderPage,
  resetApp,
} from '../../../testing/ops-test-utils';
import { DepositsQueue } from './deposits-queue';

beforeEach(() => {
  resetApp();
  opsSignIn();
});

const deposit = (over: Partial<OpsDeposit> = {}): OpsDeposit => ({
  id: 4,
  uid: '10000009',
  email: 'ann@example.test',
  type: 0,
  amount: '100.00',
  currency_code: 'USDT',
  network: 'TRC20',
  address: 'TJRabPrwbZy45sbavfcjinPJC18kjpRTv8',
  proof_img: '/api/common/upload/p4.png',
  proof_uses: 1,
  received: null,
  tx_ref: '',
  status: 0,
  remark: '',
  decided_by: null,
  decided_at: null,
  created_at: Date.now() - 60_000,
  account: fundsAccount(),
  ...over,
});

const page = (data: OpsDeposit[]) =>
  ok({ data, total: data.length, page: 1, limit: 50, server_time: Date.now() });

function render() {
  return renderPage(
    <>
      <DepositsQueue />
      <DialogHost />
    </>,
  );
}

describe('ops deposits queue', () => {
  it('asks for the waiting deposits and shows the first with its proof and the account', async () => {
    const s = mockServer({
      'GET /api/ops/deposits/queue': page([deposit()]),
      '/api/common/upload/p4.png': { blob: new Blob(['p']) },
    });
    render();
    const detail = await screen.findByTestId('ops-deposit-detail');
    expect(detail).toHaveTextContent('100.00 USD');
    expect(detail).toHaveTextContent('Digital currency');
    expect(within(detail).getByTestId('ops-deposit-account')).toHaveAttribute('data-frozen', 'false');
    const q = s.find('/api/ops/deposits/queue')[0]!.query;
    expect([q.get('status'), q.get('page'), q.get('limit')]).toEqual(['0', '1', '50']);
    await waitFor(() =>
      expect(s.find('/api/common/upload/p4.png')[0]!.headers.authorization).toMatch(/^ops_/),
    );
  });

  it('approve asks for what arrived (prefilled) and the reference, and sends both', async () => {
    const s = mockServer({
      'GET /api/ops/deposits/queue': page([deposit()]),
      '/api/common/upload/p4.png': { blob: new Blob(['p']) },
      'POST /api/ops/deposits/decide': ok({ id: 4, status: 1 }, 'Credited'),
    });
    render();
    fireEvent.click(await screen.findByTestId('ops-deposit-approve'));
    expect(await screen.findByTestId('ops-deposit-received')).toHaveValue('100.00');
    fireEvent.change(screen.getByTestId('ops-deposit-received'), { target: { value: '99.5' } });
    fireEvent.change(screen.getByTestId('ops-prompt-input'), { target: { value: ' 0xabc ' } });
    fireEvent.click(screen.getByTestId('ops-prompt-submit'));
    await waitFor(() => expect(s.find('/api/ops/deposits/decide')).toHaveLength(1));
    expect(s.find('/api/ops/deposits/decide')[0]!.body).toEqual({
      id: '4',
      decision: 'approve',
      tx_ref: '0xabc',
      received: '99.5',
    });
  });

  it('reject needs a reason: without one nothing is sent', async () => {
    const s = mockServer({
      'GET /api/ops/deposits/queue': page([deposit()]),
      '/api/common/upload/p4.png': { blob: new Blob(['p']) },
      'POST /api/ops/deposits/decide': ok({ id: 4, status: 2 }, 'Rejected'),
    });
    render();
    fireEvent.click(await screen.findByTestId('ops-deposit-reject'));
    fireEvent.click(await screen.findByTestId('ops-prompt-submit'));
    expect(await screen.findByRole('alert')).toBeInTheDocument();
    expect(s.find('/api/ops/deposits/decide')).toHaveLength(0);
  });

  it('a frozen account cannot be credited', async () => {
    mockServer({
      'GET /api/ops/deposits/queue': page([
        deposit({ account: fundsAccount({ frozen: true, frozen_reason: 'AML' }) }),
      ]),
      '/api/common/upload/p4.png': { blob: new Blob(['p']) },
    });
    render();
    expect(await screen.findByTestId('ops-deposit-approve')).toBeDisabled();
  });

  it('decided by someone else first: the page says so and reloads the queue', async () => {
    const s = mockServer({
      'GET /api/ops/deposits/queue': page([deposit()]),
      '/api/common/upload/p4.png': { blob: new Blob(['p']) },
      'POST /api/ops/deposits/decide': refuse('Already decided by ann', ERROR_CODES.opsAlreadyDecided),
    });
    render();
    fireEvent.click(await screen.findByTestId('ops-deposit-invalid'));
    fireEvent.click(await screen.findByTestId('ops-prompt-submit'));
    expect(await screen.findByTestId('ops-deposits-notice')).toHaveTextContent('Already decided by ann');
    expect(s.find('/api/ops/deposits/decide')[0]!.body).toEqual({ id: '4', decision: 'invalid' });
    await waitFor(() => expect(s.find('/api/ops/deposits/queue')).toHaveLength(2));
  });

  it('an empty queue says nothing is waiting', async () => {
    mockServer({ 'GET /api/ops/deposits/queue': page([]) });
    render();
    expect(await screen.findByTestId('ops-deposits-empty')).toHaveTextContent('Nothing waiting');
  });
});
