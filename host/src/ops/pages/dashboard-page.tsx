/**
 * /ops: what needs action now, for the signed-in person's roles (each module registers its own count on the
 * server), the oldest wait of each queue, and the day's activity. Refreshed every 30 seconds.
 */
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';

import styled from 'styled-components';
import { AppLink } from '@meridian/shared';
import {
  OpsCard,
  OpsEmpty,
  OpsPage,
  OpsState,
  useOpsLoad,
  useOpsNow,
  WaitingTime,
} from '@meridian/shared/ops';
import { fetchDashboard } from '../api/dashboard-api';

const REFRESH_MS = 30_000;

export default function OpsDashboardPage() {
  const { t, i18n } = useTranslation('ops');
  const now = useOpsNow();
  // Opening the page is the person's call; the refreshes every 30 s are the page's own (passive: they do not keep
  // an unattended session alive).
  const refreshes = useRef(0);
  const state = useOpsLoad(() => fetchDashboard(refreshes.current++ > 0), 'dashboard');
  const { reload } = state;
  useEffect(() => {
    const id = setInterval(reload, REFRESH_MS);
    return () => clearInterval(id);
  }, [reload]);
  const nf = new Intl.NumberFormat(i18n.language);

  return (
    <OpsPage title={t('dashboard.title')} subtitle={t('dashboard.subtitle')} testId="page-ops">
      <OpsState state={state} rows={3}>
        {(d) => (
          <>
            {d.items.length === 0 ? (
              <OpsEmpty>{t('dashboard.noQueues')}</OpsEmpty>
            ) : (
              <Grid>
                {d.items.map((item) => (
                  <Queue key={item.id} data-testid={`ops-count-${item.id}`} $busy={item.count > 0}>
                    <span className="label">{item.label}</span>
                    <strong className="count">{nf.format(item.count)}</strong>
                    <span className="wait">
                      {item.count > 0 && item.oldest_at ? (
                        <>
                          {t('dashboard.oldest')} <WaitingTime since={item.oldest_at} now={now} />
                        </>
                      ) : (
                        t('dashboard.clear')
                      )}
                    </span>
                    {item.path && (
                      <AppLink to={item.path} className="go">
                        {t('dashboard.open')}
                      </AppLink>
                    )}
                  </Queue>
                ))}
              </Grid>
            )}
            <Grid>
              <Stat>
                <span>{t('dashboard.online')}</span>
                <strong data-testid="ops-online">{nf.format(d.users_online)}</strong>
              </Stat>
              <Stat>
                <span>{t('dashboard.ordersToday')}</span>
                <strong data-testid="ops-orders-today">{nf.format(d.orders_today)}</strong>
              </Stat>
            </Grid>
          </>
        )}
      </OpsState>
    </OpsPage>
  );
}

const Grid = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(240px, 1fr));
  gap: ${({ theme }) => theme.space(4)};
`;

const Queue = styled(OpsCard)<{ $busy: boolean }>`
  display: grid;
  gap: ${({ theme }) => theme.space(2)};
  border-inline-start: 4px solid ${({ theme, $busy }) => ($busy ? theme.color.warning : theme.color.up)};
  .label {
    color: ${({ theme }) => theme.color.textMuted};
    font-size: 14px;
  }
  .count {
    font-size: 34px;
    font-variant-numeric: tabular-nums;
    line-height: 1.1;
  }
  .wait {
    font-size: 14px;
  }
  .go {
    color: ${({ theme }) => theme.color.primary};
    font-weight: 600;
    font-size: 14px;
  }
`;

const Stat = styled(OpsCard)`
  display: grid;
  gap: ${({ theme }) => theme.space(1)};
  span {
    color: ${({ theme }) => theme.color.textMuted};
    font-size: 14px;
  }
  strong {
    font-size: 26px;
    font-variant-numeric: tabular-nums;
  }
`;
