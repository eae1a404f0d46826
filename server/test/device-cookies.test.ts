/**
 * Device cookies (OWASP "Slow Down Online Guessing Attacks with Device Cookies", lib/login-guard.ts): a stranger with
 * many source addresses guessing an account's password slows untrusted devices only; the owner's device, which signed
 * in before, signs in at once with the right password (trader login and ops sign-in). A trusted device's own wrong
 * passwords count against its cookie, not against the account; a cookie is bound to its account.
 */
import { totpCode } from '../src/modules/ops/totp';
import { createOpsAccount } from '../src/modules/ops/accounts';
import { call, createTestApp, MODES, PASSWORD, registerUser, uniqueEmail } from './helpers';
import type { TestApp } from './helpers';
import { secretOf } from './support/ops';

/** The cookie a response sets, as a browser would send it back (`name=value`), checking its attributes. */
function cookieOf(headers: Record<string, unknown>, name: string): string {
  const raw = headers['set-cookie'];
  const all = (Array.isArray(raw) ? raw : [raw]).filter((x): x is string => typeof x === 'string');
  const c = all.find((x) => x.startsWith(`${name}=`));
  if (!c) throw new Error(`no ${name} cookie in ${JSON.stringify(all)}`);
  expect(c).toMatch(/; HttpOnly/);
  expect(c).toMatch(/; SameSite=Strict/);
  return c.split(';')[0] ?? '';
}

describe.each(MODES)('device cookies (%s)', (mode) => {
  let t: TestApp;
  let clock = Date.now();
  beforeAll(async () => {
    t = await createTestApp(mode, { now: () => clock });
  });
  afterAll(async () => {
    await t.close();
  });

  const login = (account: string, password: string, ip: string, cookie?: string) =>
    call(t.app, {
      method: 'POST',
      url: '/api/user/loginForU',
      form: { account, password },
      remoteAddress: ip,
      headers: cookie ? { cookie } : {},
    });

  /** Wrong passwords from rotating addresses until the account's delay is on (answers 1004). */
  async function attack(send: (ip: string) => Promise<{ status: number; body: { code: number } }>) {
    let delayed = 0;
    for (let i = 0; i < 40; i++) {
      const r = await send(`10.9.${Math.floor(i / 200)}.${i % 200}`);
      if (r.body.code === 1004) delayed += 1;
    }
    expect(delayed).toBeGreaterThan(20);
  }

  it('trader: the owner signs in from a known device during a distributed attack; unknown devices wait', async () => {
    const { email } = await registerUser(t.app);
    const first = await login(email, PASSWORD, '192.0.2.20');
    expect(first.body.code).toBe(1);
    const cookie = cookieOf(first.headers, 'meridian_device');

    await attack((ip) => login(email, 'Wrong1234', ip));
    // A device that never signed in (or forged a cookie) waits for the account's delay...
    expect((await login(email, PASSWORD, '192.0.2.21')).body.code).toBe(1004);
    expect((await login(email, PASSWORD, '192.0.2.21', 'meridian_device=v1.forged')).body.code).toBe(1004);
    // ...the owner's device does not, even from a new address.
    const owner = await login(email, PASSWORD, '198.51.100.5', cookie);
    expect(owner.body.code).toBe(1);
    // A cookie is bound to its account: it is no pass for another one under attack.
    const { email: other } = await registerUser(t.app);
    await attack((ip) => login(other, 'Wrong1234', ip));
    expect((await login(other, PASSWORD, '192.0.2.20', cookie)).body.code).toBe(1004);
  });

  it("trader: a known device's wrong passwords count against its cookie, not against the account", async () => {
    const { email } = await registerUser(t.app);
    const first = await login(email, PASSWORD, '192.0.2.30');
    const cookie = cookieOf(first.headers, 'meridian_device');
    for (let i = 0; i < 4; i++) {
      expect((await login(email, 'Wrong1234', `192.0.2.${31 + i}`, cookie)).body.code).toBe(1101);
    }
    // The account has no delay: another device of the owner signs in straight away.
    expect((await login(email, PASSWORD, '192.0.2.40')).body.code).toBe(1);
    // Beyond LOGIN_DEVICE_FAILURES the cookie is distrusted: its failures now count for the account.
    for (let i = 0; i < 12; i++) await login(email, 'Wrong1234', `192.0.2.${41 + i}`, cookie);
    expect((await login(email, PASSWORD, '192.0.2.60', cookie)).body.code).toBe(1004);
  });

  it('ops: the owner signs in with password and code from a known device during a distributed attack', async () => {
    const email = uniqueEmail('ops');
    const created = await createOpsAccount(t.app.ctx.db, { email, roles: ['support'], now: clock });
    const secret = secretOf(created.otpauthUri);
    const signIn = (password: string, ip: string, cookie?: string) =>
      call(t.app, {
        method: 'POST',
        url: '/api/ops/auth/login',
        form: { email, password, code: totpCode(secret, clock) },
        remoteAddress: ip,
        headers: cookie ? { cookie } : {},
      });
    const first = await signIn(created.password, '192.0.2.70');
    expect(first.body.code).toBe(1);
    const cookie = cookieOf(first.headers, 'meridian_ops_device');
    clock += 30_000; // the next TOTP step (a code works once)

    await attack((ip) => signIn('Wrong1234', ip));
    expect((await signIn(created.password, '192.0.2.71')).body.code).toBe(1004);
    const owner = await signIn(created.password, '198.51.100.9', cookie);
    expect(owner.body.code).toBe(1);
    // The trader cookie is no ops cookie.
    expect(cookie.startsWith('meridian_ops_device=')).toBe(true);
  });
});
