/**
 * Fuzz pass over every call of the accounts/content/uploads issue with malformed input (fast-check):
 * every answer is an envelope with a code other than a crash, and never a 5xx.
 */
import fc from 'fast-check';
import { call, createTestApp, MODES, registerUser } from './helpers';
import type { TestApp } from './helpers';

type Route = { method: 'GET' | 'POST'; url: string; auth?: boolean };

const ROUTES: Route[] = [
  { method: 'GET', url: '/api/default/area_list' },
  { method: 'GET', url: '/api/default/setting' },
  { method: 'GET', url: '/api/basicSet/getBasicInfo' },
  { method: 'POST', url: '/api/user/register' },
  { method: 'POST', url: '/api/notify/send_email' },
  { method: 'POST', url: '/api/notify/send_sms' },
  { method: 'GET', url: '/api/captcha' },
  { method: 'POST', url: '/api/user/loginForU' },
  { method: 'GET', url: '/api/user/createAccountDemoForU' },
  { method: 'GET', url: '/api/user/info', auth: true },
  { method: 'POST', url: '/api/user/forget_password' },
  { method: 'POST', url: '/api/user/amend_password', auth: true },
  { method: 'GET', url: '/api/user_real/center', auth: true },
  { method: 'POST', url: '/api/user_real/real_name', auth: true },
  { method: 'POST', url: '/api/common/image_upload', auth: true },
  { method: 'GET', url: '/api/common/upload/x', auth: true },
  { method: 'GET', url: '/api/news/list' },
  { method: 'GET', url: '/api/news/info' },
  { method: 'GET', url: '/api/content/announcement' },
  { method: 'GET', url: '/api/content/complaint_email' },
  { method: 'GET', url: '/api/company/getCompany' },
  { method: 'GET', url: '/api/company/getCompanyStatus' },
  { method: 'GET', url: '/api/company/search' },
  // Last: a valid token sent here is revoked.
  { method: 'POST', url: '/api/user/logout', auth: true },
];

const FIELDS = [
  'account',
  'password',
  're_password',
  'login_type',
  'demo_id',
  'type',
  'area_id',
  'invite_code',
  'sms_code',
  'key',
  'mobile',
  'to',
  'new_password',
  'secondary_password',
  'auth_code',
  'old_password',
  'name',
  'card_id',
  'front_pic',
  'reverse_pic',
  'id',
  'page',
  'category_id',
  'limit',
  'company_id',
  'file',
  '__proto__',
  'constructor',
];

const nasty = fc.oneof(
  fc.string(),
  fc.string({ unit: 'grapheme', maxLength: 50 }),
  fc.constantFrom(
    '',
    ' ',
    '0',
    '-1',
    '1e308',
    'NaN',
    'null',
    'true',
    '9'.repeat(30),
    '\u0000',
    '%00',
    '../../etc/passwd',
    '<script>alert(1)</script>',
    "' OR 1=1 --",
    'a@b',
    'x@y.z',
    '1',
    '2',
    'Secret123',
    '{{field}}',
    '%',
    '_',
  ),
  fc.integer().map(String),
  fc.double().map(String),
  fc.string({ minLength: 300, maxLength: 2000 }),
);

const jsonValue = fc.oneof(
  nasty,
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.array(nasty, { maxLength: 3 }),
  fc.dictionary(nasty, nasty, { maxKeys: 3 }),
);
const fieldsArb = fc.dictionary(
  fc.oneof(fc.constantFrom(...FIELDS), fc.string({ maxLength: 10 })),
  jsonValue,
  { maxKeys: 8 },
);

const bodyArb = fc.oneof(
  fieldsArb.map((f) => ({ kind: 'json' as const, f })),
  fieldsArb.map((f) => ({ kind: 'form' as const, f })),
  fc.string({ maxLength: 500 }).map((raw) => ({ kind: 'rawjson' as const, raw })),
  fc.string({ maxLength: 500 }).map((raw) => ({ kind: 'multipart' as const, raw })),
  fc.uint8Array({ maxLength: 400 }).map((bytes) => ({ kind: 'octet' as const, bytes })),
);

const headerArb = fc.record({
  lang: fc.oneof(fc.constantFrom('hk', 'en', 'tw', 'ar', 'xx', '', 'EN', 'fa'), fc.string({ maxLength: 20 })),
  auth: fc.oneof(
    fc.constant('valid'),
    fc.constant(undefined),
    fc.string({ maxLength: 80 }),
    fc.constant('Bearer '),
  ),
});

function queryOf(f: Record<string, unknown>): string {
  const p = new URLSearchParams();
  for (const [k, v] of Object.entries(f)) p.append(k, typeof v === 'string' ? v : JSON.stringify(v));
  const s = p.toString();
  return s ? `?${s}` : '';
}

const printable = (s: string) => s.replace(/[^\x20-\x7e]/g, '');

describe.each(MODES)('fuzz (%s)', (mode) => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    t = await createTestApp(mode);
    token = (await registerUser(t.app)).token;
  });
  afterAll(() => t.close());

  it.each(ROUTES.map((r) => [`${r.method} ${r.url}`, r] as const))(
    '%s never answers 5xx',
    async (_name, route) => {
      await fc.assert(
        fc.asyncProperty(bodyArb, headerArb, async (body, h) => {
          const headers: Record<string, string> = { lang: printable(h.lang) };
          if (h.auth === 'valid') headers.authorization = token;
          else if (h.auth !== undefined) headers.authorization = printable(h.auth);
          let url = route.url;
          let payload: string | Buffer | undefined;
          if (route.method === 'GET') {
            if (body.kind === 'json' || body.kind === 'form') url += queryOf(body.f);
          } else if (body.kind === 'json') {
            headers['content-type'] = 'application/json';
            payload = JSON.stringify(body.f);
          } else if (body.kind === 'form') {
            headers['content-type'] = 'application/x-www-form-urlencoded';
            payload = queryOf(body.f).slice(1);
          } else if (body.kind === 'rawjson') {
            headers['content-type'] = 'application/json';
            payload = body.raw;
          } else if (body.kind === 'multipart') {
            headers['content-type'] = 'multipart/form-data; boundary=XyZ';
            payload = `--XyZ\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\n\r\n${body.raw}\r\n--XyZ--\r\n`;
          } else {
            headers['content-type'] = 'application/octet-stream';
            payload = Buffer.from(body.bytes);
          }
          const res = await call(t.app, { method: route.method, url, headers, payload });
          if (res.status >= 500)
            throw new Error(`${route.method} ${url} -> ${res.status} ${JSON.stringify(res.body)}`);
          expect(typeof res.body.code).toBe('number');
          expect(typeof res.body.msg).toBe('string');
        }),
        { numRuns: mode === 'sqlite' ? 120 : 40 },
      );
    },
  );
});
