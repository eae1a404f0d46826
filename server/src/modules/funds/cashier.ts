/**
 * The trader's cashier: deposit networks and pay ways, deposit submissions, withdrawal currencies, the bound
 * withdrawal methods and the withdrawals themselves (docs/calls.md#funds, docs/states.md#withdraw-status).
 *
 * Money moves only through changeBalance, each change with its ledger row, in one transaction with the record it
 * belongs to. A withdrawal moves its amount from `balance` to `withdraw_hold` at once; the update's own condition
 * keeps what open positions need at live prices (a floating loss), so no number of concurrent withdrawals can take
 * more than the free margin and no position can be stopped out by one.
 */
import {
  DEPOSIT_STATUS,
  DRAW_TYPE,
  currencyDecimals,
  ERROR_CODES,
  FEE_TYPE_FIXED,
  isZeroAmount,
  moneyToCents,
  withdrawQuote,
  WITHDRAW_STATUS,
} from '@meridian/shared/pure';
import type {
  CashierLock,
  CashierState,
  DepositNetwork,
  DepositRecordPage,
  DrawMethod,
  DrawSymbol,
  Language,
  PayWay,
  WithdrawPlaced,
  WithdrawRecord,
  WithdrawRecordPage,
} from '@meridian/shared/pure';
import type { I18n } from '../../lib/i18n';
import { AppError } from '../../lib/errors';
import { formatCents } from '../../lib/money';
import { fmtTime } from '../../lib/time';
import type { DB } from '../../storage/db';
import { changeBalance } from '../accounts';
import { REVIEW } from '../compliance';
import type { Mailer } from '../notify';
import type { AccountReads } from '../trading';
import { channelLabel, isAddressFor, isSwift } from './addresses';
import * as repo from './repository';
import type { DrawCurrency, DrawMethodRow, Withdrawal } from './repository';

/** Withdrawals pause this long after a password change. */
export const PASSWORD_PAUSE_MS = 24 * 3600 * 1000;

export type CashierDeps = {
  db: DB;
  i18n: I18n;
  now: () => number;
  mailer: Mailer;
  siteTitle: string;
  /** Cooling period of a newly bound withdrawal method. */
  coolingMs: number;
  accounts: Pick<AccountReads, 'snapshot'>;
};

/** `YYYY-MM-DD HH:mm UTC`: unambiguous in any time zone. */
export const utc = (ms: number) => `${new Date(ms).toISOString().slice(0, 16).replace('T', ' ')} UTC`;

const code = (c: number, key: string, params: Record<string, string | number> = {}) =>
  new AppError(c, key, params);

export class Cashier {
  constructor(private readonly deps: CashierDeps) {}

  private t(lang: Language, key: string, params?: Record<string, string | number>) {
    return this.deps.i18n.t(lang, key, params);
  }

  // ---- deposits ----

  async networks(): Promise<DepositNetwork[]> {
    const rows = await repo.channels(this.deps.db, 0, true);
    return rows.map((r) => ({
      id: r.id,
      address: r.address,
      currency_code: r.currency_code,
      protocol_code: r.protocol_code,
      label: channelLabel(r),
    }));
  }

  async payWays(): Promise<PayWay[]> {
    const rows = await repo.channels(this.deps.db, 1, true);
    return rows.map((r) => ({
      id: r.id,
      name: r.name,
      currency_code: r.currency_code,
      bank_name: r.bank_name,
      payee_name: r.payee_name,
      payee_account: r.payee_account,
      bank_swift: r.bank_swift,
    }));
  }

  /**
   * A deposit the trader declares (status 0 until finance decides). `proof` is the caller's own upload (checked by
   * the route); a coin deposit names the network and the address it was sent to, which must be that network's.
   */
  async submitDeposit(
    userId: number,
    lang: Language,
    d: { type: 0 | 1; channelId: number; amount: string; proof: string; address?: string },
  ) {
    const ch = await repo.findChannel(this.deps.db, d.channelId);
    if (!ch || ch.enabled !== 1 || ch.type !== d.type)
      throw code(ERROR_CODES.chargeChannel, d.type === 0 ? 'funds.noNetwork' : 'funds.noPayWay');
    if (d.type === 0 && d.address !== ch.address) throw code(ERROR_CODES.chargeChannel, 'funds.wrongAddress');
    if (await repo.proofUsed(this.deps.db, d.proof)) throw code(ERROR_CODES.proofUsed, 'funds.proofUsed');
    const row = await repo.insertDeposit(this.deps.db, {
      user_id: userId,
      type: d.type,
      channel_id: ch.id,
      amount_cents: moneyToCents(d.amount),
      proof_img: d.proof,
      address: d.type === 0 ? ch.address : '',
      currency_code: ch.currency_code,
      status: DEPOSIT_STATUS.unchecked,
      remark: '',
      lang,
      created_at: this.deps.now(),
    });
    await this.mail(userId, lang, 'depositReceived', { id: row.id, amount: formatCents(row.amount_cents) });
    return row;
  }

