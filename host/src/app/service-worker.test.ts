import { loadedFiles, registerServiceWorker } from './service-worker';

const navWith = (register: jest.Mock, postMessage = jest.fn()) =>
  ({
    serviceWorker: { register, ready: Promise.resolve({ active: { postMessage } }) },
  }) as unknown as Navigator;

describe('registerServiceWorker', () => {
  it('registers /sw.js for the whole app, its updates never from the HTTP cache, and hands it the files loaded', async () => {
    const register = jest.fn().mockResolvedValue({ scope: '/' });
    const postMessage = jest.fn();
    await expect(registerServiceWorker(navWith(register, postMessage), () => ['u1'])).resolves.toEqual({
      scope: '/',
    });
    expect(register).toHaveBeenCalledWith('/sw.js', { scope: '/', updateViaCache: 'none' });
    expect(postMessage).toHaveBeenCalledWith({ type: 'CACHE_URLS', payload: { urlsToCache: ['u1'] } });
  });

  it('does nothing where there are no service workers, and a refusal only warns', async () => {
    await expect(registerServiceWorker({} as Navigator)).resolves.toBeNull();
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    await expect(
      registerServiceWorker(navWith(jest.fn().mockRejectedValue(new Error('denied')))),
    ).resolves.toBeNull();
    expect(warn).toHaveBeenCalled();
    warn.mockRestore();
  });
});

describe('loadedFiles', () => {
  it("keeps this origin's remote files, translations and registry, once each; nothing else", () => {
    const o = 'https://m.example';
    const files = loadedFiles(
      [
        { name: `${o}/remotes.json` },
        { name: `${o}/remotes/mf-markets/v7/remoteEntry.js` },
        { name: `${o}/remotes/mf-markets/v7/remoteEntry.js` },
        { name: `${o}/locales/hk/shell.json` },
        { name: `${o}/v1/api/forex/trade_list` },
        { name: `${o}/main.1a2b3c4d.js` },
        { name: 'https://cdn.example/remotes/x/1/a.js' },
        { name: 'not a url' },
      ],
      o,
    );
    expect(files).toEqual([
      `${o}/remotes.json`,
      `${o}/remotes/mf-markets/v7/remoteEntry.js`,
      `${o}/locales/hk/shell.json`,
    ]);
  });
});
