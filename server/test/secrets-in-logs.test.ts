/**
 * The log never holds a token, password, code or ID number, even at trace level and even from a careless handler
 * that logs a whole body or a database error; the development outbox (live codes) answers only on this machine and
 * never in production; NODE_ENV=production refuses to start with settings unsafe there.
 */
import { spawnServer } from '../scripts/child-server';
import { loadConfig, unsafeForProduction } from '../src/config';
import { call, createTestApp, lastCode, PASSWORD, registerUser, uniqueEmail } from './helpers';

describe('secrets never reach the log', () => {
  it('a whole flow at trace level, plus a careless handler, leaves no secret in the log', async () => {
    const lines: string[] = [];
    let clock = Date.now();
    const t = await createTestApp(
      'sqlite',
      { now: () => clock, logStream: { write: (l: string) => void lines.push(l) } },
      { logLevel: 'trace' },
      (app) => {
        // A handler that logs what it should not: the redaction still holds.
        app.post('/api/test/careless', async (req) => {
          req.log.info({ body: req.body, headers: req.headers }, 'careless body');
          req.log.info(req.body as object, 'careless top level');
          const err = Object.assign(new Error('duplicate key'), {
            detail: `Key (card_id)=(A1234567) exists.`,
          });
          req.log.error({ err }, 'careless error');
          return { code: 1, msg: 'ok', data: null };
        });
      },
    );
    try {
      const email = uniqueEmail();
      const { token } = await registerUser(t.app, email);
      const regCode = await lastCode(t.app, email);
      await call(t.app, { method: 'GET', url: `/api/user/info?token=${token}`, token });
      await call(t.app, {
        method: 'POST',
        url: '/api/user/loginForU',
        form: { account: email, password: PASSWORD },
      });
      clock += 61_000; // past the resend countdown
      await call(t.app, { method: 'POST', url: '/api/notify/send_email', form: { to: email, type: 2 } });
      const resetCode = await lastCode(t.app, email);
      const newPassword = 'Brandnew987';
      await call(t.app, {
        method: 'POST',
        url: '/api/user/forget_password',
        form: {
          account: email,
          new_password: newPassword,
          secondary_password: newPassword,
          auth_code: resetCode,
        },
      });
      await call(t.app, {
        method: 'POST',
        url: '/api/test/careless',
        headers: { 'content-type': 'application/json', authorization: token, token },
        payload: JSON.stringify({
          password: PASSWORD,
          new_password: newPassword,
          auth_code: resetCode,
          sms_code: regCode,
          card_id: 'A1234567',
          token,
        }),
      });
      const log = lines.join('');
      expect(log.length).toBeGreaterThan(1000);
      expect(log).toContain('careless body');
      for (const secret of [token, PASSWORD, newPassword, regCode, resetCode, 'A1234567']) {
        expect([secret, log.includes(secret)]).toEqual([secret, false]);
      }
    } finally {
      await t.close();
    }
  });
});

describe('the development outbox', () => {
  it('answers only to loopback clients, never through a proxy, never in production', async () => {
    const t = await createTestApp('sqlite');
    const prod = await createTestApp('sqlite', {}, { nodeEnv: 'production' });
    try {
      const get = (app: typeof t.app, remoteAddress: string, headers: Record<string, string> = {}) =>
        app.inject({ method: 'GET', url: '/dev/outbox', remoteAddress, headers });
      expect((await get(t.app, '127.0.0.1')).statusCode).toBe(200);
      expect((await get(t.app, '::1')).statusCode).toBe(200);
      expect((await get(t.app, '10.0.0.5')).statusCode).toBe(404);
      expect((await get(t.app, '192.168.1.20')).statusCode).toBe(404);
      expect((await get(t.app, '127.0.0.1', { 'x-forwarded-for': '203.0.113.9' })).statusCode).toBe(404);
      expect((await get(prod.app, '127.0.0.1')).statusCode).toBe(404);
    } finally {
      await t.close();
      await prod.close();
    }
  });
});

describe('production settings', () => {
  it('names every unsafe setting', () => {
    const c = loadConfig({
      NODE_ENV: 'production',
      RATE_LIMIT_SCALE: '50',
      CHECK_RESPONSES: 'true',
      LOG_LEVEL: 'debug',
      DATABASE_URL: 'postgres://postgres:postgres@db/meridian',
    });
    const problems = unsafeForProduction(c).join('\n');
    for (const word of ['SMTP_URL', 'RATE_LIMIT_SCALE', 'CHECK_RESPONSES', 'LOG_LEVEL', 'DATABASE_URL']) {
      expect(problems).toContain(word);
    }
    const safe = loadConfig({
      NODE_ENV: 'production',
      SMTP_URL: 'smtp://mailer:Xk29!vq@mail.example.com:587',
      DATABASE_URL: 'postgres://meridian:Zr8-long-secret@db/meridian',
    });
    expect(unsafeForProduction(safe)).toEqual([]);
    expect(unsafeForProduction(loadConfig({ NODE_ENV: 'development' }))).toEqual([]);
  });

  it('npm start with NODE_ENV=production and the defaults refuses to start with a clear message', async () => {
    const server = await spawnServer({ NODE_ENV: 'production', SMTP_URL: '' });
    const code = await new Promise<number | null>((resolve) => server.proc.on('close', (c) => resolve(c)));
    const err = server.log();
    expect(code).toBe(2);
    expect(err).toMatch(/Refusing to start with NODE_ENV=production/);
    expect(err).toMatch(/SMTP_URL is not set/);
  }, 60_000);
});
