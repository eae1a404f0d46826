// config/retry-failed-shares.mjs on the real federation runtime: a shared module whose load failed (its chunk could
// not be fetched) is loaded afresh on the next request, where the runtime alone keeps the failure. Run by `npm run
// unit`.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { ModuleFederation } from '@module-federation/runtime-tools/runtime-core';
import { retryFailedShares } from '../../config/retry-failed-shares.mjs';

/** A host sharing `lists`, whose provider's chunk fails to load the first time it is asked for. */
function host(name, plugins) {
  let calls = 0;
  const get = () => {
    calls += 1;
    return calls === 1
      ? Promise.reject(Object.assign(new Error('Loading chunk 42 failed.'), { name: 'ChunkLoadError' }))
      : Promise.resolve(() => ({ PagedList: 'the list' }));
  };
  const mf = new ModuleFederation({
    name,
    remotes: [],
    shared: { lists: { version: '1.0.0', get, shareConfig: { singleton: true, requiredVersion: '^1.0.0' } } },
    plugins,
  });
  return { mf, calls: () => calls };
}

test('without the plugin, the runtime keeps a failed shared load: the next request fails without a new try', async () => {
  const { mf, calls } = host('plain', []);
  await assert.rejects(mf.loadShare('lists'), /chunk 42/);
  await assert.rejects(mf.loadShare('lists'), /chunk 42/);
  assert.equal(calls(), 1);
});

test('with the plugin, the next request loads the shared module afresh', async () => {
  const { mf, calls } = host('retrying', [retryFailedShares]);
  await assert.rejects(mf.loadShare('lists'), /chunk 42/);
  const factory = await mf.loadShare('lists');
  assert.equal(typeof factory, 'function');
  assert.deepEqual(factory(), { PagedList: 'the list' });
  assert.equal(calls(), 2);
});