  async depositRecords(userId: number, type: 0 | 1, page: number, limit: number): Promise<DepositRecordPage> {
    const { rows, total } = await repo.depositPage(this.deps.db, userId, type, page, limit);
    return {
      data: rows.map((r) => ({
        id: r.id,
        number: formatCents(r.amount_cents),
        type: r.type as 0 | 1,
        currency_code: r.currency_code,
        status: r.status as 0 | 1 | 2 | 3,
        created_at: fmtTime(r.created_at),
        remark: r.remark,
      })),
      total,
    };
  }

  // ---- withdrawal currencies and methods ----

  async symbols(type: number): Promise<DrawSymbol[]> {
    const rows = await repo.currencies(this.deps.db, type, true);
    return rows.map(symbolOf);
  }

  async methods(userId: number, type: number, currencyId?: number): Promise<DrawMethod[]> {
    const rows = await repo.methodsOf(this.deps.db, userId, type, currencyId);
    return rows.map((r) => methodView(r, { id: r.draw_currency_id, code: r.code, protocol: r.protocol }));
  }

  async bind(
    userId: number,
    lang: Language,
    b: {
      type: number;
      draw_id?: number | undefined;
      dc_address?: string | undefined;
      network?: string | undefined;
      bank_name?: string | undefined;
      bank_address?: string | undefined;
      bank_swift?: string | undefined;
      payee_name?: string | undefined;
      payee_account?: string | undefined;
      branch_name?: string | undefined;
      receive_currency?: string | undefined;
      remark?: string | undefined;
    },
  ): Promise<{ method: DrawMethod; msg: string }> {
    const db = this.deps.db;
    let cur: DrawCurrency | undefined;
    if (b.draw_id !== undefined) cur = await repo.findCurrency(db, b.draw_id);
    else if (b.type === DRAW_TYPE.coin && b.network)
      cur = (await repo.currencies(db, DRAW_TYPE.coin, true)).find(
        (c) => c.protocol.toUpperCase() === b.network!.toUpperCase(),
      );
    else if (b.type === DRAW_TYPE.bank) cur = (await repo.currencies(db, DRAW_TYPE.bank, true))[0];
    if (!cur || cur.enabled !== 1 || cur.type !== b.type)
      throw code(ERROR_CODES.drawCurrency, 'funds.noCurrency');
    const need = (field: string, v: string | undefined): string => {
      if (!v) throw new AppError(ERROR_CODES.validation, 'v.required', { field });
      return v;
    };
    let fields: Partial<DrawMethodRow>;
    if (b.type === DRAW_TYPE.coin) {
      const address = need('dc_address', b.dc_address);
      if (!isAddressFor(cur.protocol, address))
        throw code(ERROR_CODES.addressInvalid, 'funds.addressInvalid', { network: cur.protocol });
      const dup = (await repo.methodsOf(db, userId, b.type, cur.id)).some((m) => m.dc_address === address);
      if (dup) throw code(ERROR_CODES.drawMethodExists, 'funds.methodExists');
      fields = { dc_address: address };
    } else {
      const swift = need('bank_swift', b.bank_swift);
      if (!isSwift(swift)) throw code(ERROR_CODES.swiftInvalid, 'funds.swiftInvalid');
      const account = need('payee_account', b.payee_account);
      const dup = (await repo.methodsOf(db, userId, b.type)).some((m) => m.payee_account === account);
      if (dup) throw code(ERROR_CODES.drawMethodExists, 'funds.methodExists');
      fields = {
        bank_name: need('bank_name', b.bank_name),
        bank_address: need('bank_address', b.bank_address),
        bank_swift: swift,
        payee_name: need('payee_name', b.payee_name),
        payee_account: account,
        branch_name: b.branch_name ?? '',
        receive_currency: b.receive_currency?.toUpperCase() ?? '',
        remark: b.remark ?? '',
      };
    }
    const now = this.deps.now();
    const usableAt = now + this.deps.coolingMs;
    const row = await repo.insertMethod(db, {
      user_id: userId,
      type: b.type,
      draw_currency_id: cur.id,
      dc_address: '',
      bank_name: '',
      bank_address: '',
      bank_swift: '',
      payee_name: '',
      payee_account: '',
      branch_name: '',
      receive_currency: '',
      remark: '',
      ...fields,
      usable_at: usableAt,
      created_at: now,
    });
    await this.mail(userId, lang, 'methodBound', { until: utc(usableAt) });
    const msg =
      this.deps.coolingMs > 0
        ? this.t(lang, 'funds.boundCooling', { until: utc(usableAt) })
        : this.t(lang, 'funds.bound');
    return { method: methodView(row, { id: cur.id, code: cur.code, protocol: cur.protocol }), msg };
  }

