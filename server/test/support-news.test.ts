/**
 * News and announcement editing in the back office: a draft is not listed, publishing lists it, unpublishing takes
 * it back; HTML is sanitized on save, in the preview and when served; roles and audit; the edited announcement
 * replaces the translated default once published.
 */
import { ERROR_CODES } from '@meridian/shared/pure';
import { call, createTestApp, MODES, registerUser } from './helpers';
import type { TestApp } from './helpers';
import { createOpsUser } from './support/ops';

const HOSTILE =
  '<h2>Rates</h2><p onclick="x()">Hi <a href="javascript:alert(1)">bad</a> <a href="https://example.com">ok</a></p><script>alert(1)</script><img src="http://evil/x.png"><img src="https://cdn.example.com/a.png">';

describe.each(MODES)('news editing (%s)', (mode) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(mode);
  });
  afterAll(async () => {
    await t.close();
  });

  it('draft, preview, publish, unpublish; sanitized; audited; roles', async () => {
    const ops = await createOpsUser(t.app, ['support']);
    const saved = await call(t.app, {
      method: 'POST',
      url: '/api/ops/news/save',
      token: ops.token,
      form: { title: '<b>Fed</b> holds', desc: 'Rates unchanged', content: HOSTILE },
    });
    expect(saved.body.code).toBe(1);
    const id = saved.body.data.id as number;
    expect(saved.body.data).toMatchObject({ status: 0, title: 'Fed holds' });
    for (const html of [saved.body.data.content as string]) {
      expect(html).not.toMatch(/script|onclick|javascript:|http:\/\/evil/);
      expect(html).toContain('https://cdn.example.com/a.png');
      expect(html).toContain('target="_blank"');
    }
    const preview = await call(t.app, {
      method: 'POST',
      url: '/api/ops/news/preview',
      token: ops.token,
      form: { content: HOSTILE },
    });
    expect(preview.body.data.content).toBe(saved.body.data.content);

    const listed = async () =>
      (await call(t.app, { method: 'GET', url: '/api/news/list?category_id=1&limit=50' })).body.data.data.map(
        (n: { id: number }) => n.id,
      );
    expect(await listed()).not.toContain(id);
    expect((await call(t.app, { method: 'GET', url: `/api/news/info?id=${id}` })).body.code).toBe(
      ERROR_CODES.notFound,
    );

    const pub = await call(t.app, {
      method: 'POST',
      url: '/api/ops/news/publish',
      token: ops.token,
      form: { id, published: 1 },
    });
    expect(pub.body.data.status).toBe(1);
    expect((await listed())[0]).toBe(id);
    const info = await call(t.app, { method: 'GET', url: `/api/news/info?id=${id}` });
    expect(info.body.data.content).not.toMatch(/script|onclick|javascript:/);

    const edit = await call(t.app, {
      method: 'POST',
      url: '/api/ops/news/save',
      token: ops.token,
      form: { id, title: 'Fed holds rates', desc: 'Unchanged', content: '<p>Short</p>' },
    });
    expect(edit.body.data).toMatchObject({ status: 1, title: 'Fed holds rates', content: '<p>Short</p>' });

    await call(t.app, {
      method: 'POST',
      url: '/api/ops/news/publish',
      token: ops.token,
      form: { id, published: 0 },
    });
    expect(await listed()).not.toContain(id);
    const all = await call(t.app, { method: 'GET', url: '/api/ops/news', token: ops.token });
    expect(all.body.data.data.find((n: { id: number }) => n.id === id)).toMatchObject({ status: 0 });

    const actions = await t.app.ctx.db
      .selectFrom('audit_log')
      .select('action')
      .where('object_type', '=', 'news')
      .where('object_id', '=', String(id))
      .orderBy('id')
      .execute();
    expect(actions.map((a) => a.action)).toEqual([
      'news.create',
      'news.publish',
      'news.update',
      'news.unpublish',
    ]);

    const finance = await createOpsUser(t.app, ['finance']);
    const refused = await call(t.app, { method: 'GET', url: '/api/ops/news', token: finance.token });
    expect(refused.body.code).toBe(ERROR_CODES.opsRole);
    const trader = await registerUser(t.app);
    expect((await call(t.app, { method: 'GET', url: '/api/ops/news', token: trader.token })).body.code).toBe(
      ERROR_CODES.opsOnly,
    );
    const bad: Record<string, string | number>[] = [
      { title: '', desc: 'x', content: 'x' },
      { title: 'x', desc: 'x', content: 'x', logo: 'javascript:alert(1)' },
      { id: 'abc', title: 'x', desc: 'x', content: 'x' },
      { id: 999999, title: 'x', desc: 'x', content: 'x' },
    ];
    for (const form of bad) {
      const r = await call(t.app, { method: 'POST', url: '/api/ops/news/save', token: ops.token, form });
      expect(r.body.code).not.toBe(1);
    }
  });

  it("the logo follows the body's image rule: https or this site, never another host by // or /\\", async () => {
    const ops = await createOpsUser(t.app, ['support']);
    const save = (logo: string) =>
      call(t.app, {
        method: 'POST',
        url: '/api/ops/news/save',
        token: ops.token,
        form: { title: 'Logo', desc: 'd', content: `<p>x</p><img src="${logo}">`, logo },
      });
    for (const logo of [
      '//evil.example/t.png',
      '/\\evil.example/t.png',
      '\\\\evil.example/t.png',
      '/\\/evil.example/t.png',
      'http://evil.example/t.png',
      'https:evil.example/t.png',
    ]) {
      const r = await save(logo);
      expect([logo, r.body.code]).toEqual([logo, ERROR_CODES.validation]);
    }
    for (const logo of ['https://cdn.example/t.png', '/icons/news.png']) {
      const r = await save(logo);
      expect(r.body.code).toBe(1);
      expect(r.body.data).toMatchObject({ logo });
      // The same URL survives in the body too: one rule.
      expect(r.body.data.content).toContain(`src="${logo}"`);
    }
  });

  it('the announcement: edited, then published for every language, as text', async () => {
    const ops = await createOpsUser(t.app, ['support']);
    const before = await call(t.app, { method: 'GET', url: '/api/content/announcement' });
    const draft = await call(t.app, {
      method: 'POST',
      url: '/api/ops/announcement/save',
      token: ops.token,
      form: { title: 'Maintenance', content: 'Sunday <b>02:00</b> UTC', published: 0 },
    });
    expect(draft.body.data).toMatchObject({
      title: 'Maintenance',
      content: 'Sunday 02:00 UTC',
      published: false,
    });
    expect((await call(t.app, { method: 'GET', url: '/api/content/announcement' })).body.data).toEqual(
      before.body.data,
    );
    await call(t.app, {
      method: 'POST',
      url: '/api/ops/announcement/save',
      token: ops.token,
      form: { title: 'Maintenance', content: 'Sunday 02:00 UTC', published: 1 },
    });
    const served = await call(t.app, {
      method: 'GET',
      url: '/api/content/announcement',
      headers: { lang: 'fr' },
    });
    expect(served.body.data).toEqual({ title: 'Maintenance', content: 'Sunday 02:00 UTC' });
  });
});
