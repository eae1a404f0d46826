/**
 * The cashier and the finance back office, in both storage modes: every call, its validation, per-object
 * authorization, demo and frozen refusals, the withdrawal locks, the money moves with their ledger rows, decisions
 * that happen once, and the withdraw fee against the formula of docs/rules.md#withdraw-fee.
 */
import fc from 'fast-check';
import { ERROR_CODES, FEE_TYPE_FIXED, withdrawQuote } from '@meridian/shared/pure';
import { changeBalance } from '../src/modules/accounts/repository';
import { isAddressFor, isSwift } from '../src/modules/funds/addresses';
import { call, createDemo, createTestApp, MODES, registerUser } from './helpers';
import type { TestApp } from './helpers';
import { createOpsUser } from './support/ops';
import type { TestOps } from './support/ops';
import {
  approveRealName,
  boundAddress,
  currencyId,
  ETH,
  ledgerMatches,
  TRON,
  TRON_OTHER,
  uploadProof,
} from './support/funds';

const get = (
  t: TestApp,
  token: string,
  url: string,
  query: Record<string, string | number | string[]> = {},
) => {
  const qs = new URLSearchParams();
  for (const [k, v] of Object.entries(query))
    for (const one of Array.isArray(v) ? v : [v]) qs.append(k, String(one));
  return call(t.app, { method: 'GET', url: `${url}?${qs.toString()}`, token });
};
const post = (t: TestApp, token: string, url: string, form: Record<string, string | number>) =>
  call(t.app, { method: 'POST', url, token, form });

async function grant(t: TestApp, userId: number, cents: number) {
  await t.app.ctx.db
    .transaction()
    .execute((trx) => changeBalance(trx, { userId, amount: cents, kind: 'test_grant', at: Date.now() }));
}

describe('withdraw fee (shared formula)', () => {
  it('matches the rule for any amount, rate and price (property)', () => {
    const cents = (n: bigint) => `${n / 100n}.${(n % 100n).toString().padStart(2, '0')}`;
    // Reference: exact rationals with half-up rounding to cents, written independently of the implementation.
    const round = (num: bigint, den: bigint) => (num * 2n + den) / (den * 2n);
    fc.assert(
      fc.property(
        fc.bigInt({ min: 1n, max: 99_999_999_999n }),
        fc.bigInt({ min: 0n, max: 10_000_000_000n }),
        fc.integer({ min: 0, max: 8 }),
        fc.constantFrom(1, 2),
        fc.bigInt({ min: 1n, max: 10_000_000_000n }),
        fc.integer({ min: 0, max: 8 }),
        (amountCents, rateN, rateS, feeType, priceN, priceS) => {
          const rateDen = 10n ** BigInt(rateS);
          const priceDen = 10n ** BigInt(priceS);
          const text = (n: bigint, s: number) =>
            s === 0
              ? String(n)
              : `${n / 10n ** BigInt(s)}.${(n % 10n ** BigInt(s)).toString().padStart(s, '0')}`;
          const q = withdrawQuote(cents(amountCents), {
            draw_rate: text(rateN, rateS),
            fee_type: feeType,
            usd_price: text(priceN, priceS),
          });
          const fee =
            feeType === FEE_TYPE_FIXED
              ? round(rateN * 100n, rateDen)
              : round(amountCents * rateN, 100n * rateDen);
          const net = amountCents - fee;
          const received = net <= 0n ? 0n : round(net * priceN, priceDen);
          expect(q).toEqual({
            fee: cents(fee),
            received: cents(received),
            feeCents: Number(fee),
            amountCents: Number(amountCents),
          });
        },
      ),
      { numRuns: 2000, seed: 20261124 },
    );
  });

  it('worked examples; a dash (null) for anything that is not an amount', () => {
    expect(withdrawQuote('100', { draw_rate: '1', fee_type: 1, usd_price: '1' })).toMatchObject({
      fee: '1.00',
      received: '99.00',
    });
    expect(withdrawQuote('100', { draw_rate: '0.5', fee_type: 2, usd_price: '7.1' })).toMatchObject({
      fee: '0.50',
      received: '706.45',
    });
    expect(withdrawQuote('0.50', { draw_rate: '1', fee_type: 1, usd_price: '1' })?.received).toBe('0.00');
    for (const bad of [
      '',
      '1e3',
      '0x10',
      'NaN',
      '-1',
      '-0',
      '1.234',
      `1.${'0'.repeat(30)}`,
      'Infinity',
      '1e308',
    ])
      expect(withdrawQuote(bad, { draw_rate: '1', fee_type: 1, usd_price: '1' })).toBeNull();
  });
});

