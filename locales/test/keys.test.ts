/**
 * Every language has every namespace with exactly the keys of English (the source), each a non-empty string with
 * the same {{placeholders}}, and nothing left in English by mistake. Namespaces and keys are discovered from the
 * files, so strings added later are checked without touching this test.
 */
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { LANGUAGE_BCP47, LANGUAGES } from '@meridian/shared/pure';
import type { Language } from '@meridian/shared/pure';
import { REMOTES } from '../../config/remotes.mjs';

const ROOT = join(__dirname, '..');
const SOURCE = 'en';

/** The 21 interface languages of docs/rules.md and their BCP 47 tags (for the plural categories each one needs). */
const BCP47 = LANGUAGE_BCP47;
type Lang = Language;

/** Namespaces whose strings are owned elsewhere (the server reads them itself). */
const NO_LOADER = new Set(['server']);

/** Values that may stay identical to English in any language. */
const SAME_AS_ENGLISH_OK = new Set([
  'Meridian',
  'OK',
  // Identifiers and units written the same in every language.
  'UID',
  'UID {{uid}}',
  'IP',
  '{{m}} min',
  '{{count}} min',
  '{{count}} h',
  '{{h}} h {{m}} min',
  '{{d}} d {{h}} h',
  // Trading abbreviations every platform shows as they are (MetaTrader, cTrader, TradingView in any language).
  'SL',
  'TP',
  'Bid',
  'Ask',
  'RSI (14)',
  'MACD (12, 26, 9)',
]);
/** `ns:key` that may stay identical to English in one language, because that language really uses the word. */
const SAME_AS_ENGLISH_OK_IN: Partial<Record<Lang, readonly string[]>> = {
  de: [
    'account:system.title',
    'funds:wallet.title',
    'shell:demoBlocked.titles.wallet',
    'accountOps:kyc.name',
    'fundsOps:status',
    'fundsOps:cashier.details',
  ],
  fr: [
    'markets:ticket.trailingPoints',
    'account:notifications.title',
    // "Sessions" and "page" are French words too.
    'opsHealth:sessions',
    'opsHealth:kind.render',
  ],
  pt: ['fundsOps:status'],
  id: ['fundsOps:status', 'fundsOps:cashier.bank'],
  my: ['fundsOps:status', 'fundsOps:cashier.bank'],
};

type Json = { [key: string]: unknown };

// ---------------------------------------------------------------------------------------------------------------
// The checks, as pure functions (tested below on small fixtures, so a broken check cannot pass silently).

const PLURAL_SUFFIX = /_(zero|one|two|few|many|other)$/;
const ORDINAL_SUFFIX = /_ordinal_(zero|one|two|few|many|other)$/;

/** Flatten nested keys to dotted paths; non-string leaves are kept so they can be reported. */
export function flatten(obj: Json, prefix = ''): Map<string, unknown> {
  const out = new Map<string, unknown>();
  for (const [key, value] of Object.entries(obj)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
      for (const [k, v] of flatten(value as Json, path)) out.set(k, v);
    } else {
      out.set(path, value);
    }
  }
  return out;
}

/**
 * The keys a language must have, given English's: the same keys, except that an i18next plural group
 * (`x_one`, `x_other`...) needs exactly the plural categories of that language (`x_other` only in Japanese).
 */
export function expectedKeys(sourceKeys: Iterable<string>, locale: string): Set<string> {
  const cardinal = new Intl.PluralRules(locale, { type: 'cardinal' }).resolvedOptions().pluralCategories;
  const ordinal = new Intl.PluralRules(locale, { type: 'ordinal' }).resolvedOptions().pluralCategories;
  const out = new Set<string>();
  for (const key of sourceKeys) {
    if (ORDINAL_SUFFIX.test(key)) {
      for (const c of ordinal) out.add(key.replace(ORDINAL_SUFFIX, `_ordinal_${c}`));
    } else if (PLURAL_SUFFIX.test(key)) {
      for (const c of cardinal) out.add(key.replace(PLURAL_SUFFIX, `_${c}`));
    } else {
      out.add(key);
    }
  }
  return out;
}

