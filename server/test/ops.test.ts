/**
 * The ops back office over real HTTP, in both storage modes: sign-in with TOTP (replay, rate limit), separate
 * sessions (idle and absolute expiry on an injected clock, sign-out), every ops call against every kind of caller,
 * the audit row of each action, KYC decisions (two reviewers at once), users (freeze blocks orders), staff, remotes.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import crypto from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { OpsRole } from '@meridian/shared/pure';
import { createOpsAccount } from '../src/modules/ops/accounts';
import { totpCode } from '../src/modules/ops/totp';
import { call, createDemo, createTestApp, MODES, registerUser, uniqueEmail } from './helpers';
import type { TestApp } from './helpers';
import { createOpsUser, secretOf } from './support/ops';

const STEP = 30_000;

async function auditRows(app: FastifyInstance, action: string) {
  return app.ctx.db.selectFrom('audit_log').selectAll().where('action', '=', action).orderBy('id').execute();
}

async function uploadPic(app: FastifyInstance, token: string): Promise<string> {
  const png = await sharp({
    create: { width: 40, height: 30, channels: 3, background: { r: 9, g: 99, b: 200 } },
  })
    .png()
    .toBuffer();
  const boundary = `----x${crypto.randomBytes(6).toString('hex')}`;
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`,
    ),
    png,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const r = await app.inject({
    method: 'POST',
    url: '/api/common/image_upload',
    headers: { authorization: token, 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload,
  });
  return r.json().data.url as string;
}

/** A real trader with a waiting real-name submission; returns the trader and the submission id. */
async function submitKyc(app: FastifyInstance, lang = 'en') {
  const trader = await registerUser(app);
  const pic = await uploadPic(app, trader.token);
  const r = await call(app, {
    method: 'POST',
    url: '/api/user_real/real_name',
    token: trader.token,
    headers: { lang },
    form: { name: 'Chan Tai Man', card_id: 'A1234567', front_pic: pic, reverse_pic: pic },
  });
  if (r.body.code !== 1) throw new Error(JSON.stringify(r.body));
  const row = await app.ctx.db
    .selectFrom('real_name')
    .select('id')
    .where('user_id', '=', trader.user.id)
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow();
  return { trader, id: row.id };
}