describe('address checks', () => {
  it('accepts valid addresses and refuses typos per network', () => {
    expect(isAddressFor('TRC20', TRON)).toBe(true);
    expect(isAddressFor('TRC20', `${TRON.slice(0, -1)}9`)).toBe(false);
    expect(isAddressFor('TRC20', ETH)).toBe(false);
    expect(isAddressFor('ERC20', ETH)).toBe(true);
    expect(isAddressFor('ERC20', ETH.toLowerCase())).toBe(true);
    expect(isAddressFor('ERC20', `${ETH.slice(0, -1)}D`)).toBe(false); // EIP-55 checksum broken
    expect(isAddressFor('BTC', 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq')).toBe(true);
    expect(isAddressFor('BTC', 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdx')).toBe(false);
    expect(isAddressFor('BTC', 'bc1p5d7rjq7g6rdk2yhzks9smlaqtedr4dekq08ge8ztwac72sfr9rusxg3297')).toBe(true);
    expect(isAddressFor('BTC', '1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2')).toBe(true);
    expect(isAddressFor('BTC', '1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN3')).toBe(false);
    expect(isAddressFor('BTC', '3J98t1WpEZ73CNmQviecrnyiWrnqRhWNLy')).toBe(true);
    expect(isSwift('DEUTDEFF')).toBe(true);
    expect(isSwift('DEUTDEFF500')).toBe(true);
    expect(isSwift('DEUT1EFF')).toBe(false);
    expect(isSwift('DEUTDEFF5')).toBe(false);
  });
});

describe.each(MODES)('funds (%s)', (mode) => {
  let t: TestApp;
  let finance: TestOps;
  let support: TestOps;
  beforeAll(async () => {
    t = await createTestApp(mode);
    finance = await createOpsUser(t.app, ['finance']);
    support = await createOpsUser(t.app, ['support']);
  });
  afterAll(() => t.close());

  async function realUser(cents = 0) {
    const u = await registerUser(t.app);
    await approveRealName(t.app, u.user.id);
    if (cents) await grant(t, u.user.id, cents);
    return u;
  }

  it('demo users are refused every cashier call; no token is 999; an ops token is 1305', async () => {
    const demo = await createDemo(t.app);
    const calls: [string, string][] = [
      ['GET', '/api/quickCharge/info'],
      ['GET', '/api/quickCharge/wire_list'],
      ['GET', '/api/quickCharge/submit'],
      ['GET', '/api/quickCharge/wire_submit'],
      ['GET', '/api/quickCharge/quick_ist'],
      ['GET', '/api/account/draw_symbol_list'],
      ['GET', '/api/account/draw_state'],
      ['POST', '/api/account/draw'],
      ['GET', '/api/account/draw_list'],
      ['GET', '/api/wallet/get_draw_method'],
      ['POST', '/api/wallet/bind_draw_method'],
      ['POST', '/api/wallet/del_draw_method'],
    ];
    for (const [method, url] of calls) {
      const d = await call(t.app, {
        method: method as 'GET',
        url,
        token: demo.token,
        form: method === 'POST' ? {} : undefined,
      });
      expect([url, d.body.code]).toEqual([url, ERROR_CODES.demoForbidden]);
      expect(d.body.msg).toMatch(/real account/i);
      const none = await call(t.app, { method: method as 'GET', url });
      expect([url, none.body.code]).toEqual([url, ERROR_CODES.sessionExpired]);
      const ops = await call(t.app, { method: method as 'GET', url, token: finance.token });
      expect([url, ops.body.code]).toEqual([url, ERROR_CODES.opsTokenOnTrader]);
    }
  });

  it('a deposit needs no identity check: /mine/auth says withdrawals need it, deposits not', async () => {
    const u = await registerUser(t.app);
    const net = (await get(t, u.token, '/api/quickCharge/info')).body.data[0];
    const proof = await uploadProof(t.app, u.token);
    const r = await get(t, u.token, '/api/quickCharge/submit', {
      number: '20',
      proofImg: proof,
      address: net.address,
      charge_id: net.id,
    });
    expect(r.body).toMatchObject({ code: 1, data: { status: 0 } });
  });

  it('deposit networks, pay ways, coin and wire deposits with validation and per-object proofs', async () => {
    const u = await realUser();
    const other = await realUser();
    const nets = (await get(t, u.token, '/api/quickCharge/info')).body;
    expect(nets.code).toBe(1);
    expect(nets.data[0]).toEqual({
      id: expect.any(Number),
      address: TRON,
      currency_code: 'USDT',
      protocol_code: 'TRC20',
      label: 'USDT · TRC20 · …jpRTv8',
    });
    const ways = (await get(t, u.token, '/api/quickCharge/wire_list')).body;
    expect(ways.data[0]).toMatchObject({ bank_swift: 'MRDNHKHHXXX', currency_code: 'USD' });
    const proof = await uploadProof(t.app, u.token);
    const otherProof = await uploadProof(t.app, other.token);
    const net = nets.data[0];
    const coin = (q: Record<string, string | number | string[]>) =>
      get(t, u.token, '/api/quickCharge/submit', q);
    const good = { number: '250.5', proofImg: proof, address: TRON, charge_id: net.id };
    // Validation: hostile amounts, missing fields, repeated parameters.
    for (const number of [
      '',
      '0',
      '0.00',
      '-1',
      '-0',
      '1e3',
      '0x10',
      'NaN',
      'Infinity',
      '1e308',
      '1e-308',
      '1.234',
      `1.${'1'.repeat(30)}`,
      '1234567890',
    ])
      expect([number, (await coin({ ...good, number })).body.code]).toEqual([number, ERROR_CODES.validation]);
    expect((await coin({ ...good, number: ['1', '2'] })).body.code).toBe(ERROR_CODES.validation);
    expect((await coin({ ...good, charge_id: [String(net.id), String(net.id)] })).body.code).toBe(
      ERROR_CODES.validation,
    );
    const missing = await coin({ number: '1', address: TRON, charge_id: net.id });
    expect(missing.body).toMatchObject({
      code: ERROR_CODES.validation,
      msg: expect.stringContaining('Proof of payment'),
    });
    // Someone else's proof, a made-up one, a wrong address, an unknown network.
    expect((await coin({ ...good, proofImg: otherProof })).body.code).toBe(ERROR_CODES.proofInvalid);
    expect((await coin({ ...good, proofImg: '/api/common/upload/nope.png' })).body.code).toBe(
      ERROR_CODES.proofInvalid,
    );
    expect((await coin({ ...good, address: ETH })).body.code).toBe(ERROR_CODES.chargeChannel);
    expect((await coin({ ...good, charge_id: 9999 })).body.code).toBe(ERROR_CODES.chargeChannel);
    // An id beyond a database integer is a refusal, not a lookup.
    expect((await coin({ ...good, charge_id: '99999999999' })).body.code).toBe(ERROR_CODES.validation);
    expect((await coin({ ...good, charge_id: ways.data[0].id })).body.code).toBe(ERROR_CODES.chargeChannel);
    const ok = await coin(good);
    expect(ok.body).toMatchObject({ code: 1, data: { status: 0 }, msg: expect.stringMatching(/submitted/i) });
    // A proof is usable once: the same picture on a second deposit is refused.
    expect((await coin(good)).body.code).toBe(ERROR_CODES.proofUsed);
    const wireProof = await uploadProof(t.app, u.token);
    const wire = await get(t, u.token, '/api/quickCharge/wire_submit', {
      number: '99',
      proofImg: wireProof,
      wire_id: ways.data[0].id,
    });
    expect(wire.body.code).toBe(1);
    expect(
      (
        await get(t, u.token, '/api/quickCharge/wire_submit', {
          number: '99',
          proofImg: await uploadProof(t.app, u.token),
          wire_id: net.id,
        })
      ).body.code,
    ).toBe(ERROR_CODES.chargeChannel);
    // Records by type, the caller's only; nothing credited yet.
    const recs = (await get(t, u.token, '/api/quickCharge/quick_ist', { type: 0, page: 1 })).body.data;
    expect(recs).toEqual({
      data: [
        {
          id: ok.body.data.id,
          number: '250.50',
          type: 0,
          currency_code: 'USDT',
          status: 0,
          created_at: expect.any(String),
          remark: '',
        },
      ],
      total: 1,
    });
    expect((await get(t, u.token, '/api/quickCharge/quick_ist', { type: 1, page: 1 })).body.data.total).toBe(
      1,
    );
    expect(
      (await get(t, other.token, '/api/quickCharge/quick_ist', { type: 0, page: 1 })).body.data.total,
    ).toBe(0);
    expect((await get(t, u.token, '/api/quickCharge/quick_ist', { type: 2 })).body.code).toBe(
      ERROR_CODES.validation,
    );
    expect((await ledgerMatches(t.app, u.user.id)).balance).toBe(0);
    // Frozen accounts declare no deposit.
    await t.app.ctx.db
      .updateTable('users')
      .set({ frozen_at: Date.now(), frozen_reason: 'review' })
      .where('id', '=', u.user.id)
      .execute();
    expect((await coin(good)).body).toMatchObject({
      code: ERROR_CODES.accountFrozen,
      msg: expect.stringContaining('review'),
    });
    await t.app.ctx.db
      .updateTable('users')
      .set({ frozen_at: null, frozen_reason: null })
      .where('id', '=', u.user.id)
      .execute();
  });

  it('finance approves (credit + ledger + audit + e-mail), rejects, marks invalid; each decision once under concurrent clicks', async () => {
    const u = await realUser();
    const net = (await get(t, u.token, '/api/quickCharge/info')).body.data[0];
    const ids: number[] = [];
    for (const number of ['100', '20.25', '5']) {
      const r = await get(t, u.token, '/api/quickCharge/submit', {
        number,
        proofImg: await uploadProof(t.app, u.token),
        address: TRON,
        charge_id: net.id,
      });
      ids.push(r.body.data.id);
    }
    // The queue: finance and admin; support 1301; trader 1300.
    const q = await get(t, finance.token, '/api/ops/deposits/queue');
    expect(q.body.code).toBe(1);
    expect(q.body.data.data.filter((d: { id: number }) => ids.includes(d.id))).toHaveLength(3);
    expect((await get(t, support.token, '/api/ops/deposits/queue')).body.code).toBe(ERROR_CODES.opsRole);
    expect((await get(t, u.token, '/api/ops/deposits/queue')).body.code).toBe(ERROR_CODES.opsOnly);
    // Finance sees the proof; support does not.
    const proofUrl = q.body.data.data.find((d: { id: number }) => d.id === ids[0]).proof_img;
    expect((await call(t.app, { method: 'GET', url: proofUrl, token: finance.token })).status).toBe(200);
    expect((await call(t.app, { method: 'GET', url: proofUrl, token: support.token })).status).toBe(404);
    // Two finance people approve at once: one wins, one is told who did.
    const second = await createOpsUser(t.app, ['finance']);
    const [a, b] = await Promise.all([
      post(t, finance.token, '/api/ops/deposits/decide', {
        id: ids[0]!,
        decision: 'approve',
        tx_ref: 'TX-A1',
      }),
      post(t, second.token, '/api/ops/deposits/decide', {
        id: ids[0]!,
        decision: 'approve',
        tx_ref: 'TX-A2',
      }),
    ]);
    expect([a.body.code, b.body.code].sort()).toEqual([1, ERROR_CODES.opsAlreadyDecided]);
    expect([a, b].find((r) => r.body.code !== 1)!.body.msg).toMatch(/ops\./);
    expect((await ledgerMatches(t.app, u.user.id)).balance).toBe(10000);
    // Reject needs a reason; invalid does not.
    expect(
      (await post(t, finance.token, '/api/ops/deposits/decide', { id: ids[1]!, decision: 'reject' })).body
        .code,
    ).toBe(ERROR_CODES.validation);
    expect(
      (
        await post(t, finance.token, '/api/ops/deposits/decide', {
          id: ids[1]!,
          decision: 'reject',
          reason: 'No payment found',
        })
      ).body.code,
    ).toBe(1);
    expect(
      (await post(t, finance.token, '/api/ops/deposits/decide', { id: ids[2]!, decision: 'invalid' })).body
        .code,
    ).toBe(1);
    expect(
      (
        await post(t, finance.token, '/api/ops/deposits/decide', {
          id: ids[2]!,
          decision: 'approve',
          tx_ref: 'TX-A3',
        })
      ).body.code,
    ).toBe(ERROR_CODES.opsAlreadyDecided);
    expect(
      (
        await post(t, finance.token, '/api/ops/deposits/decide', {
          id: 999999,
          decision: 'approve',
          tx_ref: 'TX-A4',
        })
      ).body.code,
    ).toBe(ERROR_CODES.notFound);
    expect((await ledgerMatches(t.app, u.user.id)).balance).toBe(10000);
    const recs = (await get(t, u.token, '/api/quickCharge/quick_ist', { type: 0, page: 1 })).body.data.data;
    expect(recs.map((r: { status: number; remark: string }) => [r.status, r.remark])).toEqual([
      [3, ''],
      [2, 'No payment found'],
      [1, ''],
    ]);
    // History shows the credit in the reader's language; the audit log has each decision; e-mails went out.
    const hist = (await get(t, u.token, '/v1/api/main/accountLog/forexChange', { page: 1 })).body.data;
    expect(hist.list[0]).toMatchObject({ Value: '100.00', Type: 8, MemoTran: `Deposit ${ids[0]}` });
    const audits = await t.app.ctx.db
      .selectFrom('audit_log')
      .select(['action', 'object_id'])
      .where('object_type', '=', 'deposit')
      .execute();
    for (const [id, action] of [
      [ids[0], 'deposit.approve'],
      [ids[1], 'deposit.reject'],
      [ids[2], 'deposit.invalid'],
    ])
      expect(audits.filter((r) => r.object_id === String(id) && r.action === action)).toHaveLength(1);
    const mails = await t.app.ctx.db
      .selectFrom('outbox')
      .select(['subject', 'body_text'])
      .where('to_addr', '=', u.email)
      .execute();
    expect(mails.map((m) => m.subject).join('\n')).toMatch(
      new RegExp(`deposit ${ids[0]} credited[\\s\\S]*deposit ${ids[1]} rejected`),
    );
  });

  it('withdraw symbols, binding with address checks, cooling period, per-object methods, deletion', async () => {
    const u = await realUser(50_000);
    const other = await realUser();
    const syms = (await get(t, u.token, '/api/account/draw_symbol_list', { type: 1 })).body.data;
    expect(syms[0]).toEqual({
      id: expect.any(Number),
      code: 'USDT',
      protocol: 'TRC20',
      draw_rate: '1',
      fee_type: 1,
      usd_price: '1',
      decimals: 6,
    });
    expect((await get(t, u.token, '/api/account/draw_symbol_list', { type: 2 })).body.data[0]).toMatchObject({
      protocol: 'SWIFT',
    });
    expect((await get(t, u.token, '/api/account/draw_symbol_list', { type: 3 })).body.code).toBe(
      ERROR_CODES.validation,
    );
    const trc = await currencyId(t.app, 'TRC20');
    const erc = await currencyId(t.app, 'ERC20');
    const bind = (token: string, form: Record<string, string | number>) =>
      post(t, token, '/api/wallet/bind_draw_method', form);
    expect((await bind(u.token, { type: 1, draw_id: trc, dc_address: ETH })).body.code).toBe(
      ERROR_CODES.addressInvalid,
    );
    expect(
      (await bind(u.token, { type: 1, draw_id: erc, dc_address: `${ETH.slice(0, -1)}D` })).body.code,
    ).toBe(ERROR_CODES.addressInvalid);
    expect((await bind(u.token, { type: 1, draw_id: trc })).body.code).toBe(ERROR_CODES.validation);
    expect((await bind(u.token, { type: 1, draw_id: 9999, dc_address: TRON })).body.code).toBe(
      ERROR_CODES.drawCurrency,
    );
    const bound = await bind(u.token, { type: 1, draw_id: trc, dc_address: TRON });
    expect(bound.body).toMatchObject({
      code: 1,
      data: { dc_address: TRON, draw_currency: { code: 'USDT', protocol: 'TRC20' } },
    });
    expect(bound.body.msg).toMatch(/from \d{4}-\d{2}-\d{2} \d{2}:\d{2} UTC/);
    expect(bound.body.data.usable_at - Date.now()).toBeGreaterThan(23 * 3600 * 1000);
    expect((await bind(u.token, { type: 1, draw_id: trc, dc_address: TRON })).body.code).toBe(
      ERROR_CODES.drawMethodExists,
    );
    expect(
      (await bind(u.token, { type: 1, network: 'ERC20', dc_address: ETH.toLowerCase() })).body.code,
    ).toBe(1);
    // Bank: SWIFT by format, required fields.
    const bank = {
      type: 2,
      bank_name: 'HSBC',
      bank_address: '1 Queen’s Road',
      bank_swift: 'hsbchkhh',
      payee_name: 'Test User',
      payee_account: '123-456789-001',
    };
    expect((await bind(u.token, { ...bank, bank_swift: 'HSBC1' })).body.code).toBe(ERROR_CODES.swiftInvalid);
    expect((await bind(u.token, { ...bank, payee_name: '' })).body.code).toBe(ERROR_CODES.validation);
    expect((await bind(u.token, { ...bank, bank_name: '<script>' })).body.code).toBe(ERROR_CODES.validation);
    const b = await bind(u.token, bank);
    expect(b.body.data).toMatchObject({ bank_swift: 'HSBCHKHH', payee_account: '123-456789-001' });
    // Lists: the caller's only.
    const coins = (await get(t, u.token, '/api/wallet/get_draw_method', { draw_type: 1 })).body.data;
    expect(coins).toHaveLength(2);
    expect(
      (await get(t, u.token, '/api/wallet/get_draw_method', { draw_type: 1, draw_id: trc })).body.data,
    ).toHaveLength(1);
    expect(
      (await get(t, other.token, '/api/wallet/get_draw_method', { draw_type: 1 })).body.data,
    ).toHaveLength(0);
    // The cashier says why not: cooling, until when; a withdrawal to it is refused.
    const state = (await get(t, u.token, '/api/account/draw_state')).body.data;
    expect(state).toMatchObject({ lock: 'cooling', free: '500.00', until: expect.any(Number) });
    const trcMethod = coins.find((m: { dc_address: string }) => m.dc_address === TRON);
    const draw = await post(t, u.token, '/api/account/draw', {
      draw_currency_id: trc,
      number: '10',
      memo: '',
      draw_method_id: trcMethod.id,
    });
    expect(draw.body).toMatchObject({ code: ERROR_CODES.drawCooling, msg: expect.stringMatching(/UTC/) });
    // Another user cannot delete or use it.
    expect((await post(t, other.token, '/api/wallet/del_draw_method', { id: trcMethod.id })).body.code).toBe(
      ERROR_CODES.drawMethod,
    );
    expect((await post(t, u.token, '/api/wallet/del_draw_method', { id: trcMethod.id })).body.code).toBe(1);
    expect((await post(t, u.token, '/api/wallet/del_draw_method', { id: trcMethod.id })).body.code).toBe(
      ERROR_CODES.drawMethod,
    );
    expect((await get(t, u.token, '/api/wallet/get_draw_method', { draw_type: 1 })).body.data).toHaveLength(
      1,
    );
  });

  it('cashier locks: real name, its review, no method, password pause, nothing free, frozen', async () => {
    const u = await registerUser(t.app);
    const lock = async () => (await get(t, u.token, '/api/account/draw_state')).body.data;
    expect(await lock()).toMatchObject({ lock: 'real_name', reason: expect.stringMatching(/identity/i) });
    // Submitted, not yet reviewed: a wait, not a request to verify again; the draw says the same.
    await approveRealName(t.app, u.user.id, 1);
    expect(await lock()).toMatchObject({
      lock: 'real_name_review',
      reason: 'Identity check waiting for review. You can withdraw once it is approved.',
    });
    const pending = await post(t, u.token, '/api/account/draw', {
      draw_currency_id: await currencyId(t.app, 'TRC20'),
      number: '5',
      draw_method_id: 1,
    });
    expect(pending.body).toMatchObject({
      code: ERROR_CODES.drawRealName,
      msg: expect.stringMatching(/waiting for review/),
    });
    await approveRealName(t.app, u.user.id);
    expect(await lock()).toMatchObject({ lock: 'no_method' });
    const id = await boundAddress(t.app, u.token);
    expect(await lock()).toMatchObject({ lock: 'no_free', free: '0.00' });
    await grant(t, u.user.id, 1000);
    expect(await lock()).toMatchObject({ lock: null, free: '10.00' });
    const trc = await currencyId(t.app, 'TRC20');
    await t.app.ctx.db
      .updateTable('users')
      .set({ password_changed_at: Date.now() })
      .where('id', '=', u.user.id)
      .execute();
    expect(await lock()).toMatchObject({ lock: 'password', until: expect.any(Number) });
    const r = await post(t, u.token, '/api/account/draw', {
      draw_currency_id: trc,
      number: '5',
      draw_method_id: id,
    });
    expect(r.body.code).toBe(ERROR_CODES.drawPasswordPause);
    await t.app.ctx.db
      .updateTable('users')
      .set({
        password_changed_at: Date.now() - 25 * 3600 * 1000,
        frozen_at: Date.now(),
        frozen_reason: 'AML check',
      })
      .where('id', '=', u.user.id)
      .execute();
    expect(await lock()).toMatchObject({ lock: 'frozen', reason: expect.stringContaining('AML check') });
    expect(
      (
        await post(t, u.token, '/api/account/draw', {
          draw_currency_id: trc,
          number: '5',
          draw_method_id: id,
        })
      ).body.code,
    ).toBe(ERROR_CODES.accountFrozen);
  });

  it('withdraw: hold in one transaction with the record, fee, records, reject returns the hold, pay keeps it out', async () => {
    const u = await realUser(100_000);
    const other = await realUser(100_000);
    const id = await boundAddress(t.app, u.token);
    const otherMethod = await boundAddress(t.app, other.token, TRON_OTHER);
    const trc = await currencyId(t.app, 'TRC20');
    const erc = await currencyId(t.app, 'ERC20');
    const draw = (form: Record<string, string | number>) => post(t, u.token, '/api/account/draw', form);
    const good = { draw_currency_id: trc, number: '300', memo: 'rent', draw_method_id: id };
    for (const number of ['0', '-5', '1e2', '0x1', 'NaN', '1.001', '99999999999'])
      expect([number, (await draw({ ...good, number })).body.code]).toEqual([number, ERROR_CODES.validation]);
    expect((await draw({ ...good, draw_method_id: otherMethod })).body.code).toBe(ERROR_CODES.drawMethod);
    expect((await draw({ ...good, draw_currency_id: erc })).body.code).toBe(ERROR_CODES.drawMethod);
    expect((await draw({ ...good, number: '1' })).body.code).toBe(ERROR_CODES.drawBelowFee);
    expect((await draw({ ...good, number: '1000.01' })).body.code).toBe(ERROR_CODES.drawInsufficient);
    const ok = await draw(good);
    expect(ok.body).toMatchObject({
      code: 1,
      data: {
        balance: '700.00',
        record: {
          number: '300.00',
          fee: '1.00',
          real_number: '299.000000',
          status: 0,
          address: TRON,
          type: 1,
        },
      },
    });
    expect(ok.body.data.record.status_name).toBe('Under review');
    expect(await ledgerMatches(t.app, u.user.id)).toEqual({ balance: 70000, lock: 0, hold: 30000 });
    const second = await draw({ ...good, number: '200' });
    const list = (await get(t, u.token, '/api/account/draw_list', { type: 1, page: 1 })).body.data;
    expect(list.total).toBe(2);
    expect((await get(t, other.token, '/api/account/draw_list', { type: 1, page: 1 })).body.data.total).toBe(
      0,
    );
    expect((await get(t, u.token, '/api/account/draw_list', { type: 2, page: 1 })).body.data.total).toBe(0);
    // Ops: reject returns the hold with its own ledger row; pay keeps the money out.
    expect(
      (
        await post(t, finance.token, '/api/ops/withdrawals/decide', {
          id: ok.body.data.record.id,
          decision: 'pay',
        })
      ).body.code,
    ).toBe(ERROR_CODES.validation);
    const rej = await post(t, finance.token, '/api/ops/withdrawals/decide', {
      id: ok.body.data.record.id,
      decision: 'reject',
      reason: 'Address under review',
    });
    expect(rej.body).toMatchObject({ code: 1, data: { status: 2 } });
    expect(await ledgerMatches(t.app, u.user.id)).toEqual({ balance: 80000, lock: 0, hold: 20000 });
    const [p1, p2] = await Promise.all([
      post(t, finance.token, '/api/ops/withdrawals/decide', {
        id: second.body.data.record.id,
        decision: 'pay',
        reference: 'TX-1',
      }),
      post(t, finance.token, '/api/ops/withdrawals/decide', {
        id: second.body.data.record.id,
        decision: 'reject',
        reason: 'x',
      }),
    ]);
    expect([p1.body.code, p2.body.code].sort()).toEqual([1, ERROR_CODES.opsAlreadyDecided]);
    const after = await ledgerMatches(t.app, u.user.id);
    expect(after.hold).toBe(0);
    expect([80000, 100000]).toContain(after.balance);
    const recs = (await get(t, u.token, '/api/account/draw_list', { type: 1, page: 1 })).body.data.data;
    expect(recs[1]).toMatchObject({ status: 2, status_name: 'Rejected', notes: 'Address under review' });
    // History: the hold and the return, named.
    const hist = (await get(t, u.token, '/v1/api/main/accountLog/forexChange', { page: 1 })).body.data.list;
    expect(hist.map((h: { MemoTran: string }) => h.MemoTran)).toEqual(
      expect.arrayContaining([
        `Withdrawal ${ok.body.data.record.id}`,
        `Withdrawal ${ok.body.data.record.id} returned`,
      ]),
    );
    const q = (await get(t, finance.token, '/api/ops/withdrawals/queue', { status: 2 })).body.data.data;
    expect(q.find((w: { id: number }) => w.id === ok.body.data.record.id)).toMatchObject({
      decided_by: finance.email,
      notes: 'Address under review',
    });
    const audits = await t.app.ctx.db
      .selectFrom('audit_log')
      .select('action')
      .where('object_type', '=', 'withdrawal')
      .execute();
    expect(audits.map((a) => a.action)).toEqual(expect.arrayContaining(['withdrawal.reject']));
  });

  it('100 concurrent withdrawals by one user never exceed the free margin (open positions keep what they need)', async () => {
    const u = await realUser(50_000); // 500.00 USD
    const id = await boundAddress(t.app, u.token);
    const trc = await currencyId(t.app, 'TRC20');
    // A floating loss of 123.45 USD at live prices: free margin 376.55.
    const reads = t.app.services.trading.reads;
    const orig = reads.snapshot.bind(reads);
    const spy = jest
      .spyOn(reads, 'snapshot')
      .mockImplementation(async (userId: number, db?: Parameters<typeof orig>[1]) => {
        const s = await orig(userId, db);
        return userId === u.user.id
          ? { ...s, floatingMicros: -123_450_000, equityMicros: s.equityMicros - 123_450_000 }
          : s;
      });
    try {
      expect((await get(t, u.token, '/api/account/draw_state')).body.data.free).toBe('376.55');
      const results = await Promise.all(
        Array.from({ length: 100 }, () =>
          post(t, u.token, '/api/account/draw', { draw_currency_id: trc, number: '10', draw_method_id: id }),
        ),
      );
      const okN = results.filter((r) => r.body.code === 1).length;
      expect(results.every((r) => r.body.code === 1 || r.body.code === ERROR_CODES.drawInsufficient)).toBe(
        true,
      );
      expect(okN).toBe(37);
      const m = await ledgerMatches(t.app, u.user.id);
      expect(m).toEqual({ balance: 50_000 - 37_000, lock: 0, hold: 37_000 });
      expect(m.balance).toBeGreaterThanOrEqual(12_345);
    } finally {
      spy.mockRestore();
    }
  });

  it('finance edits receiving addresses, pay ways and withdrawal currencies (audited; checked addresses)', async () => {
    const u = await realUser();
    const create = (form: Record<string, string | number>) =>
      post(t, finance.token, '/api/ops/cashier/channels/create', form);
    expect(
      (await create({ type: 0, currency_code: 'USDT', protocol_code: 'TRC20', address: ETH })).body.code,
    ).toBe(ERROR_CODES.addressInvalid);
    expect((await create({ type: 0, currency_code: 'USDT', protocol_code: 'TRC20' })).body.code).toBe(
      ERROR_CODES.validation,
    );
    // Not TRON_OTHER: a trader binds it as a withdrawal address in this suite (never one of ours: funds-ops.test).
    const c = await create({
      type: 0,
      currency_code: 'usdt',
      protocol_code: 'trc20',
      address: 'TAypwkznQq6j23ZNVTrmuiH8vtv5fqYRUN',
    });
    expect(c.body.data).toMatchObject({ currency_code: 'USDT', protocol_code: 'TRC20', enabled: true });
    expect(
      (
        await create({
          type: 1,
          currency_code: 'EUR',
          name: 'SEPA',
          bank_name: 'B',
          payee_name: 'M',
          payee_account: 'DE89370400440532013000',
          bank_swift: 'DEUTDEFF',
        })
      ).body.code,
    ).toBe(1);
    expect(
      (await get(t, u.token, '/api/quickCharge/info')).body.data.map((n: { address: string }) => n.address),
    ).toContain('TAypwkznQq6j23ZNVTrmuiH8vtv5fqYRUN');
    expect(
      (await post(t, finance.token, '/api/ops/cashier/channels/enable', { id: c.body.data.id, enabled: 0 }))
        .body.data.enabled,
    ).toBe(false);
    expect(
      (await get(t, u.token, '/api/quickCharge/info')).body.data.map((n: { address: string }) => n.address),
    ).not.toContain('TAypwkznQq6j23ZNVTrmuiH8vtv5fqYRUN');
    expect(
      (await get(t, finance.token, '/api/ops/cashier/channels')).body.data.length,
    ).toBeGreaterThanOrEqual(4);
    const save = (form: Record<string, string | number>) =>
      post(t, finance.token, '/api/ops/cashier/currencies/save', form);
    expect(
      (
        await save({
          type: 1,
          code: 'BTC',
          protocol: 'BTC',
          draw_rate: '1e2',
          fee_type: 2,
          usd_price: '0.00001',
        })
      ).body.code,
    ).toBe(ERROR_CODES.validation);
    expect(
      (await save({ type: 1, code: 'BTC', protocol: 'BTC', draw_rate: '0.1', fee_type: 2, usd_price: '0' }))
        .body.code,
    ).toBe(ERROR_CODES.validation);
    const btc = await save({
      type: 1,
      code: 'BTC',
      protocol: 'BTC',
      draw_rate: '0.1',
      fee_type: 2,
      usd_price: '0.5',
    });
    expect(btc.body.data).toMatchObject({ code: 'BTC', enabled: true });
    expect(
      (
        await save({
          id: btc.body.data.id,
          type: 1,
          code: 'BTC',
          protocol: 'BTC',
          draw_rate: '0.2',
          fee_type: 2,
          usd_price: '0.5',
          enabled: 0,
        })
      ).body.data,
    ).toMatchObject({ draw_rate: '0.2', enabled: false });
    expect(
      (await get(t, u.token, '/api/account/draw_symbol_list', { type: 1 })).body.data.map(
        (s: { code: string }) => s.code,
      ),
    ).not.toContain('BTC');
    expect(
      (
        await post(t, support.token, '/api/ops/cashier/currencies/save', {
          type: 1,
          code: 'X',
          protocol: 'X',
          draw_rate: '1',
          fee_type: 1,
          usd_price: '1',
        })
      ).body.code,
    ).toBe(ERROR_CODES.opsRole);
    const actions = (
      await t.app.ctx.db
        .selectFrom('audit_log')
        .select('action')
        .where('action', 'like', 'cashier.%')
        .execute()
    ).map((a) => a.action);
    expect(actions).toEqual(
      expect.arrayContaining([
        'cashier.channelCreate',
        'cashier.channelDisable',
        'cashier.currencyCreate',
        'cashier.currencyUpdate',
      ]),
    );
  });

  it('the dashboard counts deposits and withdrawals waiting for finance', async () => {
    const d = (await get(t, finance.token, '/api/ops/dashboard')).body.data;
    const ids = d.items.map((i: { id: string }) => i.id);
    expect(ids).toEqual(expect.arrayContaining(['funds.deposits', 'funds.withdrawals']));
  });
});
