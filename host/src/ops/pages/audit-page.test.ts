/** The audit summary: only what changed, and people as a reader can look them up. */
import '../../testing/text-encoding';
import { AUDIT_ACTIONS, summaryText } from './audit-page';

it('an edit shows only the fields that changed', () => {
  const s = JSON.stringify({
    before: { id: 4, type: 1, price: '0.0000166', enabled: true },
    after: { id: 4, type: 1, price: '0.0000170', enabled: true },
  });
  expect(summaryText(s)).toBe('price: 0.0000166 → 0.0000170');
});

it('a trader is shown by UID and an ops account by e-mail, not by internal id', () => {
  const refs = { 'user:9': '10000009', 'ops:2': 'ann@ops.test', 'ops:1': 'bob@ops.test' };
  expect(summaryText(JSON.stringify({ user_id: 9, amount: '100.00' }), refs)).toBe(
    'user: UID 10000009 · amount: 100.00',
  );
  expect(summaryText(JSON.stringify({ before: { assignee: 2 }, after: { assignee: 1 } }), refs)).toBe(
    'assignee: ann@ops.test → bob@ops.test',
  );
  expect(summaryText(JSON.stringify({ before: { assignee: null }, after: { assignee: 0 } }), refs)).toBe('—');
  expect(summaryText(JSON.stringify({ before: { assignee: 2 }, after: { assignee: 0 } }), refs)).toBe(
    'assignee: ann@ops.test → —',
  );
});

it('the action filter offers every area, money and support included', () => {
  for (const area of ['deposit', 'withdrawal', 'cashier', 'support', 'news', 'announcement'])
    expect(AUDIT_ACTIONS[area]?.length).toBeGreaterThan(0);
});
