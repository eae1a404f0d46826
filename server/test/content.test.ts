/** News (sanitized), announcement, complaint e-mail, companies — in both storage modes. */
import { insertNews } from '../src/modules/content/repository';
import { call, createTestApp, MODES } from './helpers';
import type { TestApp } from './helpers';

const EVIL = `<h2 onclick="alert(1)">Title</h2><script>alert('x')</script><p style="color:red">Text <a href="javascript:alert(1)">bad link</a> <a href="https://example.com">good link</a></p><img src="x" onerror="alert(1)"><iframe src="https://evil.example"></iframe><svg><script>1</script></svg><table><tr><td>cell</td></tr></table>`;

function expectClean(html: string) {
  expect(html).not.toMatch(/<script|onerror|onclick|javascript:|<iframe|<svg|style=/i);
}

describe.each(MODES)('content (%s)', (mode) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(mode);
  });
  afterAll(() => t.close());

  it('seeds at least 10 structured articles, listed newest first with paging', async () => {
    const p1 = await call<{ data: { id: number; title: string; created_at: string }[]; total: number }>(
      t.app,
      {
        method: 'GET',
        url: '/api/news/list?category_id=1&page=1',
      },
    );
    expect(p1.body.code).toBe(1);
    expect(p1.body.data.total).toBeGreaterThanOrEqual(10);
    expect(p1.body.data.data).toHaveLength(10);
    expect(p1.body.data.data[0]).toEqual({
      id: expect.any(Number),
      category_id: 1,
      title: expect.any(String),
      desc: expect.any(String),
      logo: expect.any(String),
      created_at: expect.stringMatching(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/),
    });
    const p2 = await call<{ data: { id: number }[]; total: number }>(t.app, {
      method: 'GET',
      url: '/api/news/list?category_id=1&page=2',
    });
    expect(p1.body.data.data.length + p2.body.data.data.length).toBe(p1.body.data.total);
    const ids = [...p1.body.data.data, ...p2.body.data.data].map((n) => n.id);
    expect(new Set(ids).size).toBe(ids.length);
    const none = await call<{ data: unknown[]; total: number }>(t.app, {
      method: 'GET',
      url: '/api/news/list?category_id=7',
    });
    expect(none.body.data).toEqual({ data: [], total: 0 });
  });

  it('validates news list and info input', async () => {
    for (const url of [
      '/api/news/list?page=0',
      '/api/news/list?page=x',
      '/api/news/list?category_id=-1',
      '/api/news/list?limit=500',
      '/api/news/info',
      '/api/news/info?id=0',
      '/api/news/info?id=1.5',
    ]) {
      expect({ url, code: (await call(t.app, { method: 'GET', url })).body.code }).toEqual({
        url,
        code: 1001,
      });
    }
    expect((await call(t.app, { method: 'GET', url: '/api/news/info?id=999999' })).body.code).toBe(1002);
  });

  it('serves an article with its structured HTML', async () => {
    const list = await call<{ data: { id: number }[] }>(t.app, {
      method: 'GET',
      url: '/api/news/list?category_id=1&page=1',
    });
    const id = list.body.data.data[0]?.id;
    const r = await call<{ content: string; title: string }>(t.app, {
      method: 'GET',
      url: `/api/news/info?id=${id}`,
    });
    expect(r.body.code).toBe(1);
    expect(r.body.data.content).toMatch(/<h2>|<p>/);
    expect(r.body.data.title.length).toBeGreaterThan(5);
  });

  it('sanitizes news HTML before storage', async () => {
    const id = await insertNews(t.app.ctx.db, {
      category_id: 1,
      title: '<b>Hi</b> there',
      desc: 'd',
      logo: '',
      content: EVIL,
      created_at: 1,
    });
    const row = await t.app.ctx.db
      .selectFrom('news')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expectClean(row.content);
    expect(row.content).toContain('<h2>Title</h2>');
    expect(row.content).toContain('<td>cell</td>');
    expect(row.content).toContain('href="https://example.com"');
    expect(row.content).toContain('rel="noopener noreferrer nofollow"');
    expect(row.title).toBe('Hi there');
  });

  it('sanitizes news HTML again when served', async () => {
    // Written past the repository, as an old row or a manual edit would be.
    const row = await t.app.ctx.db
      .insertInto('news')
      .values({ category_id: 1, title: 't', desc: 'd', logo: '', content: EVIL, created_at: 2 })
      .returning('id')
      .executeTakeFirstOrThrow();
    const r = await call<{ content: string }>(t.app, { method: 'GET', url: `/api/news/info?id=${row.id}` });
    expect(r.body.code).toBe(1);
    expectClean(r.body.data.content);
    expect(r.body.data.content).toContain('good link');
  });

  it('announcement lists the sanctioned countries, in the caller language', async () => {
    const en = await call<{ title: string; content: string }>(t.app, {
      method: 'GET',
      url: '/api/content/announcement',
    });
    for (const c of ['North Korea', 'Israel', 'China', 'Vanuatu', 'Cuba'])
      expect(en.body.data.content).toContain(c);
    const hk = await call<{ content: string }>(t.app, {
      method: 'GET',
      url: '/api/content/announcement',
      headers: { lang: 'hk' },
    });
    for (const c of ['北韓', '以色列', '中國', '瓦努阿圖', '古巴']) expect(hk.body.data.content).toContain(c);
  });

  it('complaint e-mail', async () => {
    const r = await call<{ email: string }>(t.app, { method: 'GET', url: '/api/content/complaint_email' });
    expect(r.body.data.email).toMatch(/@/);
  });

  describe('companies', () => {
    it('getCompany returns the active company by default, or the one asked for', async () => {
      const r = await call(t.app, { method: 'GET', url: '/api/company/getCompany' });
      expect(r.body.code).toBe(1);
      expect(r.body.data).toEqual({
        id: expect.any(Number),
        name: 'Meridian Markets Ltd',
        logo: expect.any(String),
        url: expect.any(String),
        subject: expect.any(String),
        registered_address: expect.any(String),
        location: expect.any(String),
        email: expect.any(String),
      });
    });
    it('getCompanyStatus shows status 0 and loss_url for the suspended company (query or cookie)', async () => {
      const search = await call<{ data: { id: number; name: string }[]; total: number }>(t.app, {
        method: 'GET',
        url: '/api/company/search?name=northgate',
      });
      expect(search.body.data.total).toBe(1);
      const id = search.body.data.data[0]?.id;
      const byQuery = await call(t.app, {
        method: 'GET',
        url: `/api/company/getCompanyStatus?company_id=${id}`,
      });
      expect(byQuery.body.data).toEqual({
        id,
        status: 0,
        type: 1,
        loss_url: expect.stringMatching(/^https:\/\//),
      });
      const byCookie = await call(t.app, {
        method: 'GET',
        url: '/api/company/getCompanyStatus',
        headers: { cookie: `x=1; company_id=${id}` },
      });
      expect(byCookie.body.data.status).toBe(0);
      const active = await call(t.app, { method: 'GET', url: '/api/company/getCompanyStatus' });
      expect(active.body.data).toMatchObject({ status: 1, loss_url: '' });
    });
    it('search by name is case-insensitive and treats wildcards literally', async () => {
      const all = await call<{ total: number }>(t.app, {
        method: 'GET',
        url: '/api/company/search?name=MARKETS',
      });
      expect(all.body.data.total).toBe(1);
      const pct = await call<{ total: number }>(t.app, {
        method: 'GET',
        url: '/api/company/search?name=%25',
      });
      expect(pct.body.data.total).toBe(0);
      const under = await call<{ total: number }>(t.app, {
        method: 'GET',
        url: '/api/company/search?name=_',
      });
      expect(under.body.data.total).toBe(0);
      expect((await call(t.app, { method: 'GET', url: '/api/company/search' })).body.code).toBe(1001);
      expect(
        (await call(t.app, { method: 'GET', url: `/api/company/search?name=${'a'.repeat(101)}` })).body.code,
      ).toBe(1001);
    });
    it('unknown or malformed company ids', async () => {
      expect(
        (await call(t.app, { method: 'GET', url: '/api/company/getCompany?company_id=999999' })).body.code,
      ).toBe(1002);
      expect(
        (await call(t.app, { method: 'GET', url: '/api/company/getCompany?company_id=abc' })).body.code,
      ).toBe(1001);
    });
  });
});

describe.each(MODES)('seeding (%s)', (mode) => {
  it('is idempotent, also when two nodes start together on one database', async () => {
    const t = await createTestApp(mode);
    try {
      const { seed } = await import('../src/storage/seed');
      await Promise.all([seed(t.app.ctx), seed(t.app.ctx), seed(t.app.ctx)]);
      const companies = await t.app.ctx.db.selectFrom('companies').select('id').execute();
      const news = await t.app.ctx.db.selectFrom('news').select('id').execute();
      expect(companies).toHaveLength(2);
      expect(news.length).toBe(11);
    } finally {
      await t.close();
    }
  });
});
