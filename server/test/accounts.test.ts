/** Accounts and sessions over HTTP, in both storage modes. */
import { sql } from 'kysely';
import { setSetting } from '../src/modules/content/repository';
import { sha256 } from '../src/lib/security';
import {
  call,
  createDemo,
  createTestApp,
  lastCode,
  MODES,
  PASSWORD,
  registerUser,
  uniqueEmail,
} from './helpers';
import type { TestApp } from './helpers';

describe.each(MODES)('accounts (%s)', (mode) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(mode);
  });
  afterAll(() => t.close());

  describe('base settings', () => {
    it('GET /api/default/area_list is a real country list without sanctioned countries', async () => {
      const r = await call<{ id: number; global_code: string; code: string }[]>(t.app, {
        method: 'GET',
        url: '/api/default/area_list',
      });
      expect(r.body.code).toBe(1);
      expect(r.body.data.length).toBeGreaterThan(200);
      expect(r.body.data).toContainEqual(expect.objectContaining({ code: 'HK', global_code: '+852' }));
      expect(r.body.data).toContainEqual(expect.objectContaining({ code: 'GB', global_code: '+44' }));
      for (const iso of ['KP', 'IL', 'CN', 'VU', 'CU'])
        expect(r.body.data.find((a) => a.code === iso)).toBeUndefined();
      expect(new Set(r.body.data.map((a) => a.id)).size).toBe(r.body.data.length);
    });
    it('GET /api/default/setting?key=is_show_mobile', async () => {
      const r = await call(t.app, { method: 'GET', url: '/api/default/setting?key=is_show_mobile' });
      expect(r.body).toMatchObject({ code: 1, data: { key: 'is_show_mobile', value: 1 } });
      const missing = await call(t.app, { method: 'GET', url: '/api/default/setting' });
      expect(missing.body.code).toBe(1001);
      const secret = await call(t.app, {
        method: 'GET',
        url: '/api/default/setting?key=complaint_email_password',
      });
      expect(secret.body.code).toBe(1001);
    });
    it('GET /api/basicSet/getBasicInfo', async () => {
      const r = await call(t.app, { method: 'GET', url: '/api/basicSet/getBasicInfo' });
      expect(r.body.code).toBe(1);
      expect(r.body.data).toEqual({
        site_title: 'Meridian',
        service_link: expect.any(String),
        service_link_type: 1,
        verify_reg_type: 1,
        trade_fee_type: 1,
      });
    });
  });

  describe('codes', () => {
    it('send_email validates its input', async () => {
      const cases: Record<string, string | number>[] = [
        {},
        { to: 'not-an-email', type: 1 },
        { to: uniqueEmail(), type: 3 },
        { to: uniqueEmail(), type: 'x' },
        { to: uniqueEmail() },
        { to: uniqueEmail(), type: 1, area_id: 'abc' },
      ];
      for (const form of cases) {
        const r = await call(t.app, { method: 'POST', url: '/api/notify/send_email', form });
        expect(r.status).toBe(200);
        expect(r.body.code).toBe(1001);
        expect(r.body.msg.length).toBeGreaterThan(5);
      }
    });
    it('does not re-send within 60 s', async () => {
      const to = uniqueEmail();
      expect(
        (await call(t.app, { method: 'POST', url: '/api/notify/send_email', form: { to, type: 1 } })).body
          .code,
      ).toBe(1);
      const again = await call(t.app, {
        method: 'POST',
        url: '/api/notify/send_email',
        form: { to, type: 1 },
      });
      expect(again.body.code).toBe(1104);
      expect(again.body.msg).toMatch(/\d+ seconds/);
    });
    it('send_sms answers that SMS is not available', async () => {
      const r = await call(t.app, {
        method: 'POST',
        url: '/api/notify/send_sms',
        form: { to: '91234567', area_id: 1, type: 1 },
      });
      expect(r.body.code).toBe(1107);
      const bad = await call(t.app, {
        method: 'POST',
        url: '/api/notify/send_sms',
        form: { to: 'abc', type: 1 },
      });
      expect(bad.body.code).toBe(1001);
    });
    it('a registration code for an existing account is not refused with a tell-tale code', async () => {
      const { email } = await registerUser(t.app);
      const r = await call(t.app, {
        method: 'POST',
        url: '/api/notify/send_email',
        form: { to: email, type: 1 },
      });
      // Within the countdown of the code it registered with: the answer any address gets (enumeration.test.ts).
      expect(r.body.code).toBe(1104);
    });
    it('a reset code for an unknown account answers like success and sends nothing', async () => {
      const to = uniqueEmail();
      const r = await call(t.app, { method: 'POST', url: '/api/notify/send_email', form: { to, type: 2 } });
      expect(r.body.code).toBe(1);
      await expect(lastCode(t.app, to)).rejects.toThrow();
    });
  });

  describe('register', () => {
    it('registers with the e-mail code and returns token and user', async () => {
      const email = uniqueEmail();
      await call(t.app, { method: 'POST', url: '/api/notify/send_email', form: { to: email, type: 1 } });
      const code = await lastCode(t.app, email);
      const r = await call(t.app, {
        method: 'POST',
        url: '/api/user/register',
        form: {
          type: 1,
          area_id: 1,
          account: email.toUpperCase(),
          password: PASSWORD,
          re_password: PASSWORD,
          invite_code: '',
          sms_code: code,
          key: '',
          mobile: '',
        },
      });
      expect(r.body.code).toBe(1);
      expect(r.body.data.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(r.body.data.user).toEqual({
        id: expect.any(Number),
        uid: expect.stringMatching(/^\d{8}$/),
        email,
        is_demo: 0,
        credit_score: 100,
        invite_code: expect.stringMatching(/^[A-Z0-9]{8}$/),
        balance: '0.00',
        lock_balance: '0.00',
      });
      // The password is stored as argon2id, the token only as a hash.
      const row = await t.app.ctx.db
        .selectFrom('users')
        .selectAll()
        .where('email', '=', email)
        .executeTakeFirstOrThrow();
      expect(row.password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
      const session = await t.app.ctx.db
        .selectFrom('sessions')
        .selectAll()
        .where('user_id', '=', row.id)
        .executeTakeFirstOrThrow();
      expect(session.token_hash).toBe(sha256(r.body.data.token));
      // The code is used up.
      const again = await call(t.app, {
        method: 'POST',
        url: '/api/user/register',
        form: { account: uniqueEmail(), password: PASSWORD, re_password: PASSWORD, sms_code: code },
      });
      expect(again.body.code).not.toBe(1);
    });
    it('refuses a duplicate account clearly', async () => {
      const { email } = await registerUser(t.app);
      const r = await call(t.app, {
        method: 'POST',
        url: '/api/user/register',
        form: { account: email, password: PASSWORD, re_password: PASSWORD, sms_code: '123456' },
      });
      expect(r.body.code).toBe(1100);
      expect(r.body.msg).toBe('This account is already registered.');
    });
    it('validates every field', async () => {
      const email = uniqueEmail();
      const base = { type: 1, account: email, password: PASSWORD, re_password: PASSWORD, sms_code: '123456' };
      const cases: [Record<string, string | number>, number][] = [
        [{ ...base, account: '' }, 1001],
        [{ ...base, account: 'bad@' }, 1001],
        [{ ...base, password: '' }, 1001],
        [{ ...base, password: 'short1', re_password: 'short1' }, 1001],
        [{ ...base, password: 'lettersonly', re_password: 'lettersonly' }, 1001],
        [{ ...base, password: `${'a1'.repeat(65)}`, re_password: `${'a1'.repeat(65)}` }, 1001],
        [{ ...base, re_password: '' }, 1001],
        [{ ...base, re_password: 'Other1234' }, 1106],
        [{ ...base, type: 5 }, 1001],
        [{ ...base, type: 2 }, 1107],
        [{ ...base, invite_code: '!!' }, 1001],
        [{ ...base, invite_code: 'ZZZZZZZZ' }, 1111],
        [{ ...base, sms_code: '' }, 1001],
        [{ ...base, sms_code: '000000' }, 1102],
        [{ ...base, mobile: 'abc' }, 1001],
        [{ ...base, area_id: 'x' }, 1001],
      ];
      for (const [form, code] of cases) {
        const r = await call(t.app, { method: 'POST', url: '/api/user/register', form });
        expect({ form, code: r.body.code }).toEqual({ form, code });
      }
      // Nothing was written.
      expect(
        await t.app.ctx.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirst(),
      ).toBeUndefined();
    });
    it('limits wrong code tries to 5, then the code is burned (the same answer as a wrong code)', async () => {
      const email = uniqueEmail();
      await call(t.app, { method: 'POST', url: '/api/notify/send_email', form: { to: email, type: 1 } });
      const code = await lastCode(t.app, email);
      const wrong = code === '111111' ? '222222' : '111111';
      const form = { account: email, password: PASSWORD, re_password: PASSWORD, sms_code: wrong };
      for (let i = 0; i < 5; i++) {
        expect((await call(t.app, { method: 'POST', url: '/api/user/register', form })).body.code).toBe(1102);
      }
      const r = await call(t.app, {
        method: 'POST',
        url: '/api/user/register',
        form: { ...form, sms_code: code },
      });
      expect(r.body.code).toBe(1102);
    });
    it('an expired code is refused', async () => {
      const email = uniqueEmail();
      await call(t.app, { method: 'POST', url: '/api/notify/send_email', form: { to: email, type: 1 } });
      const code = await lastCode(t.app, email);
      await t.app.ctx.db
        .updateTable('verification_codes')
        .set({ expires_at: Date.now() - 1 })
        .where('target', '=', email)
        .execute();
      const r = await call(t.app, {
        method: 'POST',
        url: '/api/user/register',
        form: { account: email, password: PASSWORD, re_password: PASSWORD, sms_code: code },
      });
      expect(r.body.code).toBe(1102);
    });
    it('links the new user to the inviter', async () => {
      const inviter = await registerUser(t.app);
      const invited = await registerUser(t.app, uniqueEmail(), {
        invite_code: inviter.user.invite_code.toLowerCase(),
      });
      const row = await t.app.ctx.db
        .selectFrom('users')
        .select('inviter_id')
        .where('id', '=', invited.user.id)
        .executeTakeFirstOrThrow();
      expect(row.inviter_id).toBe(inviter.user.id);
    });
    it('uses the image captcha instead of the e-mail code when verify_reg_type is 2', async () => {
      await setSetting(t.app.ctx.db, 'verify_reg_type', '2');
      try {
        const info = await call(t.app, { method: 'GET', url: '/api/basicSet/getBasicInfo' });
        expect(info.body.data.verify_reg_type).toBe(2);
        const cap = await call<{ id: string; b64s: string }>(t.app, { method: 'GET', url: '/api/captcha' });
        expect(cap.body.code).toBe(1);
        expect(cap.body.data.b64s).toMatch(/^data:image\/png;base64,/);
        const png = Buffer.from(cap.body.data.b64s.split(',')[1] ?? '', 'base64');
        expect(png.subarray(1, 4).toString()).toBe('PNG');
        // The answer is only in the picture; the test sets a known one.
        await t.app.ctx.db
          .updateTable('captchas')
          .set({ answer_hash: sha256(`${cap.body.data.id}|54321`) })
          .where('id', '=', cap.body.data.id)
          .execute();
        const email = uniqueEmail();
        const base = { account: email, password: PASSWORD, re_password: PASSWORD, key: cap.body.data.id };
        expect(
          (await call(t.app, { method: 'POST', url: '/api/user/register', form: { ...base } })).body.code,
        ).toBe(1001);
        const ok = await call(t.app, {
          method: 'POST',
          url: '/api/user/register',
          form: { ...base, sms_code: '54321' },
        });
        expect(ok.body.code).toBe(1);
        // One use only.
        const reuse = await call(t.app, {
          method: 'POST',
          url: '/api/user/register',
          form: { ...base, account: uniqueEmail(), sms_code: '54321' },
        });
        expect(reuse.body.code).toBe(1105);
        // A wrong answer uses the captcha up too.
        const cap2 = await call<{ id: string }>(t.app, { method: 'GET', url: '/api/captcha' });
        const wrong = await call(t.app, {
          method: 'POST',
          url: '/api/user/register',
          form: { ...base, account: uniqueEmail(), key: cap2.body.data.id, sms_code: '00000' },
        });
        expect(wrong.body.code).toBe(1105);
      } finally {
        await setSetting(t.app.ctx.db, 'verify_reg_type', '1');
      }
    });
  });

  describe('login, info, logout', () => {
    it('logs in with account and password and reads user/info', async () => {
      const { email, user } = await registerUser(t.app);
      const r = await call(t.app, {
        method: 'POST',
        url: '/api/user/loginForU',
        form: { account: email, password: PASSWORD, login_type: 'email' },
      });
      expect(r.body.code).toBe(1);
      expect(r.body.data.user).toEqual(user);
      const info = await call(t.app, { method: 'GET', url: '/api/user/info', token: r.body.data.token });
      expect(info.body).toMatchObject({ code: 1, data: user });
      const bearer = await call(t.app, {
        method: 'GET',
        url: '/api/user/info',
        token: `Bearer ${r.body.data.token}`,
      });
      expect(bearer.body.code).toBe(1);
    });
    it('accepts a JSON body too', async () => {
      const { email } = await registerUser(t.app);
      const r = await call(t.app, {
        method: 'POST',
        url: '/api/user/loginForU',
        payload: { account: email, password: PASSWORD },
      });
      expect(r.body.code).toBe(1);
    });
    it('refuses wrong credentials with one message', async () => {
      const { email } = await registerUser(t.app);
      const wrong = await call(t.app, {
        method: 'POST',
        url: '/api/user/loginForU',
        form: { account: email, password: 'Wrong1234' },
      });
      const unknown = await call(t.app, {
        method: 'POST',
        url: '/api/user/loginForU',
        form: { account: uniqueEmail(), password: 'Wrong1234' },
      });
      expect(wrong.body.code).toBe(1101);
      expect(unknown.body).toEqual(wrong.body);
    });
    it('an empty registration names the field as the form labels it (E-mail address), in the caller’s language', async () => {
      const empty = await call(t.app, { method: 'POST', url: '/api/user/register', form: {} });
      expect(empty.body).toMatchObject({ code: 1001, msg: 'Please fill in “E-mail address”.' });
      const hk = await call(t.app, {
        method: 'POST',
        url: '/api/user/register',
        form: {},
        headers: { lang: 'hk' },
      });
      expect(hk.body.msg).toContain('電郵地址');
    });
    it('validates login input', async () => {
      const noAccount = await call(t.app, {
        method: 'POST',
        url: '/api/user/loginForU',
        form: { password: 'x' },
      });
      expect(noAccount.body.code).toBe(1001);
      const noPassword = await call(t.app, {
        method: 'POST',
        url: '/api/user/loginForU',
        form: { account: 'a@b.co' },
      });
      expect(noPassword.body).toMatchObject({ code: 1001, msg: 'Please enter your password.' });
      const badType = await call(t.app, {
        method: 'POST',
        url: '/api/user/loginForU',
        form: { account: 'a@b.co', password: 'x', login_type: 'fax' },
      });
      expect(badType.body.code).toBe(1001);
    });
    it('answers 999 for missing, malformed, unknown, expired and revoked tokens', async () => {
      const { token, user } = await registerUser(t.app);
      for (const bad of [undefined, '', 'garbage', 'x'.repeat(43), `${token}x`]) {
        const r = await call(t.app, { method: 'GET', url: '/api/user/info', token: bad });
        expect(r.body.code).toBe(999);
      }
      // Expired
      const login = await call(t.app, {
        method: 'POST',
        url: '/api/user/loginForU',
        form: {
          account:
            (
              await t.app.ctx.db
                .selectFrom('users')
                .select('email')
                .where('id', '=', user.id)
                .executeTakeFirstOrThrow()
            ).email ?? '',
          password: PASSWORD,
        },
      });
      const t2 = login.body.data.token as string;
      await t.app.ctx.db
        .updateTable('sessions')
        .set({ expires_at: Date.now() - 1000 })
        .where('token_hash', '=', sha256(t2))
        .execute();
      expect((await call(t.app, { method: 'GET', url: '/api/user/info', token: t2 })).body.code).toBe(999);
      // Revoked by logout
      expect((await call(t.app, { method: 'GET', url: '/api/user/info', token })).body.code).toBe(1);
      const out = await call(t.app, { method: 'POST', url: '/api/user/logout', token });
      expect(out.body.code).toBe(1);
      expect((await call(t.app, { method: 'GET', url: '/api/user/info', token })).body.code).toBe(999);
      expect((await call(t.app, { method: 'POST', url: '/api/user/logout', token })).body.code).toBe(999);
    });
    it('logout revokes only the calling session', async () => {
      const { email, token } = await registerUser(t.app);
      const other = await call(t.app, {
        method: 'POST',
        url: '/api/user/loginForU',
        form: { account: email, password: PASSWORD },
      });
      await call(t.app, { method: 'POST', url: '/api/user/logout', token });
      expect(
        (await call(t.app, { method: 'GET', url: '/api/user/info', token: other.body.data.token })).body.code,
      ).toBe(1);
    });
  });

  describe('demo accounts', () => {
    it('creates a demo user with 100,000.00 USD recorded in the ledger, and logs in by demo_id', async () => {
      const demo = await createDemo(t.app);
      expect(demo.user.is_demo).toBe(1);
      expect(demo.user.balance).toBe('100000.00');
      expect(demo.demo_id.length).toBeGreaterThanOrEqual(32);
      const ledger = await t.app.ctx.db
        .selectFrom('ledger')
        .selectAll()
        .where('user_id', '=', demo.user.id)
        .execute();
      expect(ledger).toEqual([
        expect.objectContaining({ amount: 10_000_000, balance_after: 10_000_000, kind: 'demo_grant' }),
      ]);
      const login = await call(t.app, {
        method: 'POST',
        url: '/api/user/loginForU',
        form: { demo_id: demo.demo_id },
      });
      expect(login.body.code).toBe(1);
      expect(login.body.data.user.id).toBe(demo.user.id);
      const info = await call(t.app, { method: 'GET', url: '/api/user/info', token: login.body.data.token });
      expect(info.body.data.is_demo).toBe(1);
      const wrong = await call(t.app, {
        method: 'POST',
        url: '/api/user/loginForU',
        form: { demo_id: 'nope-nope-nope' },
      });
      expect(wrong.body.code).toBe(1101);
    });
    it('refuses demo users what docs/routes.md forbids', async () => {
      const demo = await createDemo(t.app);
      const amend = await call(t.app, {
        method: 'POST',
        url: '/api/user/amend_password',
        token: demo.token,
        form: { old_password: 'x', new_password: 'Newpass123' },
      });
      expect(amend.body).toMatchObject({ code: 1009, msg: 'Please register or log in to a real account.' });
      const forget = await call(t.app, {
        method: 'POST',
        url: '/api/user/forget_password',
        token: demo.token,
        form: { new_password: 'Newpass123', auth_code: '123456', type: 1 },
      });
      expect(forget.body.code).toBe(1009);
      expect(
        (await call(t.app, { method: 'GET', url: '/api/user_real/center', token: demo.token })).body.code,
      ).toBe(1009);
      expect(
        (
          await call(t.app, {
            method: 'POST',
            url: '/api/user_real/real_name',
            token: demo.token,
            form: { name: 'A', card_id: 'X1234' },
          })
        ).body.code,
      ).toBe(1009);
      expect(
        (await call(t.app, { method: 'POST', url: '/api/common/image_upload', token: demo.token })).body.code,
      ).toBe(1009);
    });
  });

  describe('passwords', () => {
    it('forget_password resets with the e-mail code and revokes every session', async () => {
      const { email, token } = await registerUser(t.app);
      await call(t.app, { method: 'POST', url: '/api/notify/send_email', form: { to: email, type: 2 } });
      const code = await lastCode(t.app, email);
      const mismatch = await call(t.app, {
        method: 'POST',
        url: '/api/user/forget_password',
        form: {
          type: 1,
          account: email,
          new_password: 'Newpass123',
          secondary_password: 'Other1234',
          auth_code: code,
        },
      });
      expect(mismatch.body.code).toBe(1106);
      const wrongCode = await call(t.app, {
        method: 'POST',
        url: '/api/user/forget_password',
        form: {
          type: 1,
          account: email,
          new_password: 'Newpass123',
          secondary_password: 'Newpass123',
          auth_code: code === '000000' ? '111111' : '000000',
        },
      });
      expect(wrongCode.body.code).toBe(1102);
      const weak = await call(t.app, {
        method: 'POST',
        url: '/api/user/forget_password',
        form: { type: 1, account: email, new_password: 'weak', auth_code: code },
      });
      expect(weak.body.code).toBe(1001);
      const r = await call(t.app, {
        method: 'POST',
        url: '/api/user/forget_password',
        form: {
          type: 1,
          account: email,
          new_password: 'Newpass123',
          secondary_password: 'Newpass123',
          auth_code: code,
        },
      });
      expect(r.body.code).toBe(1);
      expect((await call(t.app, { method: 'GET', url: '/api/user/info', token })).body.code).toBe(999);
      expect(
        (
          await call(t.app, {
            method: 'POST',
            url: '/api/user/loginForU',
            form: { account: email, password: PASSWORD },
          })
        ).body.code,
      ).toBe(1101);
      expect(
        (
          await call(t.app, {
            method: 'POST',
            url: '/api/user/loginForU',
            form: { account: email, password: 'Newpass123' },
          })
        ).body.code,
      ).toBe(1);
    });
    it('forget_password for the logged-in user needs no account field', async () => {
      const { email, token } = await registerUser(t.app);
      await call(t.app, { method: 'POST', url: '/api/notify/send_email', form: { to: email, type: 2 } });
      const code = await lastCode(t.app, email);
      const r = await call(t.app, {
        method: 'POST',
        url: '/api/user/forget_password',
        token,
        form: { type: 1, new_password: 'Newpass123', auth_code: code },
      });
      expect(r.body.code).toBe(1);
      const anonymous = await call(t.app, {
        method: 'POST',
        url: '/api/user/forget_password',
        form: { type: 1, new_password: 'Newpass123', auth_code: '123456' },
      });
      expect(anonymous.body.code).toBe(1001);
    });
    it('forget_password for an unknown account answers like a wrong code', async () => {
      const r = await call(t.app, {
        method: 'POST',
        url: '/api/user/forget_password',
        form: { type: 1, account: uniqueEmail(), new_password: 'Newpass123', auth_code: '123456' },
      });
      expect(r.body.code).toBe(1102);
    });
    it('amend_password checks the old password and revokes sessions', async () => {
      const { email, token } = await registerUser(t.app);
      const noAuth = await call(t.app, {
        method: 'POST',
        url: '/api/user/amend_password',
        form: { old_password: PASSWORD, new_password: 'Newpass123' },
      });
      expect(noAuth.body.code).toBe(999);
      const missing = await call(t.app, {
        method: 'POST',
        url: '/api/user/amend_password',
        token,
        form: { new_password: 'Newpass123' },
      });
      expect(missing.body.code).toBe(1001);
      const wrong = await call(t.app, {
        method: 'POST',
        url: '/api/user/amend_password',
        token,
        form: { old_password: 'Wrong1234', new_password: 'Newpass123' },
      });
      expect(wrong.body.code).toBe(1101);
      const same = await call(t.app, {
        method: 'POST',
        url: '/api/user/amend_password',
        token,
        form: { old_password: PASSWORD, new_password: PASSWORD },
      });
      expect(same.body.code).toBe(1001);
      const mismatch = await call(t.app, {
        method: 'POST',
        url: '/api/user/amend_password',
        token,
        form: { old_password: PASSWORD, new_password: 'Newpass123', re_password: 'Newpass124' },
      });
      expect(mismatch.body.code).toBe(1106);
      const ok = await call(t.app, {
        method: 'POST',
        url: '/api/user/amend_password',
        token,
        form: { old_password: PASSWORD, new_password: 'Newpass123', re_password: 'Newpass123' },
      });
      expect(ok.body.code).toBe(1);
      expect((await call(t.app, { method: 'GET', url: '/api/user/info', token })).body.code).toBe(999);
      expect(
        (
          await call(t.app, {
            method: 'POST',
            url: '/api/user/loginForU',
            form: { account: email, password: 'Newpass123' },
          })
        ).body.code,
      ).toBe(1);
    });
  });

  it('stores money as integers, never floating point', async () => {
    const demo = await createDemo(t.app);
    const r = await sql<{ b: unknown }>`select balance as b from users where id = ${demo.user.id}`.execute(
      t.app.ctx.db,
    );
    expect(r.rows[0]?.b).toBe(10_000_000);
  });
});