describe.each(MODES)('ops back office (%s)', (mode) => {
  let t: TestApp;
  let clock = Date.UTC(2026, 10, 2, 9, 0, 0);
  const staticDir = fs.mkdtempSync(path.join(os.tmpdir(), 'meridian-ops-static-'));

  beforeAll(async () => {
    t = await createTestApp(mode, { now: () => clock }, { staticDir });
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(staticDir, { recursive: true, force: true });
  });
  const tick = (ms: number) => {
    clock += ms;
  };

  describe('sign-in', () => {
    it('needs e-mail, password and the current TOTP code; a code works once; failures are audited', async () => {
      const email = uniqueEmail('ops');
      const made = await createOpsAccount(t.app.ctx.db, { email, roles: ['support'], now: clock });
      const secret = secretOf(made.otpauthUri);
      expect(made.otpauthUri).toMatch(/^otpauth:\/\/totp\/.+\?.*secret=[A-Z2-7]+/);
      const login = (form: Record<string, string>) =>
        call(t.app, { method: 'POST', url: '/api/ops/auth/login', form });

      expect((await login({ email, password: 'Wrong1234', code: totpCode(secret, clock) })).body.code).toBe(
        1101,
      );
      expect((await login({ email, password: made.password, code: '000000' })).body.code).toBe(1302);
      expect((await login({ email, password: made.password, code: '12345' })).body.code).toBe(1001);
      // One step late is still accepted (clock drift), two steps is not.
      expect(
        (await login({ email, password: made.password, code: totpCode(secret, clock - 2 * STEP) })).body.code,
      ).toBe(1302);
      const code = totpCode(secret, clock - STEP);
      const ok = await login({ email, password: made.password, code });
      expect(ok.body.code).toBe(1);
      expect(ok.body.data.token).toMatch(/^ops_[A-Za-z0-9_-]{64}$/);
      expect(ok.body.data.account).toMatchObject({ email, roles: ['support'], idle_timeout_ms: 1_800_000 });
      // The same code again, or an older one, is a replay.
      const replay = await login({ email, password: made.password, code });
      expect(replay.body.code).toBe(1302);
      expect(replay.body.msg).toMatch(/already used/);
      tick(STEP);
      expect((await login({ email, password: made.password, code: totpCode(secret, clock) })).body.code).toBe(
        1,
      );

      const failed = (await auditRows(t.app, 'ops.sign_in_failed')).filter((r) => r.actor_email === email);
      expect(failed.map((r) => JSON.parse(r.summary).reason)).toEqual([
        'password',
        'totp',
        'totp',
        'totp_replay',
      ]);
      expect((await auditRows(t.app, 'ops.sign_in')).filter((r) => r.actor_email === email)).toHaveLength(2);
    });

    it('is rate limited per account, like trader login', async () => {
      const limited = await createTestApp(mode, {
        now: () => clock,
        limits: { loginPerAccount: [3, 900_000] },
      });
      try {
        const email = uniqueEmail('ops');
        await createOpsAccount(limited.app.ctx.db, { email, roles: ['admin'], now: clock });
        const codes: number[] = [];
        for (let i = 0; i < 5; i++) {
          const r = await call(limited.app, {
            method: 'POST',
            url: '/api/ops/auth/login',
            form: { email, password: 'Wrong1234', code: String(100000 + i) },
          });
          codes.push(r.body.code);
        }
        expect(codes).toEqual([1101, 1101, 1101, 1004, 1004]);
      } finally {
        await limited.close();
      }
    });

    it('a disabled account cannot sign in', async () => {
      const email = uniqueEmail('ops');
      const made = await createOpsAccount(t.app.ctx.db, { email, roles: ['admin'], now: clock });
      await t.app.ctx.db
        .updateTable('ops_accounts')
        .set({ disabled_at: clock })
        .where('email', '=', email)
        .execute();
      const r = await call(t.app, {
        method: 'POST',
        url: '/api/ops/auth/login',
        form: { email, password: made.password, code: totpCode(secretOf(made.otpauthUri), clock) },
      });
      expect(r.body.code).toBe(1101);
    });
  });

  describe('sessions', () => {
    it('end after 30 minutes idle, 12 hours in all, and at sign-out', async () => {
      const ops = await createOpsUser(t.app, ['support']);
      const me = () => call(t.app, { method: 'GET', url: '/api/ops/auth/me', token: ops.token });
      tick(29 * 60_000);
      expect((await me()).body.code).toBe(1);
      tick(29 * 60_000); // idle clock was pushed back by the call above
      expect((await me()).body.code).toBe(1);
      tick(30 * 60_000 + 1);
      expect((await me()).body.code).toBe(999);

      // Busy all day: the idle clock never runs out, the 12 hours do.
      const long = await createOpsUser(t.app, ['support']);
      const meLong = () => call(t.app, { method: 'GET', url: '/api/ops/auth/me', token: long.token });
      const start = clock;
      while (clock - start + 29 * 60_000 < 12 * 3_600_000) {
        tick(29 * 60_000);
        expect((await meLong()).body.code).toBe(1);
      }
      tick(29 * 60_000);
      expect((await meLong()).body.code).toBe(999);

      const out = await createOpsUser(t.app, ['support']);
      const bye = await call(t.app, { method: 'POST', url: '/api/ops/auth/logout', token: out.token });
      expect(bye.body.code).toBe(1);
      expect(
        (await call(t.app, { method: 'GET', url: '/api/ops/auth/me', token: out.token })).body.code,
      ).toBe(999);
      expect((await auditRows(t.app, 'ops.sign_out')).some((r) => r.actor_id === out.id)).toBe(true);
    });

    it('a passive call (a background refresh) checks the session without pushing its idle end back', async () => {
      const ops = await createOpsUser(t.app, ['support']);
      const me = (passive: boolean) =>
        t.app.inject({
          method: 'GET',
          url: '/api/ops/auth/me',
          headers: { authorization: ops.token, ...(passive ? { 'x-ops-passive': '1' } : {}) },
        });
      tick(20 * 60_000);
      expect((await me(true)).json().code).toBe(1);
      tick(9 * 60_000);
      expect((await me(true)).json().code).toBe(1);
      // 31 minutes since the last call the person made: the refreshes in between did not keep it alive.
      tick(2 * 60_000);
      expect((await me(true)).json().code).toBe(999);

      const active = await createOpsUser(t.app, ['support']);
      const meActive = () =>
        t.app.inject({ method: 'GET', url: '/api/ops/auth/me', headers: { authorization: active.token } });
      tick(20 * 60_000);
      expect((await meActive()).json().code).toBe(1);
      tick(20 * 60_000);
      expect((await meActive()).json().code).toBe(1);
    });

    it('are a kind apart: an ops token on a trader call is refused, a trader token on an ops call too (and logged)', async () => {
      const ops = await createOpsUser(t.app, ['admin']);
      const info = await call(t.app, { method: 'GET', url: '/api/user/info', token: ops.token });
      expect(info.body.code).toBe(1305);
      const submit = await call(t.app, {
        method: 'GET',
        url: '/v1/api/forex/submit?type=1',
        token: ops.token,
      });
      expect(submit.body.code).toBe(1305);
      const trader = await registerUser(t.app);
      const r = await call(t.app, { method: 'GET', url: '/api/ops/dashboard', token: trader.token });
      expect(r.body.code).toBe(1300);
      const logged = await auditRows(t.app, 'security.trader_token_on_ops');
      expect(logged.some((row) => row.object_id === String(trader.user.id))).toBe(true);
      // The audit page gets the trader's UID beside the internal id (it shows the UID).
      const admin = await createOpsUser(t.app, ['admin']);
      const page = await call(t.app, {
        method: 'GET',
        url: '/api/ops/audit?action=security.trader_token_on_ops',
        token: admin.token,
      });
      const listed = (page.body.data.data as { object_id: string; refs: Record<string, string> }[]).find(
        (row) => row.object_id === String(trader.user.id),
      );
      expect(listed?.refs[`user:${trader.user.id}`]).toMatch(/^\d{8}$/);
    });
  });

  describe('every ops call refuses the wrong callers', () => {
    type Case = { method: 'GET' | 'POST'; url: string; right: OpsRole; wrong: OpsRole | null };
    const CASES: Case[] = [
      { method: 'GET', url: '/api/ops/auth/me', right: 'support', wrong: null },
      { method: 'POST', url: '/api/ops/auth/logout', right: 'support', wrong: null },
      { method: 'GET', url: '/api/ops/dashboard', right: 'finance', wrong: null },
      { method: 'GET', url: '/api/ops/audit', right: 'admin', wrong: 'compliance' },
      { method: 'GET', url: '/api/ops/staff', right: 'admin', wrong: 'support' },
      { method: 'POST', url: '/api/ops/staff/create', right: 'admin', wrong: 'finance' },
      { method: 'POST', url: '/api/ops/staff/roles', right: 'admin', wrong: 'compliance' },
      { method: 'POST', url: '/api/ops/staff/disable', right: 'admin', wrong: 'support' },
      { method: 'POST', url: '/api/ops/staff/enable', right: 'admin', wrong: 'support' },
      { method: 'POST', url: '/api/ops/staff/reset_totp', right: 'admin', wrong: 'support' },
      { method: 'POST', url: '/api/ops/staff/reset_password', right: 'admin', wrong: 'support' },
      { method: 'GET', url: '/api/ops/remotes', right: 'admin', wrong: 'support' },
      { method: 'POST', url: '/api/ops/remotes/release', right: 'admin', wrong: 'compliance' },
      { method: 'POST', url: '/api/ops/remotes/rollback', right: 'admin', wrong: 'compliance' },
      { method: 'POST', url: '/api/ops/remotes/canary', right: 'admin', wrong: 'support' },
      { method: 'POST', url: '/api/ops/remotes/promote', right: 'admin', wrong: 'finance' },
      { method: 'POST', url: '/api/ops/remotes/abort', right: 'admin', wrong: 'compliance' },
      { method: 'GET', url: '/api/ops/remotes/guard', right: 'admin', wrong: 'support' },
      { method: 'POST', url: '/api/ops/remotes/guard', right: 'admin', wrong: 'finance' },
      { method: 'GET', url: '/api/ops/kyc/queue', right: 'compliance', wrong: 'support' },
      { method: 'GET', url: '/api/ops/kyc/detail', right: 'compliance', wrong: 'finance' },
      { method: 'POST', url: '/api/ops/kyc/decide', right: 'compliance', wrong: 'support' },
      { method: 'GET', url: '/api/ops/users/search', right: 'support', wrong: null },
      { method: 'GET', url: '/api/ops/users/detail', right: 'finance', wrong: null },
      { method: 'POST', url: '/api/ops/users/sign_out_all', right: 'support', wrong: 'finance' },
      { method: 'POST', url: '/api/ops/users/freeze', right: 'compliance', wrong: 'support' },
      { method: 'POST', url: '/api/ops/users/unfreeze', right: 'compliance', wrong: 'finance' },
    ];

    it.each(CASES)('$method $url', async (c) => {
      const trader = await registerUser(t.app);
      const demo = await createDemo(t.app);
      const send = (token?: string) =>
        call(t.app, {
          method: c.method,
          url: c.url,
          ...(token ? { token } : {}),
          ...(c.method === 'POST' ? { form: {} } : {}),
        });
      expect((await send()).body.code).toBe(999);
      expect((await send(trader.token)).body.code).toBe(1300);
      expect((await send(demo.token)).body.code).toBe(1300);
      if (c.wrong) {
        const wrong = await createOpsUser(t.app, [c.wrong]);
        const r = await send(wrong.token);
        expect(r.body.code).toBe(1301);
        expect(r.status).toBe(200);
      }
      const right = await createOpsUser(t.app, [c.right]);
      const r = await send(right.token);
      // The right role gets past the gate: an answer (1) or a validation refusal of the empty input (1001).
      expect([1, 1001]).toContain(r.body.code);
      expect(r.status).toBe(200);
    });
  });

  describe('KYC review', () => {
    it('queue oldest first; approve and reject (with reason) reach the trader and the audit log; e-mail either way', async () => {
      const reviewer = await createOpsUser(t.app, ['compliance']);
      const a = await submitKyc(t.app, 'en');
      tick(1000);
      const b = await submitKyc(t.app, 'hk');
      const queue = await call(t.app, { method: 'GET', url: '/api/ops/kyc/queue', token: reviewer.token });
      const ids = queue.body.data.data.map((r: { id: number }) => r.id);
      expect(ids.indexOf(a.id)).toBeLessThan(ids.indexOf(b.id));
      expect(queue.body.data.data.find((r: { id: number }) => r.id === a.id)).toMatchObject({
        name: 'Chan Tai Man',
        card_id: 'A1234567',
        email: a.trader.email,
      });

      const detail = await call(t.app, {
        method: 'GET',
        url: `/api/ops/kyc/detail?id=${a.id}`,
        token: reviewer.token,
      });
      expect(detail.body.data.submission).toMatchObject({ id: a.id, review_status: 1 });
      expect(detail.body.data.history).toHaveLength(1);
      // The photos load for the reviewer.
      const pic = await t.app.inject({
        method: 'GET',
        url: detail.body.data.submission.front_pic,
        headers: { authorization: reviewer.token },
      });
      expect(pic.statusCode).toBe(200);

      const approve = await call(t.app, {
        method: 'POST',
        url: '/api/ops/kyc/decide',
        token: reviewer.token,
        form: { id: a.id, decision: 'approve' },
      });
      expect(approve.body.code).toBe(1);
      const centerA = await call(t.app, {
        method: 'GET',
        url: '/api/user_real/center',
        token: a.trader.token,
      });
      expect(centerA.body.data.review_status).toBe(2);

      const noReason = await call(t.app, {
        method: 'POST',
        url: '/api/ops/kyc/decide',
        token: reviewer.token,
        form: { id: b.id, decision: 'reject' },
      });
      expect(noReason.body.code).toBe(1001);
      const reject = await call(t.app, {
        method: 'POST',
        url: '/api/ops/kyc/decide',
        token: reviewer.token,
        form: { id: b.id, decision: 'reject', reason_code: 'unreadable', note: 'glare on the photo' },
      });
      expect(reject.body.code).toBe(1);
      const centerB = await call(t.app, {
        method: 'GET',
        url: '/api/user_real/center',
        token: b.trader.token,
      });
      expect(centerB.body.data).toMatchObject({ review_status: 0 });
      expect(centerB.body.data.reason).toBe(
        'the photos are blurred or unreadable (note: glare on the photo)',
      );

      const rows = [...(await auditRows(t.app, 'kyc.approve')), ...(await auditRows(t.app, 'kyc.reject'))];
      const forA = rows.find((r) => r.object_id === String(a.id));
      const forB = rows.find((r) => r.object_id === String(b.id));
      expect(forA).toMatchObject({
        actor_id: reviewer.id,
        actor_email: reviewer.email,
        actor_roles: 'compliance',
      });
      expect(JSON.parse(forB!.summary)).toMatchObject({
        before: { review_status: 1 },
        after: { review_status: 3, reason_code: 'unreadable', note: 'glare on the photo' },
      });

      const mails = await t.app.ctx.db
        .selectFrom('outbox')
        .selectAll()
        .where('to_addr', 'in', [a.trader.email, b.trader.email])
        .orderBy('id')
        .execute();
      expect(mails.find((m) => m.to_addr === a.trader.email && /approved/.test(m.subject))).toBeDefined();
      // b submitted in Traditional Chinese: the e-mail is in that language.
      const mailB = mails.find((m) => m.to_addr === b.trader.email && !/code/i.test(m.subject));
      expect(mailB?.body_text).toMatch(/[\u4e00-\u9fff]/);

      // The trader resubmits; the history shows both.
      const pic2 = await uploadPic(t.app, b.trader.token);
      const again = await call(t.app, {
        method: 'POST',
        url: '/api/user_real/real_name',
        token: b.trader.token,
        form: { name: 'Chan Tai Man', card_id: 'A1234567', front_pic: pic2, reverse_pic: pic2 },
      });
      expect(again.body.code).toBe(1);
      const newest = await t.app.ctx.db
        .selectFrom('real_name')
        .select('id')
        .where('user_id', '=', b.trader.user.id)
        .orderBy('id', 'desc')
        .executeTakeFirstOrThrow();
      const d2 = await call(t.app, {
        method: 'GET',
        url: `/api/ops/kyc/detail?id=${newest.id}`,
        token: reviewer.token,
      });
      expect(d2.body.data.history.map((h: { review_status: number }) => h.review_status)).toEqual([1, 3]);
      expect(d2.body.data.history[1].decided_by).toBe(reviewer.email);
    });

    it('two reviewers at once: exactly one decision wins, the other is told who decided', async () => {
      const one = await createOpsUser(t.app, ['compliance']);
      const two = await createOpsUser(t.app, ['admin']);
      const { id } = await submitKyc(t.app);
      const [r1, r2] = await Promise.all([
        call(t.app, {
          method: 'POST',
          url: '/api/ops/kyc/decide',
          token: one.token,
          form: { id, decision: 'approve' },
        }),
        call(t.app, {
          method: 'POST',
          url: '/api/ops/kyc/decide',
          token: two.token,
          form: { id, decision: 'reject', reason_code: 'expired' },
        }),
      ]);
      const codes = [r1.body.code, r2.body.code].sort();
      expect(codes).toEqual([1, 1303]);
      const loser = r1.body.code === 1303 ? r1 : r2;
      const winner = r1.body.code === 1 ? one : two;
      expect(loser.body.msg).toContain(winner.email);
      const decisions = [
        ...(await auditRows(t.app, 'kyc.approve')),
        ...(await auditRows(t.app, 'kyc.reject')),
      ];
      expect(decisions.filter((r) => r.object_id === String(id))).toHaveLength(1);
    });
  });

  describe('users', () => {
    it('search by e-mail, uid or invite code; the page; sign out everywhere; freeze stops new orders', async () => {
      const ops = await createOpsUser(t.app, ['compliance']);
      const trader = await registerUser(t.app);
      const info = await call(t.app, { method: 'GET', url: '/api/user/info', token: trader.token });
      const { uid, invite_code } = info.body.data as { uid: string; invite_code: string };
      for (const q of [trader.email, trader.email.slice(0, 12), uid, invite_code.toLowerCase()]) {
        const r = await call(t.app, {
          method: 'GET',
          url: `/api/ops/users/search?q=${encodeURIComponent(q)}`,
          token: ops.token,
        });
        expect(r.body.data.map((u: { uid: string }) => u.uid)).toContain(uid);
      }
      const detail = await call(t.app, {
        method: 'GET',
        url: `/api/ops/users/detail?uid=${uid}`,
        token: ops.token,
      });
      expect(detail.body.data.user).toMatchObject({
        uid,
        balance: '0.00',
        lock_balance: '0.00',
        kyc_status: 0,
        frozen: false,
      });
      expect(detail.body.data.sessions.length).toBeGreaterThanOrEqual(1);
      expect(Array.isArray(detail.body.data.ledger)).toBe(true);
      expect(
        (await call(t.app, { method: 'GET', url: '/api/ops/users/detail?uid=1', token: ops.token })).body
          .code,
      ).toBe(1002);

      const freeze = await call(t.app, {
        method: 'POST',
        url: '/api/ops/users/freeze',
        token: ops.token,
        form: { uid, reason: 'Source of funds under review' },
      });
      expect(freeze.body.code).toBe(1);
      const again = await call(t.app, {
        method: 'POST',
        url: '/api/ops/users/freeze',
        token: ops.token,
        form: { uid, reason: 'x' },
      });
      expect(again.body.code).toBe(1303);
      // Frozen: still signed in and reading, but no new order, with the reason in the message.
      expect(
        (await call(t.app, { method: 'GET', url: '/api/user/info', token: trader.token })).body.code,
      ).toBe(1);
      const order = await call(t.app, {
        method: 'GET',
        url: '/v1/api/forex/submit?type=1&cont=0.01&forex_id=1&status=1&multiple=100',
        token: trader.token,
      });
      expect(order.body.code).toBe(1304);
      expect(order.body.msg).toContain('Source of funds under review');
      const unfreeze = await call(t.app, {
        method: 'POST',
        url: '/api/ops/users/unfreeze',
        token: ops.token,
        form: { uid },
      });
      expect(unfreeze.body.code).toBe(1);
      const after = await call(t.app, {
        method: 'GET',
        url: '/v1/api/forex/submit?type=1&cont=0.01&forex_id=1&status=1&multiple=100',
        token: trader.token,
      });
      expect(after.body.code).not.toBe(1304);

      const out = await call(t.app, {
        method: 'POST',
        url: '/api/ops/users/sign_out_all',
        token: ops.token,
        form: { uid },
      });
      expect(out.body.code).toBe(1);
      expect(out.body.data.revoked).toBeGreaterThanOrEqual(1);
      expect(
        (await call(t.app, { method: 'GET', url: '/api/user/info', token: trader.token })).body.code,
      ).toBe(999);

      for (const action of ['user.freeze', 'user.unfreeze', 'user.sign_out_all']) {
        const rows = (await auditRows(t.app, action)).filter((r) => r.object_id === uid);
        expect({ action, n: rows.length, actor: rows[0]?.actor_id }).toEqual({ action, n: 1, actor: ops.id });
      }
    });
  });

  describe('staff', () => {
    it('an admin creates, changes roles, disables, enables and resets; each is audited; the last admin stays', async () => {
      const admin = await createOpsUser(t.app, ['admin']);
      const post = (url: string, form: Record<string, string | number>) =>
        call(t.app, { method: 'POST', url, token: admin.token, form });
      const email = uniqueEmail('staff');
      const created = await post('/api/ops/staff/create', { email, roles: 'support,finance' });
      expect(created.body.code).toBe(1);
      expect(created.body.data.account).toMatchObject({
        email,
        roles: ['support', 'finance'],
        totp_enrolled: true,
      });
      const id = created.body.data.account.id as number;
      // The new person can sign in with what was shown once.
      const secret = secretOf(created.body.data.otpauth_uri);
      const login = await call(t.app, {
        method: 'POST',
        url: '/api/ops/auth/login',
        form: { email, password: created.body.data.password, code: totpCode(secret, clock) },
      });
      expect(login.body.code).toBe(1);
      expect((await post('/api/ops/staff/create', { email, roles: 'support' })).body.code).toBe(1100);
      expect(
        (await post('/api/ops/staff/create', { email: uniqueEmail('x'), roles: 'boss' })).body.code,
      ).toBe(1001);
      expect((await post('/api/ops/staff/roles', { id, roles: 'compliance' })).body.data.roles).toEqual([
        'compliance',
      ]);
      expect((await post('/api/ops/staff/disable', { id })).body.code).toBe(1);
      // Disabling ended the session.
      expect(
        (await call(t.app, { method: 'GET', url: '/api/ops/auth/me', token: login.body.data.token })).body
          .code,
      ).toBe(999);
      expect((await post('/api/ops/staff/enable', { id })).body.code).toBe(1);
      const totp = await post('/api/ops/staff/reset_totp', { id });
      expect(totp.body.data.otpauth_uri).toMatch(/^otpauth:/);
      expect(secretOf(totp.body.data.otpauth_uri)).not.toBe(secret);
      const pw = await post('/api/ops/staff/reset_password', { id });
      expect(pw.body.data.password.length).toBeGreaterThanOrEqual(24);
      expect((await post('/api/ops/staff/disable', { id: admin.id })).body.code).toBe(1006);
      for (const action of [
        'staff.create',
        'staff.roles',
        'staff.disable',
        'staff.enable',
        'staff.reset_totp',
        'staff.reset_password',
      ]) {
        const rows = (await auditRows(t.app, action)).filter((r) => r.object_id === String(id));
        expect({ action, n: rows.length }).toEqual({ action, n: 1 });
      }
    });
  });

  describe('remotes', () => {
    function publishFake(remote: string, version: string) {
      const dir = path.join(staticDir, 'remotes', remote, version);
      fs.mkdirSync(dir, { recursive: true });
      fs.writeFileSync(path.join(dir, 'mf-manifest.json'), '{}');
      fs.writeFileSync(path.join(dir, 'remoteEntry.js'), `// ${version}`);
    }

    it('make a release-ready version current, roll back, refuse unknown versions; audited', async () => {
      publishFake('mf-support', 'v1');
      publishFake('mf-support', 'v2');
      fs.writeFileSync(
        path.join(staticDir, 'remotes.json'),
        JSON.stringify({
          remotes: {
            'mf-support': {
              current: 'v1',
              versions: [
                { version: 'v1', hash: 'a' },
                { version: 'v2', hash: 'b' },
              ],
              history: [{ at: '2026-01-01T00:00:00Z', action: 'release', from: null, to: 'v1' }],
            },
          },
        }),
      );
      const admin = await createOpsUser(t.app, ['admin']);
      const list = await call(t.app, { method: 'GET', url: '/api/ops/remotes', token: admin.token });
      const support = list.body.data.find((r: { remote: string }) => r.remote === 'mf-support');
      expect(support).toMatchObject({ current: 'v1' });
      expect(support.versions.map((v: { version: string }) => v.version)).toEqual(['v2', 'v1']);

      const rel = await call(t.app, {
        method: 'POST',
        url: '/api/ops/remotes/release',
        token: admin.token,
        form: { remote: 'mf-support', version: 'v2' },
      });
      expect(rel.body.code).toBe(1);
      expect(
        JSON.parse(fs.readFileSync(path.join(staticDir, 'remotes.json'), 'utf8')).remotes['mf-support'],
      ).toMatchObject({
        current: 'v2',
      });
      const back = await call(t.app, {
        method: 'POST',
        url: '/api/ops/remotes/rollback',
        token: admin.token,
        form: { remote: 'mf-support' },
      });
      expect(back.body.code).toBe(1);
      expect(back.body.data.current).toBe('v1');
      expect(back.body.data.history[0]).toMatchObject({
        action: 'rollback',
        by: admin.email,
        from: 'v2',
        to: 'v1',
      });
      const unknown = await call(t.app, {
        method: 'POST',
        url: '/api/ops/remotes/release',
        token: admin.token,
        form: { remote: 'mf-support', version: 'v9' },
      });
      expect(unknown.body.code).toBe(1002);
      const bad = await call(t.app, {
        method: 'POST',
        url: '/api/ops/remotes/release',
        token: admin.token,
        form: { remote: 'mf-nope', version: 'v1' },
      });
      expect(bad.body.code).toBe(1001);
      const rows = [
        ...(await auditRows(t.app, 'remote.release')),
        ...(await auditRows(t.app, 'remote.rollback')),
      ];
      expect(rows.map((r) => [r.action, JSON.parse(r.summary).after.current])).toEqual([
        ['remote.release', 'v2'],
        ['remote.rollback', 'v1'],
      ]);
    });

    it('refuses to release a version built against a contract the host does not serve, saying why (1006)', async () => {
      publishFake('mf-account', 'a1');
      publishFake('mf-account', 'a2');
      fs.writeFileSync(
        path.join(staticDir, 'remotes', 'mf-account', 'a2', 'mf-manifest.json'),
        JSON.stringify({ shared: [{ name: '@meridian/shared', requiredVersion: '^7.0.0' }] }),
      );
      fs.mkdirSync(path.join(staticDir, 'host'), { recursive: true });
      fs.writeFileSync(
        path.join(staticDir, 'host', 'contract.json'),
        JSON.stringify({ '@meridian/shared': '0.1.0' }),
      );
      fs.writeFileSync(
        path.join(staticDir, 'remotes.json'),
        JSON.stringify({
          remotes: {
            'mf-account': {
              current: 'a1',
              versions: [
                { version: 'a1', hash: 'a' },
                { version: 'a2', hash: 'b' },
              ],
              history: [{ at: '2026-01-01T00:00:00Z', action: 'release', from: null, to: 'a1' }],
            },
          },
        }),
      );
      const admin = await createOpsUser(t.app, ['admin']);
      try {
        const rel = await call(t.app, {
          method: 'POST',
          url: '/api/ops/remotes/release',
          token: admin.token,
          form: { remote: 'mf-account', version: 'a2' },
        });
        expect(rel.body.code).toBe(1006);
        expect(rel.body.msg).toBe(
          "mf-account a2 was built against @meridian/shared ^7.0.0, and this host serves 0.1.0: it cannot run it. Rebuild it against the host's contract, or release a host that serves it first.",
        );
        expect(
          JSON.parse(fs.readFileSync(path.join(staticDir, 'remotes.json'), 'utf8')).remotes['mf-account']
            .current,
        ).toBe('a1');
      } finally {
        fs.rmSync(path.join(staticDir, 'host'), { recursive: true, force: true });
      }
    });

    it('issue 22: "Roll back" never moves forward: only to a version current before the current one, else 1006', async () => {
      publishFake('mf-orders', 'o1');
      publishFake('mf-orders', 'o2');
      // The oldest version runs with a newer one published and once current (released, then rolled back from).
      fs.writeFileSync(
        path.join(staticDir, 'remotes.json'),
        JSON.stringify({
          remotes: {
            'mf-orders': {
              current: 'o1',
              versions: [
                { version: 'o1', hash: 'a' },
                { version: 'o2', hash: 'b' },
              ],
              history: [
                { at: '2026-01-01T00:00:00Z', action: 'release', from: null, to: 'o1' },
                { at: '2026-01-02T00:00:00Z', action: 'release', from: 'o1', to: 'o2' },
                { at: '2026-01-03T00:00:00Z', action: 'rollback', from: 'o2', to: 'o1' },
              ],
            },
          },
        }),
      );
      const admin = await createOpsUser(t.app, ['admin']);
      const view = async () =>
        (await call(t.app, { method: 'GET', url: '/api/ops/remotes', token: admin.token })).body.data.find(
          (r: { remote: string }) => r.remote === 'mf-orders',
        );
      expect((await view()).rollback_targets).toEqual([]);
      const rollback = (form: Record<string, string>) =>
        call(t.app, {
          method: 'POST',
          url: '/api/ops/remotes/rollback',
          token: admin.token,
          form: { remote: 'mf-orders', ...form },
        });
      expect((await rollback({})).body.code).toBe(1006);
      const named = await rollback({ version: 'o2' });
      expect(named.body).toMatchObject({ code: 1006, msg: expect.stringContaining('o2') });
      expect((await view()).current).toBe('o1');
      // Released again, o1 is where a rollback goes.
      await call(t.app, {
        method: 'POST',
        url: '/api/ops/remotes/release',
        token: admin.token,
        form: { remote: 'mf-orders', version: 'o2' },
      });
      expect((await view()).rollback_targets).toEqual(['o1']);
      const back = await rollback({});
      expect(back.body).toMatchObject({ code: 1, data: { current: 'o1' } });
    });
  });

  describe('dashboard and audit list', () => {
    it('shows the counts the roles may act on; the audit list filters and pages', async () => {
      await submitKyc(t.app);
      const compliance = await createOpsUser(t.app, ['compliance']);
      const finance = await createOpsUser(t.app, ['finance']);
      const d1 = await call(t.app, { method: 'GET', url: '/api/ops/dashboard', token: compliance.token });
      const kyc = d1.body.data.items.find((i: { id: string }) => i.id === 'kyc.waiting');
      expect(kyc).toMatchObject({ label: 'Identity verifications waiting', path: '/ops/kyc' });
      expect(kyc.count).toBeGreaterThanOrEqual(1);
      expect(typeof d1.body.data.orders_today).toBe('number');
      const d2 = await call(t.app, { method: 'GET', url: '/api/ops/dashboard', token: finance.token });
      expect(d2.body.data.items.find((i: { id: string }) => i.id === 'kyc.waiting')).toBeUndefined();

      const admin = await createOpsUser(t.app, ['admin']);
      const get = (q: string) =>
        call(t.app, { method: 'GET', url: `/api/ops/audit?${q}`, token: admin.token });
      const mine = await get(`actor=${encodeURIComponent(compliance.email)}`);
      expect(mine.body.data.data.length).toBeGreaterThanOrEqual(1);
      expect(
        mine.body.data.data.every((r: { actor_email: string }) => r.actor_email === compliance.email),
      ).toBe(true);
      const signIns = await get('action=ops.sign_in&limit=2&page=1');
      expect(signIns.body.data.data).toHaveLength(2);
      expect(signIns.body.data.total).toBeGreaterThan(2);
      const page2 = await get('action=ops.sign_in&limit=2&page=2');
      expect(page2.body.data.data[0].id).toBeLessThan(signIns.body.data.data[1].id);
      const dated = await get(`from=${clock + 1}`);
      expect(dated.body.data.total).toBe(0);
      expect((await get('limit=1000')).body.code).toBe(1001);
      expect((await get('from=1e308')).body.code).toBe(1001);
    });
  });
});
