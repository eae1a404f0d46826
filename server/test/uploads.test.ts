/** Image uploads, who may read them, and real-name verification built on them — in both storage modes. */
import crypto from 'node:crypto';
import sharp from 'sharp';
import { decideRealName } from '../src/modules/compliance/repository';
import { call, createTestApp, MODES, PASSWORD, registerUser } from './helpers';
import { createOpsUser } from './support/ops';
import type { TestApp } from './helpers';

function multipart(parts: { name: string; filename?: string; type?: string; data: Buffer | string }[]) {
  const boundary = `----meridian${crypto.randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const p of parts) {
    const disp = p.filename
      ? `form-data; name="${p.name}"; filename="${p.filename}"`
      : `form-data; name="${p.name}"`;
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: ${disp}\r\n${p.type ? `Content-Type: ${p.type}\r\n` : ''}\r\n`,
      ),
    );
    chunks.push(Buffer.isBuffer(p.data) ? p.data : Buffer.from(p.data));
    chunks.push(Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

const image = (format: 'png' | 'jpeg' | 'webp', w = 64, h = 48) =>
  sharp({ create: { width: w, height: h, channels: 3, background: { r: 200, g: 30, b: 60 } } })
    .toFormat(format)
    .toBuffer();

describe.each(MODES)('uploads and real name (%s)', (mode) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(mode);
  });
  afterAll(() => t.close());

  async function upload(
    token: string | undefined,
    data: Buffer | string,
    filename = 'photo.png',
    type = 'image/png',
    field = 'file',
  ) {
    const body = multipart([{ name: field, filename, type, data }]);
    return call<{ url: string }>(t.app, { method: 'POST', url: '/api/common/image_upload', token, ...body });
  }

  it('accepts JPEG, PNG and WebP, re-encoded, readable by the owner', async () => {
    const a = await registerUser(t.app);
    for (const [fmt, mime] of [
      ['png', 'image/png'],
      ['jpeg', 'image/jpeg'],
      ['webp', 'image/webp'],
    ] as const) {
      const r = await upload(a.token, await image(fmt), `x.${fmt}`, 'application/octet-stream');
      expect(r.body.code).toBe(1);
      expect(r.body.data.url).toMatch(/^\/api\/common\/upload\/[A-Za-z0-9_-]{32}\.(png|jpg|webp)$/);
      const got = await t.app.inject({
        method: 'GET',
        url: r.body.data.url,
        headers: { authorization: a.token },
      });
      expect(got.statusCode).toBe(200);
      expect(got.headers['content-type']).toBe(mime);
      expect(got.headers['cache-control']).toBe('private, no-store');
      const meta = await sharp(got.rawPayload).metadata();
      expect(meta.width).toBe(64);
    }
  });

  it('strips metadata and trailing data by re-encoding', async () => {
    const a = await registerUser(t.app);
    const withExif = await sharp({ create: { width: 20, height: 20, channels: 3, background: '#00f' } })
      .jpeg()
      .withMetadata({ exif: { IFD0: { Copyright: 'SECRET-EXIF' } } })
      .toBuffer();
    const polyglot = Buffer.concat([withExif, Buffer.from('<script>alert(1)</script>')]);
    const r = await upload(a.token, polyglot, 'a.jpg', 'image/jpeg');
    expect(r.body.code).toBe(1);
    const got = await t.app.inject({
      method: 'GET',
      url: r.body.data.url,
      headers: { authorization: a.token },
    });
    expect(got.rawPayload.includes(Buffer.from('SECRET-EXIF'))).toBe(false);
    expect(got.rawPayload.includes(Buffer.from('<script>'))).toBe(false);
  });

  it('rejects an SVG, an HTML file renamed .png, garbage, a truncated image and a missing file', async () => {
    const a = await registerUser(t.app);
    const svg = '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>';
    expect((await upload(a.token, svg, 'x.svg', 'image/svg+xml')).body.code).toBe(1110);
    expect(
      (await upload(a.token, '<!doctype html><script>alert(1)</script>', 'x.png', 'image/png')).body.code,
    ).toBe(1110);
    expect((await upload(a.token, crypto.randomBytes(2000), 'x.png', 'image/png')).body.code).toBe(1110);
    const png = await image('png', 300, 300);
    expect((await upload(a.token, png.subarray(0, 60), 'x.png', 'image/png')).body.code).toBe(1110);
    expect((await upload(a.token, Buffer.alloc(0), 'x.png', 'image/png')).body.code).toBe(1110);
    // Wrong field name, or not multipart at all.
    expect((await upload(a.token, png, 'x.png', 'image/png', 'other')).body.code).toBe(1110);
    const notMultipart = await call(t.app, {
      method: 'POST',
      url: '/api/common/image_upload',
      token: a.token,
      payload: { file: 'x' },
    });
    expect(notMultipart.body.code).toBe(1110);
    // Two tiny files are not "too large": an upload carries one file, and says so.
    const two = multipart([
      { name: 'file', filename: 'a.png', type: 'image/png', data: await image('png', 4, 4) },
      { name: 'file', filename: 'b.png', type: 'image/png', data: await image('png', 4, 4) },
    ]);
    const twice = await call(t.app, {
      method: 'POST',
      url: '/api/common/image_upload',
      token: a.token,
      ...two,
    });
    expect(twice.status).toBe(200);
    expect(twice.body).toMatchObject({ code: 1110, msg: 'Please send one file per upload.' });
    // Nothing was stored.
    const count = await t.app.ctx.db
      .selectFrom('uploads')
      .select('id')
      .where('owner_id', '=', a.user.id)
      .execute();
    expect(count).toHaveLength(0);
  });

  it('rejects an oversized file (> 5 MB) and too many pixels', async () => {
    const a = await registerUser(t.app);
    const big = Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      crypto.randomBytes(5 * 1024 * 1024 + 10),
    ]);
    const r = await upload(a.token, big);
    expect(r.status).toBe(413);
    expect(r.body.code).toBe(1005);
    const huge = await sharp({ create: { width: 6000, height: 5000, channels: 3, background: '#fff' } })
      .png()
      .toBuffer();
    expect(huge.length).toBeLessThan(5 * 1024 * 1024);
    const px = await upload(a.token, huge);
    expect(px.body.code).toBe(1110);
    expect(px.body.msg).toMatch(/pixels/);
  });

  it('needs a session; user B can read nothing of user A, ops can', async () => {
    const a = await registerUser(t.app);
    const b = await registerUser(t.app);
    expect((await upload(undefined, await image('png'))).body.code).toBe(999);
    const r = await upload(a.token, await image('png'));
    const url = r.body.data.url;
    // No token, or an ended session, is refused like everyone else: 404 with 1002 (docs/calls.md).
    const noAuth = await t.app.inject({ method: 'GET', url });
    expect(noAuth.statusCode).toBe(404);
    expect(noAuth.json().code).toBe(1002);
    await call(t.app, { method: 'POST', url: '/api/user/logout', token: b.token });
    const ended = await t.app.inject({ method: 'GET', url, headers: { authorization: b.token } });
    expect(ended.statusCode).toBe(404);
    expect(ended.json()).toEqual(noAuth.json());
    const b2 = (
      await call<{ token: string }>(t.app, {
        method: 'POST',
        url: '/api/user/loginForU',
        form: { account: b.email, password: PASSWORD },
      })
    ).body.data;
    const byB = await t.app.inject({ method: 'GET', url, headers: { authorization: b2.token } });
    expect(byB.statusCode).toBe(404);
    expect(byB.json().code).toBe(1002);
    const missing = await t.app.inject({
      method: 'GET',
      url: `${url.slice(0, -8)}AAAA.png`,
      headers: { authorization: b.token },
    });
    expect(missing.json()).toEqual(byB.json());
    const bad = await t.app.inject({
      method: 'GET',
      url: '/api/common/upload/..%2f..%2fmeridian.sqlite',
      headers: { authorization: a.token },
    });
    expect(bad.statusCode).toBe(404);
    // Not used for anything yet: the owner's only. Used as an identity photo: compliance reads it.
    const reviewer = await createOpsUser(t.app, ['compliance']);
    const unused = await t.app.inject({ method: 'GET', url, headers: { authorization: reviewer.token } });
    expect(unused.statusCode).toBe(404);
    const back = (await upload(a.token, await image('png'))).body.data.url;
    const kyc = await call(t.app, {
      method: 'POST',
      url: '/api/user_real/real_name',
      token: a.token,
      form: { name: 'Chan Tai Man', card_id: 'A1234567', front_pic: url, reverse_pic: back },
    });
    expect(kyc.body.code).toBe(1);
    const byOps = await t.app.inject({ method: 'GET', url, headers: { authorization: reviewer.token } });
    expect(byOps.statusCode).toBe(200);
    // An ops person whose role does not review identities is not a reader.
    const support = await createOpsUser(t.app, ['support']);
    const bySupport = await t.app.inject({ method: 'GET', url, headers: { authorization: support.token } });
    expect(bySupport.statusCode).not.toBe(200);
  });

  describe('real name', () => {
    it('center shows 0 before submission; submit moves it to 1; resubmission refused while waiting', async () => {
      const a = await registerUser(t.app);
      expect((await call(t.app, { method: 'GET', url: '/api/user_real/center' })).body.code).toBe(999);
      const empty = await call(t.app, { method: 'GET', url: '/api/user_real/center', token: a.token });
      expect(empty.body.data).toEqual({
        review_status: 0,
        name: '',
        card_id: '',
        front_pic: '',
        reverse_pic: '',
        reason: '',
      });
      const front = (await upload(a.token, await image('jpeg'))).body.data.url;
      const back = (await upload(a.token, await image('jpeg'))).body.data.url;
      const r = await call(t.app, {
        method: 'POST',
        url: '/api/user_real/real_name',
        token: a.token,
        form: { name: 'Chan Tai Man', card_id: 'a123456-7', front_pic: front, reverse_pic: back },
      });
      expect(r.body.code).toBe(1);
      expect(r.body.msg).toMatch(/waiting for review/);
      const center = await call(t.app, { method: 'GET', url: '/api/user_real/center', token: a.token });
      expect(center.body.data).toEqual({
        review_status: 1,
        name: 'Chan Tai Man',
        card_id: 'A123456-7',
        front_pic: front,
        reverse_pic: back,
        reason: '',
      });
      const again = await call(t.app, {
        method: 'POST',
        url: '/api/user_real/real_name',
        token: a.token,
        form: { name: 'Chan Tai Man', card_id: 'A123456-7', front_pic: front, reverse_pic: back },
      });
      expect(again.body.code).toBe(1108);
    });

    it('validates fields and refuses pictures that are not the caller’s', async () => {
      const a = await registerUser(t.app);
      const b = await registerUser(t.app);
      const aPic = (await upload(a.token, await image('png'))).body.data.url;
      const bPic = (await upload(b.token, await image('png'))).body.data.url;
      const base = { name: 'Lee', card_id: 'X1234567', front_pic: bPic, reverse_pic: bPic };
      const cases: [Record<string, string>, number][] = [
        [{ ...base, name: '' }, 1001],
        [{ ...base, name: '<script>' }, 1001],
        [{ ...base, name: 'x'.repeat(101) }, 1001],
        [{ ...base, card_id: '' }, 1001],
        [{ ...base, card_id: '12' }, 1001],
        [{ ...base, card_id: 'abc def!' }, 1001],
        [{ ...base, front_pic: '' }, 1001],
        [{ ...base, front_pic: aPic }, 1110],
        [{ ...base, reverse_pic: aPic }, 1110],
        [{ ...base, front_pic: 'https://evil.example/x.png' }, 1110],
      ];
      for (const [form, code] of cases) {
        const r = await call(t.app, {
          method: 'POST',
          url: '/api/user_real/real_name',
          token: b.token,
          form,
        });
        expect({ form, code: r.body.code }).toEqual({ form, code });
      }
      const center = await call(t.app, { method: 'GET', url: '/api/user_real/center', token: b.token });
      expect(center.body.data.review_status).toBe(0);
    });

    it('keeps the decision: rejected shows the form again with the reason; approved refuses resubmission', async () => {
      const a = await registerUser(t.app);
      const ops = await createOpsUser(t.app, ['compliance']);
      const pic = (await upload(a.token, await image('png'))).body.data.url;
      const form = { name: 'Wong Siu Ming', card_id: 'B7654321', front_pic: pic, reverse_pic: pic };
      await call(t.app, { method: 'POST', url: '/api/user_real/real_name', token: a.token, form });
      const row = await t.app.ctx.db
        .selectFrom('real_name')
        .selectAll()
        .where('user_id', '=', a.user.id)
        .executeTakeFirstOrThrow();
      expect(
        await decideRealName(t.app.ctx.db, row.id, {
          approved: false,
          decidedBy: ops.id,
          reason: 'Photo is blurred',
          at: Date.now(),
        }),
      ).toBe(true);
      const rejected = await call(t.app, { method: 'GET', url: '/api/user_real/center', token: a.token });
      expect(rejected.body.data).toMatchObject({ review_status: 0, reason: 'Photo is blurred' });
      expect(
        (await call(t.app, { method: 'POST', url: '/api/user_real/real_name', token: a.token, form })).body
          .code,
      ).toBe(1);
      const rows = await t.app.ctx.db
        .selectFrom('real_name')
        .selectAll()
        .where('user_id', '=', a.user.id)
        .orderBy('id')
        .execute();
      expect(rows.map((r) => r.review_status)).toEqual([3, 1]);
      expect(rows[0]).toMatchObject({ decided_by_ops: ops.id, reason: 'Photo is blurred' });
      await decideRealName(t.app.ctx.db, rows[1]!.id, {
        approved: true,
        decidedBy: ops.id,
        reason: null,
        at: Date.now(),
      });
      expect(
        (await call(t.app, { method: 'GET', url: '/api/user_real/center', token: a.token })).body.data
          .review_status,
      ).toBe(2);
      expect(
        (await call(t.app, { method: 'POST', url: '/api/user_real/real_name', token: a.token, form })).body
          .code,
      ).toBe(1109);
    });
  });
});
