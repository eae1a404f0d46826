/** The interface language: persisted, applied to i18next and to the document (lang, dir). */
import { atom } from 'jotai';
import { normalizeLanguage, LANGUAGE_BCP47 } from '../constants';
import type { Language } from '../constants';
import { i18n, isRtl } from '../i18n/i18n';
import { readStorage, STORAGE_KEYS, writeStorage } from './storage';

const languageBaseAtom = atom<Language>(normalizeLanguage(readStorage(STORAGE_KEYS.language)));
export const languageAtom = atom((get) => get(languageBaseAtom));

/** Apply the language to the document element (lang attribute and direction). */
export function applyDocumentLanguage(lng: Language): void {
  if (typeof document === 'undefined') return;
  document.documentElement.lang = LANGUAGE_BCP47[lng];
  document.documentElement.dir = isRtl(lng) ? 'rtl' : 'ltr';
}

export const setLanguageAtom = atom(null, async (_get, set, next: string) => {
  const lng = normalizeLanguage(next);
  writeStorage(STORAGE_KEYS.language, lng);
  set(languageBaseAtom, lng);
  applyDocumentLanguage(lng);
  if (i18n.isInitialized) await i18n.changeLanguage(lng);
});
