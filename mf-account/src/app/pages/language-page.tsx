import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import {
  LANGUAGES,
  languageAtom,
  PageHeader,
  setLanguageAtom,
  useAppBack,
  useAtomValue,
  useSetAtom,
} from '@meridian/shared';
import { LANGUAGE_NAMES } from '@meridian/shared/pure';
import type { Language } from '@meridian/shared';
import { NS } from '../i18n';

/** `/language` (docs/routes.md): the 21 languages in their own names; picking one changes it and goes back. */
export default function LanguagePage() {
  const { t } = useTranslation(NS);
  const current = useAtomValue(languageAtom);
  const setLanguage = useSetAtom(setLanguageAtom);
  const back = useAppBack();

  const pick = async (lng: Language) => {
    await setLanguage(lng);
    back();
  };

  return (
    <section data-testid="page-language">
      <PageHeader title={t('language.title')} back />
      <List role="listbox" aria-label={t('language.title')}>
        {LANGUAGES.map((lng) => (
          <li key={lng}>
            <Option
              type="button"
              role="option"
              aria-selected={lng === current}
              lang={lng}
              data-testid={`language-${lng}`}
              onClick={() => void pick(lng)}
            >
              <span>{LANGUAGE_NAMES[lng]}</span>
              {lng === current && (
                <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
                  <path
                    d="M5 12l5 5 9-10"
                    fill="none"
                    stroke="currentColor"
                    strokeWidth="2"
                    strokeLinecap="round"
                  />
                </svg>
              )}
            </Option>
          </li>
        ))}
      </List>
    </section>
  );
}

const List = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
`;

const Option = styled.button`
  width: 100%;
  min-height: 52px;
  display: flex;
  align-items: center;
  justify-content: space-between;
  padding: 0 ${({ theme }) => theme.space(4)};
  border: 0;
  border-bottom: 1px solid ${({ theme }) => theme.color.border};
  background: transparent;
  color: ${({ theme }) => theme.color.text};
  font-size: 16px;
  text-align: start;
  &[aria-selected='true'] {
    color: ${({ theme }) => theme.color.primary};
  }
`;
