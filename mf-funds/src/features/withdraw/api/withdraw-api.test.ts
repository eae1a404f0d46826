import { logIn, mockServer, ok, resetApp } from '../../../testing/test-utils';
import { fetchCoinMethods, fetchWithdrawals, submitWithdraw, WITHDRAW_PAGE } from './withdraw-api';

beforeEach(() => {
  resetApp();
  logIn();
});

describe('withdrawal records paging', () => {
  it('asks for one kind (1 coin, 2 bank), page by page, 10 a page', async () => {
    const s = mockServer({ 'GET /api/account/draw_list': ok({ data: [], total: 0 }) });
    await expect(fetchWithdrawals(2, 3)).resolves.toEqual({ items: [], total: 0 });
    const q = s.find('/api/account/draw_list')[0]!.query;
    expect([q.get('type'), q.get('page'), q.get('limit')]).toEqual(['2', '3', String(WITHDRAW_PAGE)]);
    expect(WITHDRAW_PAGE).toBe(10);
  });
});

describe('the withdraw calls', () => {
  it('asks for the coin addresses bound for one currency', async () => {
    const s = mockServer({ 'GET /api/wallet/get_draw_method': ok([]) });
    await fetchCoinMethods(7);
    const q = s.find('/api/wallet/get_draw_method')[0]!.query;
    expect([q.get('draw_type'), q.get('draw_id')]).toEqual(['1', '7']);
  });

  it('posts the withdrawal as a form and resolves with the message and the record', async () => {
    const s = mockServer({
      'POST /api/account/draw': ok({ record: { id: 1 }, balance: '0.00' }, 'Submitted'),
    });
    const r = await submitWithdraw({ draw_currency_id: 7, number: '50', memo: 'rent', draw_method_id: 3 });
    expect(r.msg).toBe('Submitted');
    expect(s.find('/api/account/draw')[0]!.body).toEqual({
      draw_currency_id: '7',
      number: '50',
      memo: 'rent',
      draw_method_id: '3',
    });
  });
});
