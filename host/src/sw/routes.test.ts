import { routeOf } from './routes';

const ORIGIN = 'https://m.example';
const get = (path: string, mode = 'cors') => ({ method: 'GET', mode, url: `${ORIGIN}${path}` });

describe('service worker routes', () => {
  it('pages: any app route, not the API, the registry, remote files or health', () => {
    expect(routeOf(get('/', 'navigate'), ORIGIN)).toBe('page');
    expect(routeOf(get('/trade?code=EURUSD', 'navigate'), ORIGIN)).toBe('page');
    expect(routeOf(get('/ops/remotes', 'navigate'), ORIGIN)).toBe('page');
    for (const p of [
      '/api/user/info',
      '/v1/api/forex/submit',
      '/remotes/mf-orders/1/x.js',
      '/healthz',
      '/metrics',
    ])
      expect(routeOf(get(p, 'navigate'), ORIGIN)).toBeNull();
  });

  it('the registry network-first, versioned remote files from the cache, host translations', () => {
    expect(routeOf(get('/remotes.json'), ORIGIN)).toBe('registry');
    expect(routeOf(get('/remotes/mf-markets/20261126-222900-7680460d51/remoteEntry.js'), ORIGIN)).toBe(
      'remote',
    );
    expect(routeOf(get('/remotes/mf-markets/v1/locales/hk/markets.json'), ORIGIN)).toBe('remote');
    // Not a versioned file: the folder alone, or a traversal-looking path.
    expect(routeOf(get('/remotes/mf-markets/'), ORIGIN)).toBeNull();
    expect(routeOf(get('/locales/hk/shell.json'), ORIGIN)).toBe('locale');
    expect(routeOf(get('/locales/hk/../x.json'), ORIGIN)).toBeNull();
  });

  it('never the API, other methods or other origins', () => {
    expect(routeOf(get('/v1/api/forex/trade_list'), ORIGIN)).toBeNull();
    expect(routeOf(get('/api/user/info'), ORIGIN)).toBeNull();
    expect(routeOf({ method: 'POST', url: `${ORIGIN}/remotes.json` }, ORIGIN)).toBeNull();
    expect(routeOf({ method: 'GET', url: 'https://api.example/remotes.json' }, ORIGIN)).toBeNull();
  });
});
