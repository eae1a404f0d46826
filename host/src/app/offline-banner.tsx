/**
 * A thin banner while the realtime socket is down, so a trader knows prices are not live; with no network at all
 * (an offline start from the service worker included) it says so at once: the prices shown are the last received.
 */
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { realtimeStatusAtom, useAtomValue, useOnline } from '@meridian/shared';
import { useEffect, useState } from 'react';

/** Show only after the socket has been down for a moment, so a quick reconnect does not flash. */
const GRACE_MS = 3000;

export function OfflineBanner() {
  const { t } = useTranslation('shell');
  const status = useAtomValue(realtimeStatusAtom);
  const online = useOnline();
  const down = status === 'closed' || status === 'connecting';
  const [show, setShow] = useState(false);
  useEffect(() => {
    if (!down) {
      setShow(false);
      return undefined;
    }
    const timer = setTimeout(() => setShow(true), GRACE_MS);
    return () => clearTimeout(timer);
  }, [down]);
  if (!online)
    return (
      <Banner role="status" data-testid="offline-banner" data-reason="network">
        {t('realtime.noNetwork')}
      </Banner>
    );
  if (!show) return null;
  return (
    <Banner role="status" data-testid="offline-banner" data-reason="socket">
      {t('realtime.offline')}
    </Banner>
  );
}

const Banner = styled.div`
  position: sticky;
  top: 0;
  z-index: 30;
  padding: 6px 12px;
  font-size: 12px;
  text-align: center;
  background: ${({ theme }) => theme.color.warning};
  color: ${({ theme }) => theme.color.onPrimary};
`;
