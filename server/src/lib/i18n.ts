/**
 * Server messages in the caller's language (the `lang` header). Messages live in `<repo>/locales/<lng>/server.json`,
 * the same keys in all 21 languages; loaded once per process. Missing keys fall back to English, then to the key.
 */
import fs from 'node:fs';
import path from 'node:path';
import { LANGUAGES, normalizeLanguage } from '@meridian/shared/pure';
import type { Language } from '@meridian/shared/pure';
import type { MsgParams } from './errors';

export type Translator = (lang: Language, key: string, params?: MsgParams) => string;

export type I18n = { t: Translator; has: (key: string) => boolean; languages: readonly Language[] };

export function loadI18n(localesDir: string): I18n {
  const catalogues = new Map<Language, Record<string, string>>();
  for (const lng of LANGUAGES) {
    const file = path.join(localesDir, lng, 'server.json');
    try {
      const parsed: unknown = JSON.parse(fs.readFileSync(file, 'utf8'));
      if (parsed && typeof parsed === 'object')
        catalogues.set(lng, flatten(parsed as Record<string, unknown>));
    } catch {
      catalogues.set(lng, {});
    }
  }
  const en = catalogues.get('en') ?? {};
  const t: Translator = (lang, key, params = {}) => {
    const template = catalogues.get(lang)?.[key] ?? en[key] ?? key;
    return template.replace(/\{\{\s*(\w+)\s*\}\}/g, (m, name: string) => {
      const v = params[name];
      return v === undefined ? m : String(v);
    });
  };
  return { t, has: (key) => key in en, languages: LANGUAGES };
}

function flatten(
  obj: Record<string, unknown>,
  prefix = '',
  out: Record<string, string> = {},
): Record<string, string> {
  for (const [k, v] of Object.entries(obj)) {
    const key = prefix ? `${prefix}.${k}` : k;
    if (typeof v === 'string') out[key] = v;
    else if (v && typeof v === 'object') flatten(v as Record<string, unknown>, key, out);
  }
  return out;
}

/** The caller's language from the `lang` header (default hk, legacy tw -> hk). */
export function requestLanguage(header: string | string[] | undefined): Language {
  const raw = Array.isArray(header) ? header[0] : header;
  return normalizeLanguage(raw?.trim());
}
