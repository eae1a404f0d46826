import { OPS_PATHS, PATHS } from '@meridian/shared/pure';
import { OPS_LOGIN_PATH, OPS_ROUTES } from '../ops/routes';
import { guard, hashRoute, mergedQuery } from './guard';
import { findRoute, ROUTES } from './routes';

const guest = { isLoggedIn: false, isDemo: false };
const real = { isLoggedIn: true, isDemo: false };
const demo = { isLoggedIn: true, isDemo: true };

describe('route table', () => {
  it('maps every route of docs/routes.md', () => {
    const paths = ROUTES.map((r) => r.path).sort();
    expect(paths).toEqual(
      [
        '/',
        '/trade',
        '/order',
        '/user',
        '/news',
        '/news/detail',
        '/rank',
        '/feedback',
        '/login',
        '/register',
        '/forgot',
        '/product',
        '/mine/auth',
        '/mine/invite',
        '/mine/email',
        '/mine/announcement',
        '/mine/password',
        '/mine/statement',
        '/mine/alerts',
        '/mine/notifications',
        '/mine/history',
        '/mine/charge',
        '/mine/withdraw',
        '/mine/chat',
        '/mine/system',
        '/mine/wallet',
        '/mine/bank-card-list',
        '/mine/coin-address-list',
        '/mine/withdraw-way',
        '/language',
      ].sort(),
    );
  });

  it('has a route for every page of the path table, and no other', () => {
    expect(ROUTES.map((r) => r.path).sort()).toEqual(Object.values(PATHS).sort());
  });

  it('has an ops route for every page of the ops path table (sign-in aside), and no other', () => {
    expect([...OPS_ROUTES.map((r) => r.path), OPS_LOGIN_PATH].sort()).toEqual(
      Object.values(OPS_PATHS).sort(),
    );
  });

  it('keeps only / and /trade alive', () => {
    expect(ROUTES.filter((r) => r.keepAlive).map((r) => r.path)).toEqual(['/', '/trade']);
  });

  it('ignores a trailing slash', () => {
    expect(findRoute('/trade/')?.path).toBe('/trade');
  });
});

describe('guard', () => {
  it('sends unknown paths to /', () => {
    expect(guard('/nope', '', guest)).toEqual({ kind: 'redirect', to: '/' });
    expect(guard('/mine', '', real)).toEqual({ kind: 'redirect', to: '/' });
  });

  it('sends a guest on a protected route to /login with from, query included', () => {
    expect(guard('/order', '?type=0', guest)).toEqual({
      kind: 'redirect',
      to: `/login?from=${encodeURIComponent('/order?type=0')}`,
    });
  });

  it('lets a guest browse public routes', () => {
    expect(guard('/trade', '', guest).kind).toBe('render');
    expect(guard('/news', '', guest).kind).toBe('render');
  });

  it('blocks demo users from real-only pages, not from trading', () => {
    for (const p of [
      '/mine/auth',
      '/mine/invite',
      '/mine/password',
      '/mine/charge',
      '/mine/withdraw',
      '/mine/wallet',
    ]) {
      expect(guard(p, '', demo).kind).toBe('demo-blocked');
      expect(guard(p, '', real).kind).toBe('render');
    }
    expect(guard('/order', '', demo).kind).toBe('render');
    expect(guard('/user', '', demo).kind).toBe('render');
  });
});

describe('query from the hash', () => {
  it('reads a hash route query', () => {
    expect(mergedQuery('', '#/register?invite_code=AB12').get('invite_code')).toBe('AB12');
  });
  it('reads a plain hash query and lets the search win', () => {
    const q = mergedQuery('?type=1', '#type=0&x=2');
    expect(q.get('type')).toBe('1');
    expect(q.get('x')).toBe('2');
  });
  it('maps a hash-based address to its route', () => {
    expect(hashRoute('#/register?invite_code=X')).toBe('/register?invite_code=X');
    expect(hashRoute('#/nowhere')).toBeUndefined();
    expect(hashRoute('#section')).toBeUndefined();
  });
});
