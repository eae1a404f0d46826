/**
 * i18next over `@meridian/locales`: one language loaded at a time, lazily, one namespace per owner (the host's
 * `common` and `shell`, each remote its own). Each build copies its namespaces' JSON into its output; a remote
 * registers its namespace's loader when its page module is evaluated, so a remote released alone ships its own
 * strings.
 */
import i18next from 'i18next';
import type { i18n as I18n } from 'i18next';
import resourcesToBackend from 'i18next-resources-to-backend';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LANGUAGE, LANGUAGES, RTL_LANGUAGES } from '../constants';
import { retryImport } from '../loading/retry';
import type { Language } from '../constants';

export type NamespaceLoader = (
  lng: Language,
) => Promise<{ default: Record<string, unknown> } | Record<string, unknown>>;

const loaders = new Map<string, NamespaceLoader>();
let initPromise: Promise<unknown> | null = null;

/** Tell i18next where a namespace's translations come from. Safe to call more than once. */
export function registerNamespace(ns: string, loader: NamespaceLoader): void {
  loaders.set(ns, loader);
}

/**
 * How many namespaces are registered so far: taken before some code is evaluated (a remote's page), it lets
 * {@link loadNamespacesSince} load the namespaces that code registered.
 */
export function namespaceMark(): number {
  return loaders.size;
}

/**
 * Load the namespaces registered after `mark` (by a page's code as it was evaluated), once i18next is initialised.
 * The host awaits this with the page's code, so the page renders with its strings at once instead of suspending
 * again on them: each reveal of a suspended page waits for React's fallback throttle (300 ms).
 */
export async function loadNamespacesSince(mark: number): Promise<void> {
  if (!initPromise) return;
  await initPromise;
  const ns = [...loaders.keys()].slice(mark).filter((n) => !i18next.hasLoadedNamespace(n));
  if (ns.length) await i18next.loadNamespaces(ns);
}

/**
 * A loader that fetches `<base>locales/<lng>/<ns>.json`. Translations travel as JSON next to the code that owns
 * them (the host's folder, or a remote's versioned folder, so a release carries its strings): no JavaScript is
 * spent on them, and only the language in use is fetched. Offline, the fetch waits for the connection: i18next keeps
 * a namespace that failed to load as "loaded" (its keys would show for good), so it must not fail for that.
 */
export function jsonNamespace(ns: string, base: string | (() => string)): NamespaceLoader {
  return (lng) =>
    retryImport(
      async () => {
        const root = typeof base === 'function' ? base() : base;
        const res = await fetch(`${root}locales/${lng}/${ns}.json`);
        if (!res.ok) throw new Error(`${ns}/${lng}: HTTP ${res.status}`);
        return (await res.json()) as Record<string, unknown>;
      },
      { waitForOnline: true },
    );
}

export const i18n: I18n = i18next;

/** Initialise once with the given language and the namespaces needed at start-up. */
export function initI18n(lng: Language = DEFAULT_LANGUAGE, ns: string[] = ['common']): Promise<unknown> {
  if (initPromise) return initPromise;
  initPromise = i18next
    .use(
      resourcesToBackend(async (language: string, namespace: string) => {
        const loader = loaders.get(namespace);
        if (!loader) throw new Error(`No translations registered for namespace "${namespace}"`);
        const mod = await loader(language as Language);
        return 'default' in mod && typeof mod.default === 'object' ? mod.default : mod;
      }),
    )
    .use(initReactI18next)
    .init({
      lng,
      ns,
      defaultNS: 'common',
      fallbackLng: false,
      supportedLngs: [...LANGUAGES],
      load: 'currentOnly',
      lowerCaseLng: true,
      interpolation: { escapeValue: false },
      returnNull: false,
      react: { useSuspense: true },
    });
  return initPromise;
}

export function isRtl(lng: Language): boolean {
  return RTL_LANGUAGES.includes(lng);
}
