import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { AppLink, Empty, PageHeader } from '@meridian/shared';
import { NS } from '../i18n';

/** `/` (spec §2): the quotes home. The market list arrives with its own issue; the language switcher is here. */
export default function HomePage() {
  const { t } = useTranslation(NS);
  return (
    <section data-testid="page-home">
      <PageHeader
        title={t('home.title')}
        action={
          <IconLink to="/language" aria-label={t('home.language')} data-testid="language-switcher">
            <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">
              <circle cx="12" cy="12" r="9" fill="none" stroke="currentColor" strokeWidth="1.8" />
              <path
                d="M3 12h18M12 3c2.5 2.6 3.8 5.6 3.8 9s-1.3 6.4-3.8 9c-2.5-2.6-3.8-5.6-3.8-9s1.3-6.4 3.8-9z"
                fill="none"
                stroke="currentColor"
                strokeWidth="1.8"
              />
            </svg>
          </IconLink>
        }
      />
      <Empty />
    </section>
  );
}

const IconLink = styled(AppLink)`
  width: 44px;
  height: 44px;
  display: grid;
  place-items: center;
  color: ${({ theme }) => theme.color.text};
`;
