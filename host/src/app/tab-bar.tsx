/** The tab bar of footer routes: thumb reach at the bottom, safe-area aware, 44 px targets. */
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { AppLink, useAppLocation } from '@meridian/shared';
import { TABS } from './routes';

const ICONS: Record<(typeof TABS)[number]['icon'], string> = {
  quotes: 'M3 17l5-5 4 4 8-8M14 8h6v6',
  trade: 'M4 20V10M10 20V4M16 20v-8M22 20H2',
  orders: 'M6 3h12v18l-3-2-3 2-3-2-3 2zM9 8h6M9 12h6',
  rank: 'M8 21h8M12 17v4M7 4h10v5a5 5 0 01-10 0zM17 6h3v2a3 3 0 01-3 3M7 6H4v2a3 3 0 003 3',
  mine: 'M12 12a4 4 0 100-8 4 4 0 000 8zM4 21a8 8 0 0116 0',
};

export function TabBar() {
  const { t } = useTranslation('shell');
  const { pathname } = useAppLocation();
  return (
    <Bar aria-label={t('appName')}>
      {TABS.map((tab) => (
        <Tab
          key={tab.path}
          to={tab.path}
          aria-current={pathname === tab.path ? 'page' : undefined}
          data-testid={`tab-${tab.icon}`}
        >
          <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">
            <path
              d={ICONS[tab.icon]}
              fill="none"
              stroke="currentColor"
              strokeWidth="1.8"
              strokeLinecap="round"
            />
          </svg>
          <span>{t(tab.labelKey)}</span>
        </Tab>
      ))}
    </Bar>
  );
}

const Bar = styled.nav`
  position: fixed;
  inset-block-end: 0;
  inset-inline: 0;
  margin: 0 auto;
  max-width: ${({ theme }) => theme.columnWidth}px;
  display: grid;
  grid-template-columns: repeat(5, 1fr);
  background: ${({ theme }) => theme.color.surface};
  border-top: 1px solid ${({ theme }) => theme.color.border};
  padding-bottom: env(safe-area-inset-bottom);
  z-index: 20;
`;

const Tab = styled(AppLink)`
  min-height: 56px;
  display: flex;
  flex-direction: column;
  align-items: center;
  justify-content: center;
  gap: 2px;
  font-size: 11px;
  color: ${({ theme }) => theme.color.textMuted};
  text-decoration: none;
  -webkit-tap-highlight-color: transparent;
  &[aria-current='page'] {
    color: ${({ theme }) => theme.color.primary};
  }
`;