  async unbind(userId: number, id: number): Promise<void> {
    if (!(await repo.deleteMethod(this.deps.db, userId, id, this.deps.now())))
      throw code(ERROR_CODES.drawMethod, 'funds.noMethod');
  }

  // ---- withdrawals ----

  /** Cents that must stay in the balance: what a floating loss of open positions takes from the equity. */
  private async keepCents(userId: number): Promise<number> {
    const snap = await this.deps.accounts.snapshot(userId);
    return snap.floatingMicros < 0 ? Math.ceil(-snap.floatingMicros / 10_000) : 0;
  }

  /** The first reason a withdrawal cannot be made now, checked in the order a trader can fix them. */
  async state(userId: number, lang: Language): Promise<CashierState> {
    const db = this.deps.db;
    const now = this.deps.now();
    const u = await repo.userFunds(db, userId);
    const keep = await this.keepCents(userId);
    const free = Math.max(0, (u?.balance ?? 0) - keep);
    let lock: CashierLock | null = null;
    let until: number | null = null;
    let params: Record<string, string | number> = {};
    const methods = await repo.countLiveMethods(db, userId, DRAW_TYPE.coin);
    const review = await repo.realNameStatus(db, userId);
    if (u?.frozen_at != null) {
      lock = 'frozen';
      params = { reason: u.frozen_reason ?? '-' };
    } else if (review !== REVIEW.approved) {
      // Submitted and waiting is not the same as never submitted: nothing to do but wait for the review.
      lock = review === REVIEW.waiting ? 'real_name_review' : 'real_name';
    } else if (u?.password_changed_at != null && u.password_changed_at + PASSWORD_PAUSE_MS > now) {
      lock = 'password';
      until = u.password_changed_at + PASSWORD_PAUSE_MS;
    } else if (methods.n === 0) lock = 'no_method';
    else if (methods.readyAt !== null && methods.readyAt > now) {
      lock = 'cooling';
      until = methods.readyAt;
    } else if (free <= 0) lock = 'no_free';
    if (until !== null) params = { ...params, until: utc(until) };
    return {
      lock,
      until,
      reason: lock ? this.t(lang, `funds.lock.${lock}`, params) : '',
      free: formatCents(free),
      cooling_ms: this.deps.coolingMs,
    };
  }

