/** Set-up shared by the funds suites: a proof image upload, an approved real name, a bound and usable address. */
import crypto from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { call } from '../helpers';

export const TRON = 'TJRabPrwbZy45sbavfcjinPJC18kjpRTv8';
export const TRON_OTHER = 'TAcWbsKJryUGAGqHSJWa8bhgZQJtkvCaGd';
export const ETH = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';

export async function uploadProof(app: FastifyInstance, token: string): Promise<string> {
  const data = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#0a0' } })
    .png()
    .toBuffer();
  const boundary = `----meridian${crypto.randomBytes(8).toString('hex')}`;
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="p.png"\r\nContent-Type: image/png\r\n\r\n`,
    ),
    data,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const r = await call<{ url: string }>(app, {
    method: 'POST',
    url: '/api/common/image_upload',
    token,
    payload,
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  });
  if (r.body.code !== 1) throw new Error(`upload failed: ${JSON.stringify(r.body)}`);
  return r.body.data.url;
}

/** Mark the user's identity as verified (the KYC review itself is tested in ops.test.ts). */
export async function approveRealName(app: FastifyInstance, userId: number, reviewStatus = 2) {
  await app.ctx.db
    .insertInto('real_name')
    .values({
      user_id: userId,
      name: 'Test User',
      card_id: 'A1234567',
      front_pic: '/api/common/upload/x',
      reverse_pic: '/api/common/upload/y',
      review_status: reviewStatus,
      decided_by: null,
      decided_at: Date.now(),
      reason: null,
      created_at: Date.now(),
    })
    .execute();
}

/** The first enabled withdrawal currency of a network. */
export async function currencyId(app: FastifyInstance, protocol: string): Promise<number> {
  const r = await app.ctx.db
    .selectFrom('draw_currencies')
    .select('id')
    .where('protocol', '=', protocol)
    .executeTakeFirstOrThrow();
  return r.id;
}

/** Bind a TRC20 address and end its cooling period at once (the cooling itself is tested on its own). */
export async function boundAddress(app: FastifyInstance, token: string, address = TRON): Promise<number> {
  const draw_id = await currencyId(app, 'TRC20');
  const r = await call<{ id: number }>(app, {
    method: 'POST',
    url: '/api/wallet/bind_draw_method',
    token,
    form: { type: 1, draw_id, dc_address: address },
  });
  if (r.body.code !== 1) throw new Error(`bind failed: ${JSON.stringify(r.body)}`);
  await app.ctx.db
    .updateTable('draw_methods')
    .set({ usable_at: 0 })
    .where('id', '=', r.body.data.id)
    .execute();
  return r.body.data.id;
}

/** For every account of the user: the ledger's sum equals the column (balance, lock_balance, withdraw_hold). */
export async function ledgerMatches(app: FastifyInstance, userId: number) {
  const db = app.ctx.db;
  const u = await db
    .selectFrom('users')
    .select(['balance', 'lock_balance', 'withdraw_hold'])
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
  const sums = await db
    .selectFrom('ledger')
    .select(['account', (eb) => eb.fn.sum<number>('amount').as('s')])
    .where('user_id', '=', userId)
    .groupBy('account')
    .execute();
  const sum = (a: string) => Number(sums.find((s) => s.account === a)?.s ?? 0);
  expect({ balance: sum('balance'), lock: sum('lock_balance'), hold: sum('withdraw_hold') }).toEqual({
    balance: Number(u.balance),
    lock: Number(u.lock_balance),
    hold: Number(u.withdraw_hold),
  });
  return { balance: Number(u.balance), lock: Number(u.lock_balance), hold: Number(u.withdraw_hold) };
}
