/**
 * The finance back office (roles finance, admin): the deposits queue, the withdrawals queue, the receiving
 * addresses and pay ways, and the withdrawal currencies. Every action is audited in the transaction of the change it
 * records. A decision happens once even when two people click at once: the record's conditional update
 * (`... where status = 0`) lets one win; the other is told who decided and when (1303). The trader is e-mailed every
 * status change, in the language they submitted in, and gets a `deposit` or `withdrawal` notification stored in the
 * decision's transaction (docs/rules.md#notifications).
 *
 *   GET  /api/ops/deposits/queue        status? (0), page?, limit?          -> OpsDepositPage
 *   POST /api/ops/deposits/decide       id, decision (approve|reject|invalid), reason?
 *   GET  /api/ops/withdrawals/queue     status? (0), page?, limit?          -> OpsWithdrawalPage
 *   POST /api/ops/withdrawals/decide    id, decision (pay|reject), reference? | reason?
 *   GET  /api/ops/cashier/channels                                          -> OpsPayChannel[]
 *   POST /api/ops/cashier/channels/create  type, currency_code, protocol_code, address | bank fields
 *   POST /api/ops/cashier/channels/enable  id, enabled
 *   GET  /api/ops/cashier/currencies                                        -> OpsDrawCurrency[]
 *   POST /api/ops/cashier/currencies/save  id?, type, code, protocol, draw_rate, fee_type, usd_price, enabled?
 */
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context';
import {
  currencyDecimals,
  DEPOSIT_STATUS,
  ERROR_CODES,
  FEE_TYPE_FIXED,
  moneyToCents,
  normalizeLanguage,
  OPS_PATHS,
  PRICE_BAND_FACTOR,
  priceOutsideBand,
  withdrawQuote,
  WITHDRAW_STATUS,
} from '@meridian/shared/pure';
import type { OpsDrawCurrency, OpsFundsAccount, OpsPayChannel } from '@meridian/shared/pure';
import { okResponse } from '../../lib/contract';
import { ok } from '../../lib/envelope';
import { AppError, notFound } from '../../lib/errors';
import { formatCents } from '../../lib/money';
import { parseInput } from '../../lib/validate';
import { changeBalance } from '../accounts';
import { recordNotification } from '../notifications';
import type { Notifier } from '../notifications';
import { audit, opsOf, requireOps } from '../ops';
import type { OpsDashboardRegistry } from '../ops';
import { addressKey, channelLabel, isAddressFor, isSwift, normalizeNetwork } from './addresses';
import { utc } from './cashier';
import type { Funds } from './index';
import * as repo from './repository';
import type { DrawCurrency, PayChannel } from './repository';
import {
  opsChannelBody,
  opsChannelSchema,
  opsChannelsSchema,
  opsCurrenciesSchema,
  opsCurrencyBody,
  opsCurrencySchema,
  opsDecidedSchema,
  opsDepositDecideBody,
  opsDepositPageSchema,
  opsEnableBody,
  opsQueueQuery,
  opsWithdrawalDecideBody,
  opsWithdrawalPageSchema,
} from './schemas';

const FINANCE = ['finance'] as const;

/** The USD amount a price change is shown on (before and after), in the refusal and on the page. */
const SAMPLE_USD = '100';

/** `{ before, after }` with only the keys whose values differ (an edit's audit summary). */
function changedFields<T extends Record<string, unknown>>(before: T, after: T) {
  const b: Record<string, unknown> = {};
  const a: Record<string, unknown> = {};
  for (const k of Object.keys(after))
    if (JSON.stringify(before[k]) !== JSON.stringify(after[k])) {
      b[k] = before[k];
      a[k] = after[k];
    }
  return { before: b, after: a };
}

const channelView = (c: PayChannel): OpsPayChannel => ({
  id: c.id,
  type: c.type as 0 | 1,
  currency_code: c.currency_code,
  protocol_code: c.protocol_code,
  address: c.address,
  name: c.name,
  bank_name: c.bank_name,
  payee_name: c.payee_name,
  payee_account: c.payee_account,
  bank_swift: c.bank_swift,
  enabled: c.enabled === 1,
  created_at: c.created_at,
  label: channelLabel(c),
});

