/**
 * The authorization matrix (authz-matrix.ts) against the route table: every route Fastify registered has a row and
 * every row a route; then each non-public route is called with no token, an expired token, a demo token, a real
 * trader's token, an ops token (with and without the role) and another user's object ids, each expecting the
 * refusal its row names. The figures are printed.
 */
import crypto from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { ERROR_CODES, OPS_ROLES } from '@meridian/shared/pure';
import type { OpsRole } from '@meridian/shared/pure';
import { call, createDemo, createTestApp, MODES, registerUser } from './helpers';
import type { TestApp } from './helpers';
import { MATRIX } from './authz-matrix';
import type { OwnedObject, Row } from './authz-matrix';
import { createOpsUser } from './support/ops';
import { FakeMarket } from './support/fake-market';
import { api, fundedUser } from './support/trading';

const isChecked = (url: string) => /^\/(api|v1|dev)(\/|$)/.test(url) && !url.startsWith('/api/test/');

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
  return (r.json().data.url as string).split('/').pop() ?? '';
}

describe.each(MODES)('authorization matrix (%s)', (mode) => {
  let t: TestApp;
  const market = new FakeMarket();
  const registered: string[] = [];
  const tok = {
    real: '',
    other: '',
    demo: '',
    expired: '',
    opsExpired: '',
    ops: {} as Record<OpsRole, string>,
  };
  const objects = {} as Record<OwnedObject, string>;

  beforeAll(async () => {
    t = await createTestApp(mode, { market }, {}, (app) =>
      app.addHook('onRoute', (r) => {
        for (const m of Array.isArray(r.method) ? r.method : [r.method]) {
          if (m !== 'HEAD' && isChecked(r.url)) registered.push(`${m} ${r.url}`);
        }
      }),
    );
    market.setPrice('EURUSD', 1.1, 1.1002);
    market.setOpen('EURUSD', true);
    const owner = await fundedUser(t.app, 100_000_00);
    tok.real = owner.token;
    tok.other = (await fundedUser(t.app, 100_000_00)).token;
    tok.demo = (await createDemo(t.app)).token;
    const stale = await registerUser(t.app);
    tok.expired = stale.token;
    await t.app.ctx.db
      .updateTable('sessions')
      .set({ expires_at: 1 })
      .where('user_id', '=', stale.user.id)
      .execute();
    for (const role of OPS_ROLES) tok.ops[role] = (await createOpsUser(t.app, [role])).token;
    const staleOps = await createOpsUser(t.app, ['admin']);
    tok.opsExpired = staleOps.token;
    await t.app.ctx.db
      .updateTable('ops_sessions')
      .set({ expires_at: 1 })
      .where('ops_id', '=', staleOps.id)
      .execute();
    // The owner's objects.
    const base = { type: 1, cont: '0.1', forex_id: 1, multiple: 100 };
    const open = await api(t.app, owner.token, '/v1/api/forex/submit', { ...base, status: 1 });
    const pending = await api(t.app, owner.token, '/v1/api/forex/submit', {
      ...base,
      status: 0,
      target_price: '1.05',
    });
    if (open.code !== 1 || pending.code !== 1) throw new Error(`orders: ${open.msg} / ${pending.msg}`);
    objects.order = String(open.data.Id);
    objects.pendingOrder = String(pending.data.Id);
    objects.upload = await uploadPic(t.app, owner.token);
    const alert = await call(t.app, {
      method: 'POST',
      url: '/api/alert/save',
      token: owner.token,
      form: { forex_id: 1, kind: 'price', side: 'bid', direction: 'above', level: '1.3', repeat: 0 },
    });
    if (alert.body.code !== 1) throw new Error(`alert: ${alert.body.msg}`);
    objects.alert = String(alert.body.data.id);
  });
  afterAll(() => t.close());

  it('every registered route has a row, and every row a route', () => {
    const missing = registered.filter((r) => !(r in MATRIX));
    const stale = Object.keys(MATRIX).filter((r) => !registered.includes(r));
    const covered = registered.length - missing.length;
    process.stdout.write(
      `\nauthz matrix (${mode}): ${covered}/${registered.length} registered routes covered` +
        ` (${Math.round((100 * covered) / Math.max(1, registered.length))}%)\n`,
    );
    expect({ missing, stale }).toEqual({ missing: [], stale: [] });
  });

  it('every non-public route refuses each kind of stranger as its row says', async () => {
    const failures: string[] = [];
    let probes = 0;
    const probe = async (
      key: string,
      row: Row,
      who: string,
      token: string | undefined,
      expected: { code: number; status: number },
      useOwnerObject = true,
    ) => {
      const [method, url] = key.split(' ') as ['GET' | 'POST', string];
      const owns = 'owns' in row ? row.owns : undefined;
      let path = url;
      let query = '';
      const form: Record<string, string> = {};
      if (owns && useOwnerObject) {
        const id = objects[owns.object];
        if ('path' in owns.param) path = path.replace(`:${owns.param.path}`, id);
        else if ('form' in owns.param) form[owns.param.form] = id;
        else query = `?${owns.param.query}=${encodeURIComponent(id)}`;
      }
      path = path.replace(/:[A-Za-z_]+/g, 'x');
      const r = await call(t.app, {
        method,
        url: path + query,
        token,
        ...(method === 'POST' ? { form } : {}),
      });
      probes += 1;
      if (r.status !== expected.status || r.body.code !== expected.code) {
        failures.push(
          `${key} as ${who}: HTTP ${r.status} code ${r.body.code}, expected ${expected.status}/${expected.code}`,
        );
      }
    };
    const at = (code: number, status = 200) => ({ code, status });
    const EXPIRED = at(ERROR_CODES.sessionExpired);

    for (const [key, row] of Object.entries(MATRIX)) {
      if (!registered.includes(key)) continue;
      switch (row.access) {
        case 'public':
          break;
        case 'trader':
        case 'real':
        case 'demoOnly': {
          await probe(key, row, 'no token', undefined, EXPIRED);
          await probe(key, row, 'an expired token', tok.expired, EXPIRED);
          await probe(key, row, 'an ops token', tok.ops.admin, at(ERROR_CODES.opsTokenOnTrader));
          if (row.access === 'real')
            await probe(key, row, 'a demo token', tok.demo, at(ERROR_CODES.demoForbidden));
          if (row.access === 'demoOnly')
            await probe(key, row, 'a real token', tok.real, at(ERROR_CODES.forbidden));
          if (row.owns)
            await probe(key, row, "another user's token on the owner's object", tok.other, row.owns.refusal);
          break;
        }
        case 'ops': {
          await probe(key, row, 'no token', undefined, EXPIRED);
          await probe(key, row, 'an expired ops token', tok.opsExpired, EXPIRED);
          await probe(key, row, 'a real trader token', tok.real, at(ERROR_CODES.opsOnly));
          await probe(key, row, 'a demo token', tok.demo, at(ERROR_CODES.opsOnly));
          await probe(key, row, 'an expired trader token', tok.expired, EXPIRED);
          if (row.roles !== 'any') {
            for (const role of OPS_ROLES) {
              if (role === 'admin' || row.roles.includes(role)) continue;
              await probe(
                key,
                row,
                `an ops token without the role (${role})`,
                tok.ops[role],
                at(ERROR_CODES.opsRole),
              );
            }
          }
          break;
        }
        case 'ownerOrOps': {
          // The same refusal in every case (an image's existence is nobody else's business): no token too.
          const refusal = row.owns.refusal;
          await probe(key, row, 'no token', undefined, refusal);
          await probe(key, row, 'an expired token', tok.expired, refusal);
          await probe(key, row, 'a demo token', tok.demo, refusal);
          await probe(key, row, "another user's token on the owner's object", tok.other, refusal);
          await probe(key, row, 'an expired ops token', tok.opsExpired, refusal);
          for (const role of OPS_ROLES) {
            if (role === 'admin' || row.roles.includes(role)) continue;
            await probe(key, row, `an ops token without the role (${role})`, tok.ops[role], refusal);
          }
          break;
        }
      }
    }
    // The owner's objects are untouched by all of this.
    const mine = await api(t.app, tok.real, '/v1/api/forex/my_deal', { status: 1 });
    expect(mine.data.data.map((o: { Id: number }) => String(o.Id))).toContain(objects.order);
    process.stdout.write(
      `authz probes (${mode}): ${probes} refusal probes, ${failures.length} wrong answers\n`,
    );
    expect(failures).toEqual([]);
    expect(probes).toBeGreaterThan(100);
  });
});
