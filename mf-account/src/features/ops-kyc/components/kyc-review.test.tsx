import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import OpsKycPage from '../../../app/pages/ops-kyc-page';
import {
  mockServer,
  ok,
  OPS_TOKEN,
  opsSignIn,
  refuse,
  renderPage,
  resetApp,
  toastTexts,
} from '../../../testing/ops-test-utils';

const HOUR = 3_600_000;
const item = (id: number, name: string, ageMs: number) => ({
  id,
  uid: String(10000000 + id),
  email: `${name.toLowerCase().replace(/ /g, '.')}@example.com`,
  name,
  card_id: `A${id}`,
  created_at: Date.now() - ageMs,
});
const submission = (id: number, name: string, status = 1, extra: Record<string, unknown> = {}) => ({
  id,
  name,
  card_id: `A${id}`,
  front_pic: `/api/common/upload/f${id}.png`,
  reverse_pic: `/api/common/upload/r${id}.png`,
  review_status: status,
  reason_code: null,
  reason: null,
  decided_by: null,
  decided_at: null,
  created_at: Date.now() - HOUR,
  ...extra,
});
const detail = (id: number, name: string) =>
  ok({
    submission: submission(id, name),
    user: {
      id,
      uid: String(10000000 + id),
      email: `${id}@example.com`,
      created_at: Date.now() - 30 * 24 * HOUR,
      frozen: false,
    },
    history: [
      submission(id, name),
      submission(id - 100, name, 3, {
        reason: 'the document has expired',
        decided_by: 'other@meridian.test',
        decided_at: Date.now() - 48 * HOUR,
      }),
    ],
  });

function server(
  queue: ReturnType<typeof item>[],
  decide = ok({ id: 1, review_status: 2 }, 'Verification approved.'),
) {
  return mockServer({
    'GET /api/ops/kyc/queue': () =>
      ok({ data: queue, total: queue.length, page: 1, limit: 100, server_time: Date.now() }),
    'GET /api/ops/kyc/detail': (req) => {
      const id = Number(req.query.get('id'));
      return detail(id, queue.find((q) => q.id === id)?.name ?? 'x');
    },
    'POST /api/ops/kyc/decide': () => decide,
    '/api/common/upload/f1.png': { blob: new Blob(['f']) },
    '/api/common/upload/r1.png': { blob: new Blob(['r']) },
    '/api/common/upload/f2.png': { blob: new Blob(['f']) },
    '/api/common/upload/r2.png': { blob: new Blob(['r']) },
  });
}

beforeEach(() => {
  resetApp();
  opsSignIn();
});

describe('/ops/kyc', () => {
  it('lists the queue oldest first with waiting times coloured by age; the first is open with photos and history', async () => {
    const s = server([item(1, 'Old Case', 30 * HOUR), item(2, 'New Case', 5 * 60_000)]);
    renderPage(<OpsKycPage />);
    const rows = within(await screen.findByTestId('kyc-queue'))
      .getAllByRole('row')
      .slice(1);
    expect(rows.map((r) => r.textContent)).toEqual([
      expect.stringContaining('Old Case'),
      expect.stringContaining('New Case'),
    ]);
    expect(rows[0]!.querySelector('[data-tone]')).toHaveAttribute('data-tone', 'overdue');
    expect(rows[0]).toHaveTextContent('1 d 6 h');
    expect(rows[1]!.querySelector('[data-tone]')).toHaveAttribute('data-tone', 'calm');
    expect(await screen.findByTestId('kyc-detail-name')).toHaveTextContent('Old Case');
    await waitFor(() => expect(screen.getByTestId('kyc-front')).toHaveAttribute('data-state', 'ready'));
    // Photos are fetched with the ops token, never the trader's.
    expect(s.find('/api/common/upload/f1.png')[0]?.headers.authorization).toBe(OPS_TOKEN);
    const history = screen.getByTestId('kyc-history');
    expect(history).toHaveTextContent('the document has expired');
    expect(history).toHaveTextContent('other@meridian.test');
  });

  it('approves after a confirmation, then moves to the next in line', async () => {
    const s = server([item(1, 'Old Case', 2 * HOUR), item(2, 'New Case', HOUR)]);
    renderPage(<OpsKycPage />);
    fireEvent.click(await screen.findByTestId('kyc-approve'));
    const dialog = await screen.findByRole('dialog', {}, { timeout: 4000 });
    expect(dialog).toHaveTextContent('Old Case, ID A1. The customer will be told by e-mail.');
    expect(s.find('/api/ops/kyc/decide')).toHaveLength(0);
    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: 'Approve' }));
    });
    await waitFor(() => expect(s.find('/api/ops/kyc/decide')).toHaveLength(1));
    expect(s.find('/api/ops/kyc/decide')[0]?.body).toEqual({ id: '1', decision: 'approve' });
    expect(toastTexts()).toContain('Verification approved.');
    await waitFor(() => expect(s.find('/api/ops/kyc/queue')).toHaveLength(2));
  });

  it('rejects only with a reason from the list (and a note for "other"), by keyboard too', async () => {
    const s = server([item(1, 'Old Case', HOUR)], ok({ id: 1, review_status: 3 }, 'Verification rejected.'));
    renderPage(<OpsKycPage />);
    await screen.findByTestId('kyc-detail-name');
    fireEvent.keyDown(window, { key: 'r' });
    const form = await screen.findByTestId('kyc-reject-form');
    fireEvent.click(within(form).getByTestId('kyc-reject-confirm'));
    expect(within(form).getByRole('alert')).toHaveTextContent('Please choose a reason.');
    fireEvent.change(within(form).getByTestId('kyc-reason'), { target: { value: 'other' } });
    fireEvent.click(within(form).getByTestId('kyc-reject-confirm'));
    expect(within(form).getByRole('alert')).toHaveTextContent('Please describe the reason in the note.');
    fireEvent.change(within(form).getByTestId('kyc-note'), { target: { value: 'Passport page 2 missing' } });
    await act(async () => {
      fireEvent.click(within(form).getByTestId('kyc-reject-confirm'));
    });
    await waitFor(() => expect(s.find('/api/ops/kyc/decide')).toHaveLength(1));
    expect(s.find('/api/ops/kyc/decide')[0]?.body).toEqual({
      id: '1',
      decision: 'reject',
      reason_code: 'other',
      note: 'Passport page 2 missing',
    });
  });

  it('when someone else decided first, says who and when and reloads the queue', async () => {
    const s = server(
      [item(1, 'Old Case', HOUR)],
      refuse('Already approved by other@meridian.test at 2026-11-02 09:00 UTC. Nothing was changed.', 1303),
    );
    renderPage(<OpsKycPage />);
    fireEvent.click(await screen.findByTestId('kyc-approve'));
    await act(async () => {
      fireEvent.click(
        within(await screen.findByRole('dialog', {}, { timeout: 4000 })).getByRole('button', {
          name: 'Approve',
        }),
      );
    });
    expect(await screen.findByTestId('kyc-notice')).toHaveTextContent(
      'Already approved by other@meridian.test',
    );
    await waitFor(() => expect(s.find('/api/ops/kyc/queue')).toHaveLength(2));
  });

  it('an empty queue says so', async () => {
    server([]);
    renderPage(<OpsKycPage />);
    expect(await screen.findByTestId('kyc-empty')).toHaveTextContent('Nothing to review');
  });
});
