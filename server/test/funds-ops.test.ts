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
        tx_ref: 'TX-frozen-dep',
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
        (
          await post(t, finance.token, '/api/ops/deposits/decide', {
            id: depositId,
            decision: 'approve',
            tx_ref: 'TX-frozen-dep',
          })
        ).body.code,
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

  describe('currency prices (item 3)', () => {
    it('a BTC payout keeps 8 decimals: 900 USD at 0.0000166 pays 0.01494000 BTC, not 0.01', async () => {
      const saved = await post(t, finance.token, '/api/ops/cashier/currencies/save', {
        type: 1,
        code: 'BTC',
        protocol: 'BTC',
        draw_rate: '0',
        fee_type: 1,
        usd_price: '0.0000166',
      });
      expect(saved.body).toMatchObject({ code: 1, data: { decimals: 8 } });
      const u = await realUser(100_000);
      const sym = (await get(t, u.token, '/api/account/draw_symbol_list', { type: 1 })).body.data.find(
        (c: { code: string }) => c.code === 'BTC',
      );
      expect(sym).toMatchObject({ usd_price: '0.0000166', decimals: 8 });
      const usdt = (await get(t, u.token, '/api/account/draw_symbol_list', { type: 1 })).body.data.find(
        (c: { code: string; protocol: string }) => c.code === 'USDT' && c.protocol === 'TRC20',
      );
      expect(usdt.decimals).toBe(6);
      const r = await call(t.app, {
        method: 'POST',
        url: '/api/wallet/bind_draw_method',
        token: u.token,
        form: { type: 1, draw_id: sym.id, dc_address: 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq' },
      });
      expect(r.body.code).toBe(1);
      await t.app.ctx.db
        .updateTable('draw_methods')
        .set({ usable_at: 0 })
        .where('id', '=', r.body.data.id)
        .execute();
      const w = await post(t, u.token, '/api/account/draw', {
        draw_currency_id: sym.id,
        number: '900',
        draw_method_id: r.body.data.id,
      });
      expect(w.body).toMatchObject({ code: 1, data: { record: { real_number: '0.01494000' } } });
      const q = (await get(t, finance.token, '/api/ops/withdrawals/queue')).body.data.data.find(
        (x: { id: number }) => x.id === w.body.data.record.id,
      );
      expect(q.real_number).toBe('0.01494000');
    });

    it('a price far from the previous one needs a second confirmation; the audit lists only what changed', async () => {
      const c = await post(t, finance.token, '/api/ops/cashier/currencies/save', {
        type: 1,
        code: 'ETH',
        protocol: 'ERC20',
        draw_rate: '1',
        fee_type: 1,
        usd_price: '0.0004',
      });
      expect(c.body.code).toBe(1);
      const id = c.body.data.id as number;
      const edit = (usd_price: string, extra: Record<string, string | number> = {}) =>
        post(t, finance.token, '/api/ops/cashier/currencies/save', {
          id,
          type: 1,
          code: 'ETH',
          protocol: 'ERC20',
          draw_rate: '1',
          fee_type: 1,
          usd_price,
          ...extra,
        });
      // 60000 instead of 0.0004: refused with the effect on 100 USD; nothing saved.
      const far = await edit('60000');
      expect(far.body).toMatchObject({
        code: ERROR_CODES.priceOutsideBand,
        msg: expect.stringMatching(
          /0\.04000000 ETH[\s\S]*6000000\.00000000 ETH|6000000\.00000000 ETH[\s\S]*0\.04000000 ETH/,
        ),
      });
      const stored = async () =>
        (await get(t, finance.token, '/api/ops/cashier/currencies')).body.data.find(
          (x: { id: number }) => x.id === id,
        );
      expect((await stored()).usd_price).toBe('0.0004');
      // A market move inside the band saves at once; the far one with confirm=1 too.
      expect((await edit('0.00042')).body.code).toBe(1);
      expect((await edit('0.00001')).body.code).toBe(ERROR_CODES.priceOutsideBand);
      expect((await edit('0.00001', { confirm: 1 })).body).toMatchObject({
        code: 1,
        data: { usd_price: '0.00001' },
      });
      const rows = await t.app.ctx.db
        .selectFrom('audit_log')
        .select(['action', 'summary'])
        .where('object_type', '=', 'draw_currency')
        .where('object_id', '=', String(id))
        .orderBy('id', 'asc')
        .execute();
      expect(rows.map((r) => [r.action, JSON.parse(r.summary)])).toEqual([
        [
          'cashier.currencyCreate',
          expect.objectContaining({ after: expect.objectContaining({ code: 'ETH' }) }),
        ],
        ['cashier.currencyUpdate', { before: { usd_price: '0.0004' }, after: { usd_price: '0.00042' } }],
        ['cashier.currencyUpdate', { before: { usd_price: '0.00042' }, after: { usd_price: '0.00001' } }],
      ]);
    });
  });

  describe('receiving addresses (item 4)', () => {
    const ETH_ADDR = '0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359';
    const create = (form: Record<string, string | number>) =>
      post(t, finance.token, '/api/ops/cashier/channels/create', { type: 0, currency_code: 'USDT', ...form });

    it('normalises the network, refuses duplicates (any spelling, enabled or not) and a trader’s own address', async () => {
      const first = await create({ protocol_code: 'erc20', address: ETH_ADDR, name: 'Treasury ERC20' });
      expect(first.body).toMatchObject({
        code: 1,
        data: { protocol_code: 'ERC20', label: 'Treasury ERC20' },
      });
      for (const again of [
        { protocol_code: 'ERC20', address: ETH_ADDR },
        { protocol_code: 'Ethereum', address: ETH_ADDR.toLowerCase() },
        { protocol_code: ' erc20 ', address: ` ${ETH_ADDR} ` },
      ])
        expect((await create(again)).body.code).toBe(ERROR_CODES.channelDuplicate);
      await post(t, finance.token, '/api/ops/cashier/channels/enable', {
        id: first.body.data.id,
        enabled: 0,
      });
      expect((await create({ protocol_code: 'ERC20', address: ETH_ADDR })).body).toMatchObject({
        code: ERROR_CODES.channelDuplicate,
        msg: expect.stringContaining('Treasury ERC20'),
      });
      // A trader's withdrawal address is never ours.
      const u = await realUser();
      await boundAddress(t.app, u.token, 'TAcWbsKJryUGAGqHSJWa8bhgZQJtkvCaGd');
      expect(
        (await create({ protocol_code: 'trc20', address: 'TAcWbsKJryUGAGqHSJWa8bhgZQJtkvCaGd' })).body.code,
      ).toBe(ERROR_CODES.channelTraderAddress);
      const count = await t.app.ctx.db
        .selectFrom('pay_channels')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('address', 'in', [ETH_ADDR, ETH_ADDR.toLowerCase(), 'TAcWbsKJryUGAGqHSJWa8bhgZQJtkvCaGd'])
        .executeTakeFirstOrThrow();
      expect(Number(count.n)).toBe(1);
    });

    it('labels every channel so traders can tell two of one network apart', async () => {
      const u = await realUser();
      const nets = (await get(t, u.token, '/api/quickCharge/info')).body.data as {
        label: string;
        protocol_code: string;
      }[];
      expect(nets.length).toBeGreaterThan(0);
      for (const n of nets) expect(n.label).toMatch(/\S/);
      expect(new Set(nets.map((n) => n.label)).size).toBe(nets.length);
    });
  });

  describe('approving a deposit (item 5)', () => {
    it('credits what arrived, records the reference once, tells the trader the difference; a proof is usable once', async () => {
      const u = await realUser();
      const a = await deposit(u.token, '100');
      const b = await deposit(u.token, '50');
      const decide = (form: Record<string, string | number>) =>
        post(t, finance.token, '/api/ops/deposits/decide', { decision: 'approve', ...form });
      expect((await decide({ id: a })).body.code).toBe(ERROR_CODES.validation); // no reference
      expect((await decide({ id: a, tx_ref: 'abc1', received: '1e3' })).body.code).toBe(
        ERROR_CODES.validation,
      );
      const ok = await decide({ id: a, tx_ref: '0xabc123def', received: '95.50' });
      expect(ok.body.code).toBe(1);
      const bal = await t.app.ctx.db
        .selectFrom('users')
        .select('balance')
        .where('id', '=', u.user.id)
        .executeTakeFirstOrThrow();
      expect(Number(bal.balance)).toBe(9_550);
      const row = (await get(t, finance.token, '/api/ops/deposits/queue', { status: 1 })).body.data.data.find(
        (r: { id: number }) => r.id === a,
      );
      expect(row).toMatchObject({
        received: '95.50',
        tx_ref: '0xabc123def',
        amount: '100.00',
        proof_uses: 1,
      });
      // The trader's record says what arrived; the e-mail too.
      const recs = (await get(t, u.token, '/api/quickCharge/quick_ist', { type: 0, page: 1 })).body.data.data;
      expect(recs.find((r: { id: number }) => r.id === a).remark).toMatch(/95\.50[\s\S]*100\.00/);
      const mail = await t.app.ctx.db
        .selectFrom('outbox')
        .select('body_text')
        .where('to_addr', '=', u.email)
        .orderBy('id', 'desc')
        .executeTakeFirstOrThrow();
      expect(mail.body_text).toMatch(/95\.50[\s\S]*100\.00/);
      // The same reference on another deposit: refused, nothing credited.
      expect((await decide({ id: b, tx_ref: '0xabc123def' })).body).toMatchObject({
        code: ERROR_CODES.depositRefUsed,
        msg: expect.stringContaining(String(a)),
      });
      expect((await decide({ id: b, tx_ref: 'BANKREF-778' })).body.code).toBe(1);
      const audit = await t.app.ctx.db
        .selectFrom('audit_log')
        .select('summary')
        .where('action', '=', 'deposit.approve')
        .where('object_id', '=', String(a))
        .executeTakeFirstOrThrow();
      expect(JSON.parse(audit.summary).after).toMatchObject({ received: '95.50', tx_ref: '0xabc123def' });
    });

    it('a proof picture is usable for one deposit only', async () => {
      const u = await realUser();
      const proof = await uploadProof(t.app, u.token);
      const net = (await get(t, u.token, '/api/quickCharge/info')).body.data[0];
      const form = { number: '10', proofImg: proof, address: net.address, charge_id: net.id };
      expect((await get(t, u.token, '/api/quickCharge/submit', form)).body.code).toBe(1);
      expect((await get(t, u.token, '/api/quickCharge/submit', form)).body.code).toBe(ERROR_CODES.proofUsed);
    });
  });
});