/** The key in English a (possibly plural) key corresponds to. */
function sourceKeyOf(key: string, source: Map<string, unknown>): string | undefined {
  if (source.has(key)) return key;
  const other = key.replace(ORDINAL_SUFFIX, '_ordinal_other').replace(PLURAL_SUFFIX, '_other');
  return source.has(other) ? other : undefined;
}

/** `{{name}}` placeholders of a string, by name (formats such as `{{n, number}}` count as `n`), sorted. */
export function placeholders(value: string): string[] {
  return [...value.matchAll(/{{\s*([\w.-]+)\s*(?:,[^}]*)?}}/g)].map((m) => m[1] ?? '').sort();
}

/** True when a string has no letters once its placeholders are removed (numbers, symbols): fine to keep as is. */
function hasNoWords(value: string): boolean {
  return !/\p{L}/u.test(value.replace(/{{[^}]*}}/g, ''));
}

export type Problem = { key: string; problem: string };

/** Everything wrong with one language's namespace compared with English. */
export function compareNamespace(
  source: Json,
  target: Json,
  { locale, ns, sameOk = [] }: { locale: string; ns: string; sameOk?: readonly string[] },
): Problem[] {
  const problems: Problem[] = [];
  const src = flatten(source);
  const tgt = flatten(target);
  const wanted = expectedKeys(src.keys(), locale);
  for (const key of wanted) if (!tgt.has(key)) problems.push({ key, problem: 'missing' });
  for (const [key, value] of tgt) {
    if (!wanted.has(key)) {
      problems.push({ key, problem: 'not in English' });
      continue;
    }
    if (typeof value !== 'string' || value.trim() === '') {
      problems.push({ key, problem: `not a non-empty string: ${JSON.stringify(value)}` });
      continue;
    }
    const sourceKey = sourceKeyOf(key, src);
    const english = sourceKey === undefined ? undefined : src.get(sourceKey);
    if (typeof english !== 'string') continue;
    const want = placeholders(english).join(',');
    const got = placeholders(value).join(',');
    if (want !== got) problems.push({ key, problem: `placeholders {${got}} instead of {${want}}` });
    if (
      value === english &&
      !SAME_AS_ENGLISH_OK.has(value) &&
      !hasNoWords(value) &&
      !sameOk.includes(`${ns}:${key}`)
    ) {
      problems.push({ key, problem: `same as English: ${JSON.stringify(value)}` });
    }
  }
  return problems;
}

// ---------------------------------------------------------------------------------------------------------------
// The files

const readJson = (lang: string, ns: string): Json =>
  JSON.parse(readFileSync(join(ROOT, lang, `${ns}.json`), 'utf8'));
const languageDirs = readdirSync(ROOT, { withFileTypes: true })
  .filter((d) => d.isDirectory() && (LANGUAGES as readonly string[]).includes(d.name))
  .map((d) => d.name);
const namespaces = [
  ...new Set(
    languageDirs.flatMap((lang) =>
      readdirSync(join(ROOT, lang))
        .filter((f) => f.endsWith('.json'))
        .map((f) => f.slice(0, -'.json'.length)),
    ),
  ),
].sort();
const translations = LANGUAGES.filter((l) => l !== SOURCE);