describe.each(MODES)('rate limits (%s)', (mode) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(mode, {
      limits: {
        loginPerIp: [6, 60_000],
        loginPerAccount: [3, 60_000],
        registerPerIp: [3, 60_000],
        registerPerAccount: [2, 60_000],
        codePerIp: [4, 60_000],
        codePerTarget: [2, 60_000],
        demoPerIp: [2, 60_000],
        captchaPerIp: [2, 60_000],
        uploadPerUser: [100, 60_000],
      },
    });
  });
  afterAll(() => t.close());

  const login = (account: string, ip: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/user/loginForU',
      remoteAddress: ip,
      headers: { lang: 'en', 'content-type': 'application/x-www-form-urlencoded' },
      payload: `account=${encodeURIComponent(account)}&password=Wrong1234`,
    });

  it('limits login per account and source and per IP with a clear message', async () => {
    const account = uniqueEmail();
    for (let i = 0; i < 3; i++) expect((await login(account, '10.0.0.1')).json().code).toBe(1101);
    // The guessing source is stopped; the same account from elsewhere is not.
    expect((await login(account, '10.0.0.2')).json().code).toBe(1101);
    const limited = await login(account, '10.0.0.1');
    expect(limited.statusCode).toBe(429);
    expect(limited.json().code).toBe(1004);
    expect(limited.json().msg).toMatch(/Too many attempts\. Please try again in (\d+ seconds|\d+ min)\./);
    expect(limited.headers['retry-after']).toBeDefined();
    // Per IP: other accounts from 10.0.0.3.
    for (let i = 0; i < 6; i++) expect((await login(uniqueEmail(), '10.0.0.3')).statusCode).toBe(200);
    expect((await login(uniqueEmail(), '10.0.0.3')).statusCode).toBe(429);
    // Another IP and account are unaffected.
    expect((await login(uniqueEmail(), '10.0.0.4')).statusCode).toBe(200);
  });

  it('limits code sending per target and per IP', async () => {
    const send = (to: string, ip: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/notify/send_email',
        remoteAddress: ip,
        headers: { lang: 'en', 'content-type': 'application/x-www-form-urlencoded' },
        payload: `to=${encodeURIComponent(to)}&type=1`,
      });
    const to = uniqueEmail();
    expect((await send(to, '10.1.0.1')).json().code).toBe(1);
    expect((await send(to, '10.1.0.2')).json().code).toBe(1104); // 60 s rule
    expect((await send(to, '10.1.0.3')).statusCode).toBe(429); // per target
    for (let i = 0; i < 4; i++) expect((await send(uniqueEmail(), '10.1.0.9')).statusCode).toBe(200);
    expect((await send(uniqueEmail(), '10.1.0.9')).statusCode).toBe(429);
  });

  it('limits registration per IP and per account', async () => {
    const reg = (account: string, ip: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/user/register',
        remoteAddress: ip,
        headers: { lang: 'hk', 'content-type': 'application/x-www-form-urlencoded' },
        payload: `account=${encodeURIComponent(account)}&password=${PASSWORD}&re_password=${PASSWORD}&sms_code=000000`,
      });
    const account = uniqueEmail();
    expect((await reg(account, '10.2.0.1')).json().code).toBe(1102);
    expect((await reg(account, '10.2.0.2')).json().code).toBe(1102);
    const limited = await reg(account, '10.2.0.3');
    expect(limited.statusCode).toBe(429);
    expect(limited.json().msg).toMatch(/秒|分鐘/);
    for (let i = 0; i < 3; i++) expect((await reg(uniqueEmail(), '10.2.0.9')).statusCode).toBe(200);
    expect((await reg(uniqueEmail(), '10.2.0.9')).statusCode).toBe(429);
  });

  it('limits demo creation and captcha per IP', async () => {
    const demo = () =>
      t.app.inject({ method: 'GET', url: '/api/user/createAccountDemoForU', remoteAddress: '10.3.0.1' });
    expect((await demo()).statusCode).toBe(200);
    expect((await demo()).statusCode).toBe(200);
    expect((await demo()).statusCode).toBe(429);
    const cap = () => t.app.inject({ method: 'GET', url: '/api/captcha', remoteAddress: '10.3.0.2' });
    expect((await cap()).statusCode).toBe(200);
    expect((await cap()).statusCode).toBe(200);
    expect((await cap()).statusCode).toBe(429);
  });
});
