/**
 * Every answer is the envelope, also those made before a route runs (Node's parser, the router, the body parsers,
 * the multipart parser, unknown routes), in the caller's language with a fitting HTTP status; and browser origins
 * are judged by the public suffix list, a foreign Origin on the WebSocket being refused at the upgrade with 403.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import WebSocket from 'ws';
import { ERROR_CODES } from '@meridian/shared/pure';
import { originAllowed } from '../src/lib/origins';
import { createTestApp, registerUser } from './helpers';
import type { TestApp } from './helpers';

type Raw = { status: number; body: string; headers: http.IncomingHttpHeaders };

function raw(
  port: number,
  path: string,
  opts: { headers?: Record<string, string>; body?: string; method?: string } = {},
) {
  return new Promise<Raw>((resolve, reject) => {
    const r = http.request(
      { host: '127.0.0.1', port, path, method: opts.method ?? 'GET', headers: opts.headers },
      (res) => {
        let b = '';
        res.setEncoding('utf8');
        res.on('data', (d: string) => (b += d));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: b, headers: res.headers }));
      },
    );
    r.on('error', reject);
    if (opts.body !== undefined) r.write(opts.body);
    r.end();
  });
}

describe('answers made before a route runs', () => {
  let t: TestApp;
  let port: number;
  let token: string;
  const t_ = (lang: string, key: string) => t.app.ctx.i18n.t(lang as 'en', key);
  beforeAll(async () => {
    t = await createTestApp('sqlite');
    token = (await registerUser(t.app)).token;
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as AddressInfo).port;
  });
  afterAll(() => t.close());

  const envelopeOf = (r: Raw) => {
    const body = JSON.parse(r.body) as { code: number; msg: string; data: unknown };
    expect(Object.keys(body).sort()).toEqual(['code', 'data', 'msg']);
    expect(body.data).toBeNull();
    return body;
  };

  const upload = (contentType: string, body: string) =>
    raw(port, '/api/common/image_upload', {
      method: 'POST',
      headers: { lang: 'ar', authorization: token, 'content-type': contentType },
      body,
    });

  it.each([
    [
      'an over-long URL',
      () => raw(port, `/api/news/list?x=${'a'.repeat(20_000)}`, { headers: { lang: 'de' } }),
      431,
      ERROR_CODES.payloadTooLarge,
      'de',
      'error.tooLarge',
    ],
    [
      'over-long headers',
      () => raw(port, '/api/news/list', { headers: { lang: 'ar', 'x-pad': 'a'.repeat(20_000) } }),
      431,
      ERROR_CODES.payloadTooLarge,
      'ar',
      'error.tooLarge',
    ],
    [
      'a long path parameter',
      () =>
        raw(port, `/api/common/upload/${'a'.repeat(5000)}`, {
          headers: { lang: 'en', authorization: token },
        }),
      414,
      ERROR_CODES.payloadTooLarge,
      'en',
      'error.tooLarge',
    ],
    [
      'malformed JSON',
      () =>
        raw(port, '/api/user/loginForU', {
          method: 'POST',
          headers: { lang: 'de', 'content-type': 'application/json' },
          body: '{bad',
        }),
      400,
      ERROR_CODES.badRequest,
      'de',
      'error.badRequest',
    ],
    [
      'a body over the limit',
      () =>
        raw(port, '/api/user/loginForU', {
          method: 'POST',
          headers: { lang: 'en', 'content-type': 'application/json' },
          body: JSON.stringify({ a: 'x'.repeat(300_000) }),
        }),
      413,
      ERROR_CODES.payloadTooLarge,
      'en',
      'error.tooLarge',
    ],
    [
      'a content type nobody reads',
      () =>
        raw(port, '/api/user/loginForU', {
          method: 'POST',
          headers: { lang: 'ar', 'content-type': 'text/xml' },
          body: '<a/>',
        }),
      415,
      ERROR_CODES.badRequest,
      'ar',
      'error.badRequest',
    ],
    [
      'an unknown GET route',
      () => raw(port, '/api/nope', { headers: { lang: 'de' } }),
      404,
      ERROR_CODES.notFound,
      'de',
      'error.notFound',
    ],
    [
      'an unknown POST route',
      () => raw(port, '/v1/api/nope', { method: 'POST', headers: { lang: 'en' }, body: 'x' }),
      404,
      ERROR_CODES.notFound,
      'en',
      'error.notFound',
    ],
    [
      'multipart without a boundary',
      () => upload('multipart/form-data', '--x\r\n'),
      400,
      ERROR_CODES.badRequest,
      'ar',
      'error.badRequest',
    ],
    [
      'truncated multipart',
      () =>
        upload(
          'multipart/form-data; boundary=XyZ',
          '--XyZ\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\n\r\nabc',
        ),
      400,
      ERROR_CODES.badRequest,
      'ar',
      'error.badRequest',
    ],
    [
      'multipart with a mismatched boundary',
      () =>
        upload(
          'multipart/form-data; boundary=AAA',
          '--XyZ\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\n\r\nabc\r\n--XyZ--\r\n',
        ),
      400,
      ERROR_CODES.badRequest,
      'ar',
      'error.badRequest',
    ],
    [
      'the WebSocket path without an upgrade',
      () => raw(port, '/v1/ws', { headers: { lang: 'en' } }),
      426,
      ERROR_CODES.badRequest,
      'en',
      'error.badRequest',
    ],
  ] as const)(
    '%s answers the envelope in the caller language',
    async (_name, send, status, code, lang, key) => {
      const r = await send();
      expect(r.status).toBe(status);
      expect(r.headers['content-type']).toMatch(/^application\/json/);
      const body = envelopeOf(r);
      expect(body.code).toBe(code);
      expect(body.msg).toBe(t_(lang, key));
      expect(r.body).not.toContain('aaaaaaaaaa');
    },
  );
});

describe('origins by the public suffix list', () => {
  it.each([
    ['https://evil.co.uk', 'api.meridian.co.uk', false],
    ['https://www.meridian.co.uk', 'api.meridian.co.uk', true],
    ['https://attacker.herokuapp.com', 'app.herokuapp.com', false],
    ['https://app.herokuapp.com', 'app.herokuapp.com:443', true],
    ['https://www.example.com', 'api.example.com', true],
    ['https://example.com.evil.net', 'api.example.com', false],
    ['https://evil.com', 'api.example.com', false],
    ['null', 'api.example.com', false],
    ['javascript:alert(1)', 'api.example.com', false],
    ['http://127.0.0.2:8080', '127.0.0.1:8080', false],
    ['http://127.0.0.1:5173', '127.0.0.1:8080', true],
  ])('%s calling %s: %s', (origin, host, allowed) => {
    expect(originAllowed(origin, host)).toBe(allowed);
  });

  it('an explicit allow-list admits a named origin and nothing else', () => {
    expect(
      originAllowed('https://partner.example.org', 'api.meridian.co.uk', ['https://partner.example.org']),
    ).toBe(true);
    expect(
      originAllowed('https://other.example.org', 'api.meridian.co.uk', ['https://partner.example.org']),
    ).toBe(false);
  });

  describe('on the wire', () => {
    let t: TestApp;
    let port: number;
    beforeAll(async () => {
      t = await createTestApp('sqlite');
      await t.app.listen({ port: 0, host: '127.0.0.1' });
      port = (t.app.server.address() as AddressInfo).port;
    });
    afterAll(() => t.close());

    const upgrade = (origin: string, host: string) =>
      new Promise<number>((resolve, reject) => {
        const ws = new WebSocket(`ws://127.0.0.1:${port}/v1/ws`, { headers: { origin, host } });
        ws.on('open', () => {
          ws.close();
          resolve(101);
        });
        ws.on('unexpected-response', (_req, res) => {
          resolve(res.statusCode ?? 0);
          ws.terminate();
        });
        ws.on('error', reject);
      });

    it('refuses a foreign Origin on the WebSocket at the upgrade with 403', async () => {
      expect(await upgrade('https://evil.co.uk', 'api.meridian.co.uk')).toBe(403);
      expect(await upgrade('https://attacker.herokuapp.com', 'app.herokuapp.com')).toBe(403);
      expect(await upgrade('https://www.meridian.co.uk', 'api.meridian.co.uk')).toBe(101);
    });

    it('gives CORS headers only to a sibling', async () => {
      const sib = await raw(port, '/api/news/list', {
        headers: { origin: 'https://www.meridian.co.uk', host: 'api.meridian.co.uk' },
      });
      expect(sib.headers['access-control-allow-origin']).toBe('https://www.meridian.co.uk');
      const evil = await raw(port, '/api/news/list', {
        headers: { origin: 'https://evil.co.uk', host: 'api.meridian.co.uk' },
      });
      expect(evil.headers['access-control-allow-origin']).toBeUndefined();
    });
  });
});