describe('the checker', () => {
  const en = {
    a: 'Send',
    nested: { b: 'Resend in {{seconds}} s' },
    items_one: '{{count}} item',
    items_other: '{{count}} items',
  };
  const good = {
    a: 'Envoyer',
    nested: { b: 'Renvoyer dans {{seconds}} s' },
    items_one: '{{count}} élément',
    items_other: '{{count}} éléments',
  };
  const check = (target: Json, locale = 'de') =>
    compareNamespace(en, target, { locale, ns: 'x' }).map((p) => `${p.key}: ${p.problem}`);

  it('passes a complete translation', () => expect(check(good)).toEqual([]));
  it('reports a missing key', () => {
    const { a: _a, ...rest } = good;
    expect(check(rest)).toEqual(['a: missing']);
  });
  it('reports a missing nested key and an extra key', () => {
    expect(check({ ...good, nested: {}, extra: 'x' })).toEqual([
      'nested.b: missing',
      'extra: not in English',
    ]);
  });
  it('reports empty and non-string values', () => {
    expect(check({ ...good, a: ' ', nested: { b: 3 } })).toEqual([
      'a: not a non-empty string: " "',
      'nested.b: not a non-empty string: 3',
    ]);
  });
  it('reports changed placeholders', () => {
    expect(check({ ...good, nested: { b: 'Renvoyer dans {{secondes}} s' } })).toEqual([
      'nested.b: placeholders {secondes} instead of {seconds}',
    ]);
  });
  it('reports English left in, except whitelisted values and values without words', () => {
    expect(check({ ...good, a: 'Send' })).toEqual(['a: same as English: "Send"']);
    expect(
      compareNamespace({ a: 'OK', b: '{{n}} %' }, { a: 'OK', b: '{{n}} %' }, { locale: 'fr', ns: 'x' }),
    ).toEqual([]);
  });
  it('asks each language for its own plural forms', () => {
    expect(
      check({ a: '送信', nested: { b: '{{seconds}}秒後に再送信' }, items_other: '{{count}}件' }, 'ja'),
    ).toEqual([]);
    expect(
      check(
        {
          a: 'Отправить',
          nested: { b: 'Повторно через {{seconds}} с' },
          items_one: '{{count}}',
          items_other: '{{count}}',
        },
        'ru',
      ),
    ).toEqual(['items_few: missing', 'items_many: missing']);
  });
});

describe('language folders', () => {
  it('exist for all 21 languages', () => {
    expect([...languageDirs].sort()).toEqual([...LANGUAGES].sort());
  });
  it('English, the source, has every namespace found in any language', () => {
    const missing = namespaces.filter((ns) => !existsSync(join(ROOT, SOURCE, `${ns}.json`)));
    expect(missing).toEqual([]);
  });
  it('English values are non-empty strings', () => {
    for (const ns of namespaces.filter((n) => existsSync(join(ROOT, SOURCE, `${n}.json`)))) {
      for (const [key, value] of flatten(readJson(SOURCE, ns))) {
        expect({ ns, key, ok: typeof value === 'string' && value.trim() !== '' }).toEqual({
          ns,
          key,
          ok: true,
        });
      }
    }
  });
});

describe.each(namespaces)('namespace %s', (ns) => {
  it.each(translations)(
    '%s has the file, with the keys, placeholders and translations of English',
    (lang) => {
      expect({
        source: `${SOURCE}/${ns}.json`,
        exists: existsSync(join(ROOT, SOURCE, `${ns}.json`)),
      }).toEqual({
        source: `${SOURCE}/${ns}.json`,
        exists: true,
      });
      const file = join(ROOT, lang, `${ns}.json`);
      expect({ file: `${lang}/${ns}.json`, exists: existsSync(file) }).toEqual({
        file: `${lang}/${ns}.json`,
        exists: true,
      });
      const problems = compareNamespace(readJson(SOURCE, ns), readJson(lang, ns), {
        locale: BCP47[lang],
        ns,
        sameOk: SAME_AS_ENGLISH_OK_IN[lang],
      });
      expect(problems.map((p) => `${lang}/${ns}.json ${p.key}: ${p.problem}`)).toEqual([]);
    },
  );
});

describe('namespaces reach a build', () => {
  // Each build copies the namespaces named in its webpack config (`locales: [...]`) into its output; a namespace
  // no build names would never reach a browser.
  const configs = ['host', ...REMOTES].map((pkg) =>
    readFileSync(join(ROOT, '..', pkg, 'webpack.config.cjs'), 'utf8'),
  );
  const client = namespaces.filter((ns) => !NO_LOADER.has(ns));
  it('cover at least the namespaces of the shell and the remotes', () => {
    expect(client).toEqual(
      expect.arrayContaining(['common', 'shell', 'markets', 'orders', 'funds', 'account', 'support']),
    );
  });
  it.each(client)('%s is emitted by a host or remote build', (ns) => {
    expect(configs.some((c) => c.includes(`'${ns}'`))).toBe(true);
  });
});
