/** The USD amount a funds field's text stands for, read in the trader's language by the shared number rules. */
import { useTranslation } from 'react-i18next';
import { MONEY_FIELD, normalizeLanguage, parseDecimalInput } from '@meridian/shared/pure';

/** Canonical amount text ("12.50") to send, or null while the text is not an amount the money calls take. */
export function readAmount(text: string, language: string): string | null {
  const r = parseDecimalInput(text, { ...MONEY_FIELD, language: normalizeLanguage(language) });
  return r.ok ? r.value : null;
}

/** {@link readAmount} in the interface language, re-read when the language changes. */
export function useAmount(text: string): string | null {
  const { i18n } = useTranslation();
  return readAmount(text, i18n.language);
}
