import type * as I18nModule from './i18n';

/** A fresh i18next and registry of namespaces, as a page starts with. */
function fresh(): typeof I18nModule {
  let mod: typeof I18nModule | undefined;
  jest.isolateModules(() => {
    mod = jest.requireActual<typeof I18nModule>('./i18n');
  });
  return mod!;
}

const strings = (title: string) => jest.fn(() => Promise.resolve({ title }));

describe('the namespaces a page registers as it is evaluated', () => {
  it('are loaded by loadNamespacesSince the mark taken before, and only those', async () => {
    const m = fresh();
    const common = strings('Common');
    const numeric = strings('Numeric');
    m.registerNamespace('common', common);
    m.registerNamespace('numeric', numeric);
    await m.initI18n('en', ['common']);

    const mark = m.namespaceMark();
    // The page's modules: its own namespace, and one registered again (not new).
    const markets = strings('Markets');
    m.registerNamespace('markets', markets);
    m.registerNamespace('common', common);
    await m.loadNamespacesSince(mark);

    expect(markets).toHaveBeenCalledTimes(1);
    expect(m.i18n.hasLoadedNamespace('markets')).toBe(true);
    expect(m.i18n.t('title', { ns: 'markets' })).toBe('Markets');
    // Registered before the mark and not asked for: still not fetched.
    expect(numeric).not.toHaveBeenCalled();
    expect(common).toHaveBeenCalledTimes(1);

    // Loaded already: nothing is fetched again.
    await m.loadNamespacesSince(mark);
    expect(markets).toHaveBeenCalledTimes(1);
  });

  it('wait for i18next to be initialised first', async () => {
    const m = fresh();
    const common = strings('Common');
    m.registerNamespace('common', common);
    const mark = m.namespaceMark();
    const orders = strings('Orders');
    m.registerNamespace('orders', orders);
    const init = m.initI18n('en', ['common']);
    await m.loadNamespacesSince(mark);
    await init;
    expect(orders).toHaveBeenCalledTimes(1);
    expect(m.i18n.hasLoadedNamespace('orders')).toBe(true);
  });

  it('are left alone where i18next is never initialised (nothing to load them into)', async () => {
    const m = fresh();
    const orders = strings('Orders');
    m.registerNamespace('orders', orders);
    await m.loadNamespacesSince(0);
    expect(orders).not.toHaveBeenCalled();
  });
});