const currencyView = (c: DrawCurrency): OpsDrawCurrency => ({
  id: c.id,
  type: c.type as 1 | 2,
  code: c.code,
  protocol: c.protocol,
  draw_rate: c.draw_rate,
  fee_type: c.fee_type,
  usd_price: c.usd_price,
  decimals: currencyDecimals(c.code, c.type),
  enabled: c.enabled === 1,
});

type AccountCols = {
  frozen_at: number | null;
  frozen_reason: string | null;
  balance: number;
  withdraw_hold: number;
  real_name_status: number | null;
};

const accountView = (r: AccountCols): OpsFundsAccount => ({
  frozen: r.frozen_at != null,
  frozen_reason: r.frozen_at != null ? (r.frozen_reason ?? '') : '',
  verified: Number(r.real_name_status ?? 0) === 2,
  balance: formatCents(Number(r.balance)),
  withdraw_hold: formatCents(Number(r.withdraw_hold)),
});

export const fundsOpsRoutes: FastifyPluginAsync<{
  ctx: AppContext;
  funds: Funds;
  dashboard: Pick<OpsDashboardRegistry, 'register'>;
  notifier?: Notifier;
}> = async (app, { ctx, funds, dashboard, notifier }) => {
  const t = ctx.i18n.t;
  const preHandler = requireOps(ctx, FINANCE);
  const cashier = funds.cashier;

  dashboard.register({
    id: 'funds.deposits',
    labelKey: 'opsDashboard.depositsWaiting',
    path: OPS_PATHS.deposits,
    roles: FINANCE,
    count: () => funds.waiting('deposits'),
  });
  dashboard.register({
    id: 'funds.withdrawals',
    labelKey: 'opsDashboard.withdrawalsWaiting',
    path: OPS_PATHS.withdrawals,
    roles: FINANCE,
    count: () => funds.waiting('withdrawals'),
  });

  /** The refusal of the one who came second: what was decided, by whom and when. */
  async function alreadyDecided(req: FastifyRequest, table: 'deposits' | 'withdrawals', id: number) {
    const first = await repo.decisionOf(ctx.db, table, id);
    const outcome = t(req.lang, `fundsOps.outcome.${table}.${first?.status ?? 0}`);
    return new AppError(ERROR_CODES.opsAlreadyDecided, 'fundsOps.alreadyDecided', {
      outcome,
      by: first?.decider ?? '-',
      at: first?.decided_at ? utc(Number(first.decided_at)) : '-',
    });
  }

  /** Money does not move for a frozen account: refused with the freeze reason, the record stays waiting. */
  async function refuseFrozen(trx: Parameters<typeof repo.lockUnfrozen>[0], userId: number) {
    const reason = await repo.lockUnfrozen(trx, userId);
    if (reason !== null) throw new AppError(ERROR_CODES.opsAccountFrozen, 'fundsOps.frozen', { reason });
  }

  app.get(
    '/api/ops/deposits/queue',
    { preHandler, schema: { response: okResponse(opsDepositPageSchema) } },
    async (req) => {
      const q = parseInput(opsQueueQuery, req.query);
      const { rows, total } = await repo.opsDepositPage(ctx.db, q.status, q.page, q.limit);
      return ok({
        data: rows.map((r) => ({
          id: r.id,
          uid: r.uid,
          email: r.email ?? '',
          type: r.type as 0 | 1,
          amount: formatCents(r.amount_cents),
          currency_code: r.currency_code,
          network: r.type === 0 ? r.protocol_code : r.channel_name,
          address: r.address,
          proof_img: r.proof_img,
          proof_uses: Number(r.proof_uses ?? 1),
          received: r.received_cents == null ? null : formatCents(Number(r.received_cents)),
          tx_ref: r.tx_ref ?? '',
          status: r.status as 0 | 1 | 2 | 3,
          remark: r.remark,
          decided_by: r.decider,
          decided_at: r.decided_at,
          created_at: r.created_at,
          account: accountView(r),
        })),
        total,
        page: q.page,
        limit: q.limit,
        server_time: ctx.now(),
      });
    },
  );

  app.post(
    '/api/ops/deposits/decide',
    { preHandler, schema: { response: okResponse(opsDecidedSchema) } },
    async (req) => {
      const b = parseInput(opsDepositDecideBody, req.body);
      const actor = opsOf(req);
      const dep = await repo.findDeposit(ctx.db, b.id);
      if (!dep) throw notFound();
      const status =
        b.decision === 'approve'
          ? DEPOSIT_STATUS.finished
          : b.decision === 'reject'
            ? DEPOSIT_STATUS.rejected
            : DEPOSIT_STATUS.invalid;
      const now = ctx.now();
      const approving = status === DEPOSIT_STATUS.finished;
      // What arrived may differ from what the trader declared: finance enters it, it is credited, the trader told.
      const received = approving
        ? b.received === undefined
          ? dep.amount_cents
          : moneyToCents(b.received)
        : 0;
      const txRef = approving ? (b.tx_ref ?? '').trim() : '';
      const lang = normalizeLanguage(dep.lang);
      const differs = approving && received !== dep.amount_cents;
      const remark = differs
        ? t(lang, 'fundsOps.receivedNote', {
            received: formatCents(received),
            amount: formatCents(dep.amount_cents),
          })
        : (b.reason ?? '');
      if (approving) {
        const used = await repo.depositWithRef(ctx.db, txRef);
        if (used && used.id !== dep.id)
          throw new AppError(ERROR_CODES.depositRefUsed, 'fundsOps.refUsed', { id: used.id });
      }
      const won = await ctx.db.transaction().execute(async (trx) => {
        // Crediting a frozen account is refused too (docs/ops.md#finance): the freeze says no money moves in or
        // out while compliance looks; the deposit stays waiting and is approved after the unfreeze.
        // Checked after the record's own conditional update (which it rolls back), so every decision takes the
        // record's lock before the trader's, as a rejection does: two decisions never wait on each other.
        const decided = await repo
          .decideDeposit(trx, b.id, {
            status,
            remark,
            by: actor.id,
            at: now,
            ...(approving ? { received, txRef } : {}),
          })
          .catch((err: unknown) => {
            // Two deposits approved at once with one reference: the unique index lets one through.
            if (approving && /unique|duplicate/i.test(String(err)))
              throw new AppError(ERROR_CODES.depositRefUsed, 'fundsOps.refUsed', { id: '?' });
            throw err;
          });
        if (!decided) return false;
        if (approving) await refuseFrozen(trx, dep.user_id);
        if (approving) {
          await changeBalance(trx, {
            userId: dep.user_id,
            amount: received,
            kind: 'deposit',
            refType: 'deposit',
            refId: String(dep.id),
            at: now,
          });
        }
        await audit(
          ctx,
          req,
          {
            action: `deposit.${b.decision}`,
            objectType: 'deposit',
            objectId: b.id,
            before: { status: DEPOSIT_STATUS.unchecked },
            after: {
              status,
              ...(remark ? { remark } : {}),
              ...(approving ? { received: formatCents(received), tx_ref: txRef } : {}),
            },
            extra: { user_id: dep.user_id, amount: formatCents(dep.amount_cents) },
          },
          trx,
        );
        return {
          notice: await recordNotification(
            trx,
            dep.user_id,
            'deposit',
            {
              id: dep.id,
              type: dep.type === 1 ? 1 : 0,
              status,
              amount: formatCents(approving ? received : dep.amount_cents),
              currency_code: dep.currency_code,
              time: now,
            },
            now,
          ),
        };
      });
      if (!won) throw await alreadyDecided(req, 'deposits', b.id);
      notifier?.deliver(won.notice);
      await cashier.mail(dep.user_id, lang, differs ? 'depositDiff' : `deposit${status}`, {
        id: dep.id,
        amount: formatCents(dep.amount_cents),
        received: formatCents(received),
        reason: remark || '-',
      });
      return ok({ id: b.id, status }, t(req.lang, `fundsOps.deposit.${b.decision}`));
    },
  );

  app.get(
    '/api/ops/withdrawals/queue',
    { preHandler, schema: { response: okResponse(opsWithdrawalPageSchema) } },
    async (req) => {
      const q = parseInput(opsQueueQuery, req.query);
      const { rows, total } = await repo.opsWithdrawalPage(ctx.db, q.status, q.page, q.limit);
      return ok({
        data: rows.map((r) => ({
          id: r.id,
          uid: r.uid,
          email: r.email ?? '',
          type: r.type as 1 | 2,
          amount: formatCents(r.amount_cents),
          fee: formatCents(r.fee_cents),
          real_number: r.real_number,
          currency_code: r.currency_code,
          protocol: r.protocol,
          address: r.address,
          payee_account: r.payee_account,
          memo: r.memo,
          status: r.status as 0 | 1 | 2,
          notes: r.notes,
          decided_by: r.decider,
          decided_at: r.decided_at,
          created_at: r.created_at,
          account: accountView(r),
        })),
        total,
        page: q.page,
        limit: q.limit,
        server_time: ctx.now(),
      });
    },
  );

  app.post(
    '/api/ops/withdrawals/decide',
    { preHandler, schema: { response: okResponse(opsDecidedSchema) } },
    async (req) => {
      const b = parseInput(opsWithdrawalDecideBody, req.body);
      const actor = opsOf(req);
      const w = await repo.findWithdrawal(ctx.db, b.id);
      if (!w) throw notFound();
      const paid = b.decision === 'pay';
      const status = paid ? WITHDRAW_STATUS.paid : WITHDRAW_STATUS.rejected;
      const notes = (paid ? b.reference : b.reason) ?? '';
      const now = ctx.now();
      const won = await ctx.db.transaction().execute(async (trx) => {
        if (!(await repo.decideWithdrawal(trx, b.id, { status, notes, by: actor.id, at: now }))) return false;
        if (paid) await refuseFrozen(trx, w.user_id);
        const ref = { userId: w.user_id, refType: 'withdrawal', refId: String(w.id), at: now };
        // Paid: the hold leaves for good. Rejected: the hold returns to the balance, each with its ledger row.
        await changeBalance(trx, {
          ...ref,
          amount: -w.amount_cents,
          kind: paid ? 'withdraw_paid' : 'withdraw_return',
          account: 'withdraw_hold',
        });
        if (!paid) await changeBalance(trx, { ...ref, amount: w.amount_cents, kind: 'withdraw_return' });
        await audit(
          ctx,
          req,
          {
            action: `withdrawal.${b.decision}`,
            objectType: 'withdrawal',
            objectId: b.id,
            before: { status: WITHDRAW_STATUS.waiting },
            after: { status, notes },
            extra: { user_id: w.user_id, amount: formatCents(w.amount_cents), real_number: w.real_number },
          },
          trx,
        );
        return {
          notice: await recordNotification(
            trx,
            w.user_id,
            'withdrawal',
            {
              id: w.id,
              type: w.type === 2 ? 2 : 1,
              status,
              amount: formatCents(w.amount_cents),
              received: w.real_number,
              currency_code: w.currency_code,
              time: now,
            },
            now,
          ),
        };
      });
      if (!won) throw await alreadyDecided(req, 'withdrawals', b.id);
      notifier?.deliver(won.notice);
      await cashier.mail(w.user_id, normalizeLanguage(w.lang), paid ? 'withdrawPaid' : 'withdrawRejected', {
        id: w.id,
        amount: formatCents(w.amount_cents),
        received: `${w.real_number} ${w.currency_code}`,
        reason: notes || '-',
      });
      return ok(
        { id: b.id, status },
        t(req.lang, paid ? 'fundsOps.withdrawal.paid' : 'fundsOps.withdrawal.rejected'),
      );
    },
  );

  app.get(
    '/api/ops/cashier/channels',
    { preHandler, schema: { response: okResponse(opsChannelsSchema) } },
    async () => ok((await repo.channels(ctx.db, null, false)).map(channelView)),
  );

  app.post(
    '/api/ops/cashier/channels/create',
    { preHandler, schema: { response: okResponse(opsChannelSchema) } },
    async (req) => {
      const b = parseInput(opsChannelBody, req.body);
      const network = b.type === 0 ? normalizeNetwork(b.protocol_code ?? '') : '';
      const address = (b.address ?? '').trim();
      if (b.type === 0 && !isAddressFor(network, address))
        throw new AppError(ERROR_CODES.addressInvalid, 'funds.addressInvalid', { network });
      if (b.type === 1 && !isSwift(b.bank_swift ?? ''))
        throw new AppError(ERROR_CODES.swiftInvalid, 'funds.swiftInvalid');
      // The same address once only (any network spelling, enabled or not), and never a trader's own.
      const value = b.type === 0 ? address : (b.payee_account ?? '').trim();
      const key = b.type === 0 ? addressKey(network, value) : value;
      const same = (await repo.channelsWith(ctx.db, b.type, value)).find(
        (c) => (b.type === 0 ? addressKey(c.protocol_code, c.address) : c.payee_account) === key,
      );
      if (same)
        throw new AppError(ERROR_CODES.channelDuplicate, 'fundsOps.channelDuplicate', {
          id: same.id,
          label: channelLabel(same),
        });
      if (await repo.boundByTrader(ctx.db, b.type, value))
        throw new AppError(ERROR_CODES.channelTraderAddress, 'fundsOps.channelTraderAddress');
      const row = await ctx.db.transaction().execute(async (trx) => {
        const r = await repo.insertChannel(trx, {
          type: b.type,
          currency_code: b.currency_code.toUpperCase(),
          protocol_code: network,
          address: b.type === 0 ? address : '',
          name: b.name ?? '',
          bank_name: b.bank_name ?? '',
          payee_name: b.payee_name ?? '',
          payee_account: b.payee_account ?? '',
          bank_swift: b.bank_swift ?? '',
          enabled: 1,
          created_at: ctx.now(),
        });
        await audit(
          ctx,
          req,
          {
            action: 'cashier.channelCreate',
            objectType: 'pay_channel',
            objectId: r.id,
            after: channelView(r),
          },
          trx,
        );
        return r;
      });
      return ok(channelView(row), t(req.lang, 'fundsOps.saved'));
    },
  );

  app.post(
    '/api/ops/cashier/channels/enable',
    { preHandler, schema: { response: okResponse(opsChannelSchema) } },
    async (req) => {
      const b = parseInput(opsEnableBody, req.body);
      const row = await ctx.db.transaction().execute(async (trx) => {
        const before = await repo.findChannel(trx, b.id);
        if (!before) throw notFound();
        const r = await repo.setChannelEnabled(trx, b.id, b.enabled === 1);
        if (!r) throw notFound();
        await audit(
          ctx,
          req,
          {
            action: b.enabled === 1 ? 'cashier.channelEnable' : 'cashier.channelDisable',
            objectType: 'pay_channel',
            objectId: b.id,
            before: { enabled: before.enabled === 1 },
            after: { enabled: b.enabled === 1 },
          },
          trx,
        );
        return r;
      });
      return ok(channelView(row), t(req.lang, 'fundsOps.saved'));
    },
  );

  app.get(
    '/api/ops/cashier/currencies',
    { preHandler, schema: { response: okResponse(opsCurrenciesSchema) } },
    async () => ok((await repo.currencies(ctx.db, null, false)).map(currencyView)),
  );

  app.post(
    '/api/ops/cashier/currencies/save',
    { preHandler, schema: { response: okResponse(opsCurrencySchema) } },
    async (req) => {
      const b = parseInput(opsCurrencyBody, req.body);
      const row = await ctx.db.transaction().execute(async (trx) => {
        const before = b.id === undefined ? undefined : await repo.findCurrency(trx, b.id);
        if (b.id !== undefined && !before) throw notFound();
        if (before && !b.confirm && priceOutsideBand(before.usd_price, b.usd_price)) {
          const sample = (usd_price: string, code: string, type: number) =>
            `${withdrawQuote(SAMPLE_USD, { draw_rate: '0', fee_type: FEE_TYPE_FIXED, usd_price, decimals: currencyDecimals(code, type) })?.received ?? '-'} ${code}`;
          throw new AppError(ERROR_CODES.priceOutsideBand, 'fundsOps.priceFar', {
            before: before.usd_price,
            after: b.usd_price,
            factor: PRICE_BAND_FACTOR,
            usd: SAMPLE_USD,
            was: sample(before.usd_price, before.code, before.type),
            now: sample(b.usd_price, b.code.toUpperCase(), b.type),
          });
        }
        const r = await repo.saveCurrency(
          trx,
          b.id ?? null,
          {
            type: b.type,
            code: b.code.toUpperCase(),
            protocol: b.protocol.toUpperCase(),
            draw_rate: b.draw_rate,
            fee_type: b.fee_type,
            usd_price: b.usd_price,
            enabled: b.enabled,
          },
          ctx.now(),
        );
        if (!r) throw notFound();
        await audit(
          ctx,
          req,
          {
            action: before ? 'cashier.currencyUpdate' : 'cashier.currencyCreate',
            objectType: 'draw_currency',
            objectId: r.id,
            // An edit records only the fields that changed; a new currency all of them.
            ...(before ? changedFields(currencyView(before), currencyView(r)) : { after: currencyView(r) }),
          },
          trx,
        );
        return r;
      });
      return ok(currencyView(row), t(req.lang, 'fundsOps.saved'));
    },
  );
};
