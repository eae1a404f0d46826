import type * as Shared from '@meridian/shared';
import { instrument, mockServer, ok } from '../testing/test-utils';
import type * as Instruments from './instruments';

type Loaded = typeof Instruments & Pick<typeof Shared, 'appStore' | 'refreshTradeListAtom'>;

/**
 * The module as a fresh page evaluates it, with `list` written into index.html by the server (or none), and the
 * store it writes to (a fresh one too).
 */
function loadWithBootList(list: unknown[] | null): Loaded {
  (globalThis as { meridianBoot?: unknown }).meridianBoot = list ? { tradeList: list } : {};
  let mod: Loaded | undefined;
  jest.isolateModules(() => {
    const shared = jest.requireActual<typeof Shared>('@meridian/shared');
    mod = {
      ...jest.requireActual<typeof Instruments>('./instruments'),
      appStore: shared.appStore,
      refreshTradeListAtom: shared.refreshTradeListAtom,
    };
  });
  return mod!;
}

afterEach(() => {
  delete (globalThis as { meridianBoot?: unknown }).meridianBoot;
});

describe('the trade list written into index.html', () => {
  const fromServer = [instrument({ Code: 'XAUUSD', Id: 9 })];
  const inPage = [instrument()];

  it('answers the first version asked, however the host numbered it, with no request', async () => {
    const server = mockServer({ '/v1/api/forex/trade_list': ok(fromServer) });
    const { appStore, loadTradeList, refreshTradeListAtom, tradeListAtom } = loadWithBootList(inPage);
    // The host entered `/` after this remote loaded (its page was fetched ahead of the first render).
    appStore.set(refreshTradeListAtom);
    await loadTradeList(7);
    expect(server.find('/v1/api/forex/trade_list')).toHaveLength(0);
    expect(appStore.get(tradeListAtom)).toEqual({ status: 'ready', data: inPage });
    // Asked again for the same version: still no request.
    await loadTradeList(7);
    expect(server.find('/v1/api/forex/trade_list')).toHaveLength(0);
  });

  it('is a snapshot of page-load time: the next entry asks the server', async () => {
    const server = mockServer({ '/v1/api/forex/trade_list': ok(fromServer) });
    const { appStore, loadTradeList, tradeListAtom } = loadWithBootList(inPage);
    await loadTradeList(1);
    await loadTradeList(2);
    expect(server.find('/v1/api/forex/trade_list')).toHaveLength(1);
    expect(appStore.get(tradeListAtom)).toEqual({ status: 'ready', data: fromServer });
  });

  it('without one, the first version asked is fetched', async () => {
    const server = mockServer({ '/v1/api/forex/trade_list': ok(fromServer) });
    const { appStore, loadTradeList, tradeListAtom } = loadWithBootList(null);
    await loadTradeList(1);
    expect(server.find('/v1/api/forex/trade_list')).toHaveLength(1);
    expect(appStore.get(tradeListAtom)).toEqual({ status: 'ready', data: fromServer });
  });
});
