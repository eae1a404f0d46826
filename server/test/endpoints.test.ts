/**
 * The endpoint map of @meridian/shared/pure (`ENDPOINTS`, whose keys type every client call's answer) and the routes
 * the server registers are the same set: a route added without its map entry, or an entry left behind by a removed
 * route, fails here.
 */
import { ENDPOINTS } from '@meridian/shared/pure';
import { createTestApp } from './helpers';

/** Calls that answer something else than an envelope: pictures, the socket, the development outbox. */
const NOT_ENVELOPES = new Set(['GET /api/common/upload/:name', 'GET /v1/api/forex/logo/:file', 'GET /v1/ws']);

async function registeredCalls(): Promise<string[]> {
  const seen = new Set<string>();
  const t = await createTestApp('sqlite', {}, {}, (app) =>
    app.addHook('onRoute', (route) => {
      for (const method of [route.method].flat()) {
        const key = `${method} ${route.url}`;
        if (method !== 'HEAD' && /^\/(v1\/)?api\//.test(route.url) && !NOT_ENVELOPES.has(key)) seen.add(key);
      }
    }),
  );
  await t.close();
  return [...seen].sort();
}

describe('the endpoint map', () => {
  it('names every call the server registers, and nothing else', async () => {
    const calls = await registeredCalls();
    expect(calls.length).toBeGreaterThan(90);
    expect(calls).toEqual([...ENDPOINTS].sort());
  });

  it('has each call once', () => {
    expect(new Set(ENDPOINTS).size).toBe(ENDPOINTS.length);
  });
});
