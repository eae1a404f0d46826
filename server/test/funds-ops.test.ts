/**
 * The finance back office against issue 22, in both storage modes: a frozen account is neither paid out nor
 * credited (1306 with the reason) and finance sees the account's state before deciding.
 */
import { ERROR_CODES } from '@meridian/shared/pure';
import { changeBalance } from '../src/modules/accounts/repository';
import { call, createTestApp, MODES, registerUser } from './helpers';
import type { TestApp } from './helpers';
import { createOpsUser } from './support/ops';
import type { TestOps } from './support/ops';
import { approveRealName, boundAddress, currencyId, TRON, uploadProof } from './support/funds';

const get = (t: TestApp, token: string, url: string, query: Record<string, string | number> = {}) => {
  const qs = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) qs.append(k, String(v));
  return call(t.app, { method: 'GET', url: `${url}?${qs.toString()}`, token });
};
const post = (t: TestApp, token: string, url: string, form: Record<string, string | number>) =>
  call(t.app, { method: 'POST', url, token, form });

describe.each(MODES)('finance back office (%s)', (mode) => {
  let t: TestApp;
  let finance: TestOps;
  let compliance: TestOps;
  beforeAll(async () => {
    t = await createTestApp(mode);
    finance = await createOpsUser(t.app, ['finance']);
    compliance = await createOpsUser(t.app, ['compliance']);
  });
  afterAll(() => t.close());

  async function realUser(cents = 0) {
    const u = await registerUser(t.app);
    await approveRealName(t.app, u.user.id);
    if (cents)
      await t.app.ctx.db
        .transaction()
        .execute((trx) =>
          changeBalance(trx, { userId: u.user.id, amount: cents, kind: 'test_grant', at: Date.now() }),
        );
    return u;
  }

  async function deposit(token: string, number = '100') {
    const proof = await uploadProof(t.app, token);
    const net = (await get(t, token, '/api/quickCharge/info')).body.data[0];
    const r = await get(t, token, '/api/quickCharge/submit', {
      number,
      proofImg: proof,
      address: net.address,
      charge_id: net.id,
    });
    expect(r.body.code).toBe(1);
    return r.body.data.id as number;
  }

  describe('a frozen account (item 1)', () => {
    it('its withdrawal is not paid and its deposit not credited: 1306 with the reason; nothing moves', async () => {
      const u = await realUser(50_000);
      const method = await boundAddress(t.app, u.token, TRON);
      const trc = await currencyId(t.app, 'TRC20');
      const w = await post(t, u.token, '/api/account/draw', {
        draw_currency_id: trc,
        number: '100',
        draw_method_id: method,
      });
      expect(w.body.code).toBe(1);
      const depositId = await deposit(u.token);
      // The queue shows the account's state before the decision.
      const row = async () =>
        (await get(t, finance.token, '/api/ops/withdrawals/queue')).body.data.data.find(
          (r: { id: number }) => r.id === w.body.data.record.id,
        );
      expect((await row()).account).toEqual({
        frozen: false,
        frozen_reason: '',
        verified: true,
        balance: '400.00',
        withdraw_hold: '100.00',
      });
      const { uid } = await t.app.ctx.db
        .selectFrom('users')
        .select('uid')
        .where('id', '=', u.user.id)
        .executeTakeFirstOrThrow();
      const fr = await post(t, compliance.token, '/api/ops/users/freeze', {
        uid,
        reason: 'suspected account takeover',
      });
      expect(fr.body.code).toBe(1);
      expect((await row()).account).toMatchObject({
        frozen: true,
        frozen_reason: 'suspected account takeover',
      });
      const dep = (await get(t, finance.token, '/api/ops/deposits/queue')).body.data.data.find(
        (r: { id: number }) => r.id === depositId,
      );
      expect(dep.account).toMatchObject({ frozen: true, verified: true, balance: '400.00' });

      const pay = await post(t, finance.token, '/api/ops/withdrawals/decide', {
        id: w.body.data.record.id,
        decision: 'pay',
        reference: 'TX-frozen',
      });
      expect(pay.body).toMatchObject({
        code: ERROR_CODES.opsAccountFrozen,
        msg: expect.stringContaining('suspected account takeover'),
      });
      const approve = await post(t, finance.token, '/api/ops/deposits/decide', {
        id: depositId,
        decision: 'approve',
      });
      expect(approve.body).toMatchObject({
        code: ERROR_CODES.opsAccountFrozen,
        msg: expect.stringContaining('suspected account takeover'),
      });
      // Nothing moved and both stay waiting; no audit row for a refused decision.
      const user = await t.app.ctx.db
        .selectFrom('users')
        .select(['balance', 'withdraw_hold'])
        .where('id', '=', u.user.id)
        .executeTakeFirstOrThrow();
      expect([Number(user.balance), Number(user.withdraw_hold)]).toEqual([40_000, 10_000]);
      expect((await row()).status).toBe(0);
      const audits = await t.app.ctx.db
        .selectFrom('audit_log')
        .select('action')
        .where('object_id', 'in', [String(depositId), String(w.body.data.record.id)])
        .where('action', 'in', ['withdrawal.pay', 'deposit.approve'])
        .execute();
      expect(audits).toEqual([]);
      // Rejecting moves no money out: still allowed (the hold returns to the frozen balance).
      const rej = await post(t, finance.token, '/api/ops/withdrawals/decide', {
        id: w.body.data.record.id,
        decision: 'reject',
        reason: 'account frozen',
      });
      expect(rej.body.code).toBe(1);
      // After the unfreeze the deposit is credited as usual.
      expect((await post(t, compliance.token, '/api/ops/users/unfreeze', { uid })).body.code).toBe(1);
      expect(
        (await post(t, finance.token, '/api/ops/deposits/decide', { id: depositId, decision: 'approve' }))
          .body.code,
      ).toBe(1);
    });

    it('the refusal is in the caller’s language', async () => {
      const u = await realUser(20_000);
      const method = await boundAddress(t.app, u.token, TRON);
      const trc = await currencyId(t.app, 'TRC20');
      const w = await post(t, u.token, '/api/account/draw', {
        draw_currency_id: trc,
        number: '50',
        draw_method_id: method,
      });
      await t.app.ctx.db
        .updateTable('users')
        .set({ frozen_at: Date.now(), frozen_reason: 'AML' })
        .where('id', '=', u.user.id)
        .execute();
      const r = await call(t.app, {
        method: 'POST',
        url: '/api/ops/withdrawals/decide',
        token: finance.token,
        headers: { lang: 'hk' },
        form: { id: w.body.data.record.id, decision: 'pay', reference: 'x' },
      });
      expect(r.body).toMatchObject({
        code: ERROR_CODES.opsAccountFrozen,
        msg: expect.stringContaining('凍結'),
      });
    });
  });
});