  async withdraw(
    userId: number,
    lang: Language,
    w: { currencyId: number; amount: string; memo: string; methodId: number },
  ): Promise<WithdrawPlaced> {
    const db = this.deps.db;
    const now = this.deps.now();
    const u = await repo.userFunds(db, userId);
    if (!u) throw code(ERROR_CODES.drawMethod, 'funds.noMethod');
    const review = await repo.realNameStatus(db, userId);
    if (review !== REVIEW.approved)
      throw code(
        ERROR_CODES.drawRealName,
        review === REVIEW.waiting ? 'funds.lock.real_name_review' : 'funds.lock.real_name',
      );
    if (u.password_changed_at != null && u.password_changed_at + PASSWORD_PAUSE_MS > now)
      throw code(ERROR_CODES.drawPasswordPause, 'funds.lock.password', {
        until: utc(u.password_changed_at + PASSWORD_PAUSE_MS),
      });
    const cur = await repo.findCurrency(db, w.currencyId);
    if (!cur || cur.enabled !== 1) throw code(ERROR_CODES.drawCurrency, 'funds.noCurrency');
    const method = await repo.findMethodOf(db, userId, w.methodId);
    if (
      !method ||
      method.type !== cur.type ||
      (cur.type === DRAW_TYPE.coin && method.draw_currency_id !== cur.id)
    )
      throw code(ERROR_CODES.drawMethod, 'funds.noMethod');
    if (method.usable_at > now)
      throw code(ERROR_CODES.drawCooling, 'funds.lock.cooling', { until: utc(method.usable_at) });
    const quote = withdrawQuote(w.amount, symbolOf(cur));
    if (!quote) throw new AppError(ERROR_CODES.validation, 'v.amount', { field: 'number' });
    if (isZeroAmount(quote.received))
      throw code(ERROR_CODES.drawBelowFee, 'funds.belowFee', { fee: quote.fee });
    const keep = await this.keepCents(userId);
    const amount = quote.amountCents;
    const placed = await db
      .transaction()
      .execute(async (trx) => {
        const rec = await repo.insertWithdrawal(trx, {
          user_id: userId,
          type: cur.type,
          draw_currency_id: cur.id,
          draw_method_id: method.id,
          currency_code: cur.code,
          amount_cents: amount,
          fee_cents: quote.feeCents,
          real_number: quote.received,
          address: method.dc_address,
          payee_account: method.payee_account,
          memo: w.memo,
          status: WITHDRAW_STATUS.waiting,
          notes: '',
          lang,
          created_at: now,
        });
        const ref = { userId, refType: 'withdrawal', refId: String(rec.id), at: now };
        const balance = await changeBalance(trx, { ...ref, amount: -amount, kind: 'withdraw_hold', keep });
        await changeBalance(trx, { ...ref, amount, kind: 'withdraw_hold', account: 'withdraw_hold' });
        return { rec, balance };
      })
      .catch((err: unknown) => {
        if (err instanceof AppError && err.code === ERROR_CODES.insufficientBalance)
          throw code(ERROR_CODES.drawInsufficient, 'funds.insufficient');
        throw err;
      });
    await this.mail(userId, lang, 'withdrawRequested', { id: placed.rec.id, amount: formatCents(amount) });
    return { record: this.recordView(placed.rec, lang), balance: formatCents(placed.balance) };
  }

  recordView(r: Withdrawal, lang: Language): WithdrawRecord {
    return {
      id: r.id,
      number: formatCents(r.amount_cents),
      real_number: r.real_number,
      draw_currency: { code: r.currency_code },
      fee: formatCents(r.fee_cents),
      status: r.status as 0 | 1 | 2,
      status_name: this.t(lang, `funds.withdrawStatus.${r.status}`),
      created_at: fmtTime(r.created_at),
      type: r.type as 1 | 2,
      address: r.address,
      payee_account: r.payee_account,
      notes: r.notes,
    };
  }

  async withdrawRecords(
    userId: number,
    lang: Language,
    type: number,
    page: number,
    limit: number,
  ): Promise<WithdrawRecordPage> {
    const { rows, total } = await repo.withdrawalPage(this.deps.db, userId, type, page, limit);
    return { data: rows.map((r) => this.recordView(r, lang)), total };
  }

  /** E-mail the trader about their money, in `lang`; a failure to send never undoes what happened. */
  async mail(userId: number, lang: Language, what: string, params: Record<string, string | number>) {
    const u = await repo.userFunds(this.deps.db, userId);
    if (!u?.email) return;
    const site = this.deps.siteTitle;
    await this.deps.mailer
      .send({
        to: u.email,
        subject: this.t(lang, `mailFunds.${what}Subject`, { site, ...params }),
        text: this.t(lang, `mailFunds.${what}Body`, { site, ...params }),
      })
      .catch(() => undefined);
  }
}

export function symbolOf(c: DrawCurrency): DrawSymbol {
  return {
    id: c.id,
    code: c.code,
    protocol: c.protocol,
    draw_rate: c.draw_rate,
    fee_type: c.fee_type === FEE_TYPE_FIXED ? FEE_TYPE_FIXED : c.fee_type,
    usd_price: c.usd_price,
    decimals: currencyDecimals(c.code, c.type),
  };
}

function methodView(r: DrawMethodRow, cur: { id: number; code: string; protocol: string }): DrawMethod {
  return {
    id: r.id,
    type: r.type as 1 | 2,
    dc_address: r.dc_address,
    payee_account: r.payee_account,
    payee_name: r.payee_name,
    bank_name: r.bank_name,
    bank_address: r.bank_address,
    bank_swift: r.bank_swift,
    draw_currency: cur,
    usable_at: r.usable_at,
  };
}
