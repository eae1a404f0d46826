/**
 * The back office's language, picked in the frame (and on the sign-in page): the 21 languages by their own names,
 * remembered on the device like the app's own choice, right to left for Arabic and Persian.
 */
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import {
  appStore,
  LANGUAGE_BCP47,
  LANGUAGES,
  languageAtom,
  setLanguageAtom,
  useAtomValue,
} from '@meridian/shared';
import { LANGUAGE_NAMES } from '@meridian/shared/pure';

export function OpsLanguagePicker({ className }: { className?: string }) {
  const { t } = useTranslation('ops');
  const id = useId();
  const lng = useAtomValue(languageAtom);
  return (
    <Box className={className}>
      <label htmlFor={id}>{t('language')}</label>
      <select
        id={id}
        value={lng}
        onChange={(e) => void appStore.set(setLanguageAtom, e.target.value)}
        data-testid="ops-language"
      >
        {LANGUAGES.map((l) => (
          <option key={l} value={l} lang={LANGUAGE_BCP47[l]}>
            {LANGUAGE_NAMES[l]}
          </option>
        ))}
      </select>
    </Box>
  );
}

const Box = styled.div`
  display: flex;
  flex-direction: column;
  gap: 4px;
  font-size: 13px;
  color: ${({ theme }) => theme.color.textMuted};
  select {
    min-height: 40px;
    padding: 0 ${({ theme }) => theme.space(2)};
    border: 1px solid ${({ theme }) => theme.color.border};
    border-radius: ${({ theme }) => theme.radius.sm};
    background: ${({ theme }) => theme.color.bg};
    color: ${({ theme }) => theme.color.text};
    font: inherit;
    font-size: 14px;
  }
  @media (pointer: coarse) {
    select {
      min-height: ${({ theme }) => theme.touch}px;
    }
  }
`;
