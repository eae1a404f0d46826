import { logIn, mockServer, ok, resetApp } from '../../../testing/test-utils';
import { fetchHistory, HISTORY_PAGE } from './history-api';

beforeEach(() => {
  resetApp();
  logIn();
});

it('the ledger is read 10 rows a page from its `list`, with the total', async () => {
  const s = mockServer({ 'GET /v1/api/main/accountLog/forexChange': ok({ list: [{ Id: 1 }], total: 21 }) });
  await expect(fetchHistory(3)).resolves.toEqual({ items: [{ Id: 1 }], total: 21 });
  const q = s.find('/v1/api/main/accountLog/forexChange')[0]!.query;
  expect([q.get('page'), q.get('limit')]).toEqual(['3', String(HISTORY_PAGE)]);
});
