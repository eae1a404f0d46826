/** The interface language, for Intl formatting. */
import { languageAtom, useAtomValue } from '@meridian/shared';

export function useLanguage(): string {
  return useAtomValue(languageAtom);
}
