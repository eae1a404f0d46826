/**
 * No account enumeration, no lockout of someone else: code requests and password resets answer the same whether an
 * address is registered or not and whatever state its code is in; wrong passwords stop the source that sends them
 * and slow the account's guessing with a growing delay, never shutting the owner out.
 */
import {
  call,
  createTestApp,
  HIGH_LIMITS,
  lastCode,
  MODES,
  PASSWORD,
  registerUser,
  uniqueEmail,
} from './helpers';
import type { TestApp } from './helpers';
import { LOGIN_FREE_FAILURES, LOGIN_MAX_DELAY_MS } from '../src/lib/login-guard';

describe.each(MODES)('no enumeration, no lockout (%s)', (mode) => {
  let t: TestApp;
  let clock = Date.now();
  beforeAll(async () => {
    t = await createTestApp(mode, {
      now: () => clock,
      limits: { ...HIGH_LIMITS, loginPerIp: [20, 60_000], loginPerAccount: [10, 15 * 60_000] },
    });
  });
  afterAll(() => t.close());

  const sendCode = (to: string, type: 1 | 2, ip = '10.9.0.1') =>
    call(t.app, { method: 'POST', url: '/api/notify/send_email', form: { to, type }, remoteAddress: ip });
  const strip = (b: { code: number; msg: string }) => ({ code: b.code, msg: b.msg.replace(/\d+/g, 'N') });

  it.each([1, 2] as const)(
    'a code request of type %s answers alike for registered and unknown addresses',
    async (type) => {
      const known = (await registerUser(t.app)).email;
      clock += 61_000; // past the countdown of the registration code
      const unknown = uniqueEmail();
      const first = [await sendCode(known, type), await sendCode(unknown, type)];
      expect(strip(first[0]!.body)).toEqual(strip(first[1]!.body));
      expect(first[0]!.body.code).toBe(1);
      if (type === 1) {
        // The owner is told by e-mail, with no code in it.
        const mail = await t.app.ctx.db
          .selectFrom('outbox')
          .select(['subject', 'body_text'])
          .where('to_addr', '=', known)
          .orderBy('id', 'desc')
          .executeTakeFirstOrThrow();
        expect(mail.subject).toMatch(/tried to register/);
        expect(mail.body_text).not.toMatch(/\d{6}/);
      }
      const second = [await sendCode(known, type), await sendCode(unknown, type)];
      expect(strip(second[0]!.body)).toEqual(strip(second[1]!.body));
      expect(second[0]!.body.code).toBe(1104);
    },
  );

  it('forget_password with a wrong code answers the same whatever the account or the code state', async () => {
    const reset = (account: string, code: string) =>
      call(t.app, {
        method: 'POST',
        url: '/api/user/forget_password',
        form: { account, new_password: 'Newpass123', secondary_password: 'Newpass123', auth_code: code },
      });
    const unknown = uniqueEmail();
    const noCode = (await registerUser(t.app)).email;
    const expired = (await registerUser(t.app)).email;
    const burned = (await registerUser(t.app)).email;
    clock += 61_000;
    for (const e of [expired, burned]) expect((await sendCode(e, 2)).body.code).toBe(1);
    const expiredCode = await lastCode(t.app, expired);
    const burnedCode = await lastCode(t.app, burned);
    const wrong = (c: string) => (c === '111111' ? '222222' : '111111');
    for (let i = 0; i < 5; i++) await reset(burned, wrong(burnedCode));
    clock += 11 * 60_000; // the expired one's 10 minutes are over (the burned one is burned anyway)
    const answers = [
      await reset(unknown, '123456'),
      await reset(noCode, '123456'),
      await reset(expired, expiredCode),
      await reset(burned, burnedCode),
      await reset(burned, wrong(burnedCode)),
    ].map((r) => r.body);
    for (const a of answers) expect(a).toEqual(answers[0]);
    expect(answers[0]?.code).toBe(1102);
  });

  it('five wrong guesses burn a reset code', async () => {
    const email = (await registerUser(t.app)).email;
    clock += 61_000;
    await sendCode(email, 2);
    const code = await lastCode(t.app, email);
    const form = (c: string) => ({
      account: email,
      new_password: 'Newpass123',
      secondary_password: 'Newpass123',
      auth_code: c,
    });
    for (let i = 0; i < 5; i++)
      await call(t.app, {
        method: 'POST',
        url: '/api/user/forget_password',
        form: form(code === '000000' ? '999999' : '000000'),
      });
    const r = await call(t.app, { method: 'POST', url: '/api/user/forget_password', form: form(code) });
    expect(r.body.code).toBe(1102);
  });

  it('a stranger guessing from many sources slows the account down but never locks the owner out', async () => {
    const { email } = await registerUser(t.app);
    const login = (password: string, ip: string) =>
      call(t.app, {
        method: 'POST',
        url: '/api/user/loginForU',
        form: { account: email, password },
        remoteAddress: ip,
      });
    // Thirty wrong passwords from ten sources, each waiting out the delay like a patient attacker.
    let refusedForDelay = 0;
    for (let i = 0; i < 30; i++) {
      const r = await login('Wrong1234', `10.7.0.${i % 10}`);
      if (r.status === 429) {
        refusedForDelay += 1;
        const wait = Number(r.headers['retry-after']);
        expect(wait * 1000).toBeLessThanOrEqual(LOGIN_MAX_DELAY_MS);
        clock += wait * 1000;
        continue;
      }
      expect(r.body.code).toBe(1101);
    }
    expect(refusedForDelay).toBeGreaterThan(0);
    // The owner, from home, waits at most the longest delay, then signs in: no 15-minute lock.
    let owner = await login(PASSWORD, '192.0.2.10');
    if (owner.status === 429) {
      expect(Number(owner.headers['retry-after']) * 1000).toBeLessThanOrEqual(LOGIN_MAX_DELAY_MS);
      clock += LOGIN_MAX_DELAY_MS;
      owner = await login(PASSWORD, '192.0.2.10');
    }
    expect(owner.body.code).toBe(1);
    expect(LOGIN_FREE_FAILURES).toBe(5);
  });

  it('the guessing source itself is stopped per account and source', async () => {
    const { email } = await registerUser(t.app);
    clock += LOGIN_MAX_DELAY_MS * 2;
    const login = (ip: string) =>
      call(t.app, {
        method: 'POST',
        url: '/api/user/loginForU',
        form: { account: email, password: 'Wrong1234' },
        remoteAddress: ip,
      });
    let limited = false;
    for (let i = 0; i < 12 && !limited; i++) {
      const r = await login('10.8.0.1');
      if (r.status === 429 && r.body.code === 1004) limited = true;
      clock += LOGIN_MAX_DELAY_MS; // past any delay: only the per-source limit can stop it
    }
    expect(limited).toBe(true);
  });
});
