import { logIn, mockServer, ok, refuse, resetApp } from '../../../testing/test-utils';
import { DEPOSIT_PAGE, fetchDeposits, submitCoinDeposit } from './deposit-api';

beforeEach(() => {
  resetApp();
  logIn();
});

describe('deposit records paging', () => {
  it('asks for one kind, page by page, 10 a page, and reads the rows and the total', async () => {
    const row = {
      id: 5,
      number: '10.00',
      type: 1,
      currency_code: 'HKD',
      status: 0,
      created_at: '',
      remark: '',
    };
    const s = mockServer({ 'GET /api/quickCharge/quick_ist': ok({ data: [row], total: 11 }) });
    await expect(fetchDeposits(1, 2)).resolves.toEqual({ items: [row], total: 11 });
    const q = s.find('/api/quickCharge/quick_ist')[0]!.query;
    expect([q.get('type'), q.get('page'), q.get('limit')]).toEqual(['1', '2', String(DEPOSIT_PAGE)]);
    expect(DEPOSIT_PAGE).toBe(10);
  });
});

describe('a coin deposit', () => {
  it("resolves with the server's sentence and sends every field", async () => {
    const s = mockServer({ 'GET /api/quickCharge/submit': ok({ id: 9, status: 0 }, 'Submitted') });
    const p = { number: '12.5', proofImg: '/uploads/p.png', address: 'TJRab', charge_id: 3 };
    await expect(submitCoinDeposit(p)).resolves.toBe('Submitted');
    expect(Object.fromEntries(s.find('/api/quickCharge/submit')[0]!.query)).toMatchObject({
      number: '12.5',
      proofImg: '/uploads/p.png',
      address: 'TJRab',
      charge_id: '3',
    });
  });

  it('a refusal rejects with its code and message', async () => {
    mockServer({ 'GET /api/quickCharge/submit': refuse('Upload a proof', 1401) });
    await expect(
      submitCoinDeposit({ number: '1', proofImg: '', address: 'a', charge_id: 1 }),
    ).rejects.toMatchObject({ code: 1401, msg: 'Upload a proof' });
  });
});
