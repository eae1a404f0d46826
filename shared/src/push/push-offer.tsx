/**
 * Web Push on the trader's screens: {@link PushOffer}, a card that offers it once (where notifications matter: the
 * price alerts, the notification centre), and {@link PushSwitch}, the device's on/off row in the notification
 * settings. The browser's permission is asked only from the trader's tap on "Turn on"; a trader who blocked it or
 * turned it off is not offered it again, and is told where it can be changed instead.
 */
import { useState } from 'react';
import styled from 'styled-components';
import { useTranslation } from 'react-i18next';
import { appStore, sessionAtom, useAtomValue } from '@meridian/shared';
import { Switch } from '@meridian/shared/forms';
import { disablePush, enablePush, postponePush, pushStatus } from './web-push';
import type { PushResult, PushStatus } from './web-push';

const storeOption = { store: appStore };

function usePush() {
  const userId = useAtomValue(sessionAtom, storeOption).user?.id ?? 0;
  const [status, setStatus] = useState<PushStatus>(() => pushStatus(userId));
  const [result, setResult] = useState<PushResult | null>(null);
  const [busy, setBusy] = useState(false);
  const turnOn = async () => {
    setBusy(true);
    const r = await enablePush(userId);
    setBusy(false);
    setResult(r);
    setStatus(pushStatus(userId));
  };
  const turnOff = async () => {
    setBusy(true);
    await disablePush(userId);
    setBusy(false);
    setResult(null);
    setStatus(pushStatus(userId));
  };
  const later = () => {
    postponePush();
    setStatus(pushStatus(userId));
  };
  return { userId, status, result, busy, turnOn, turnOff, later };
}

/** Why push cannot be on, when it cannot: a line for the offer and the switch. */
function Reason({ status, result }: { status: PushStatus; result: PushResult | null }) {
  const { t } = useTranslation('common');
  if (status === 'blocked') return <Note data-testid="push-blocked">{t('push.blocked')}</Note>;
  if (status === 'unsupported') return <Note data-testid="push-unsupported">{t('push.unsupported')}</Note>;
  if (result === 'failed') return <Note data-testid="push-failed">{t('push.failed')}</Note>;
  return null;
}

/**
 * The offer: shown to a signed-in trader who has not decided yet (or whose last try just failed or was blocked, to
 * say why); gone once push is on, turned off, or postponed with "Not now".
 */
export function PushOffer({ className }: { className?: string }) {
  const { t } = useTranslation('common');
  const push = usePush();
  const [done, setDone] = useState(false);
  if (!push.userId) return null;
  if (push.status === 'on' && push.result === 'on' && !done) {
    return (
      <Card className={className} data-testid="push-offer" role="status">
        <Title>{t('push.onTitle')}</Title>
        <Row>
          <Secondary type="button" onClick={() => setDone(true)}>
            {t('ok')}
          </Secondary>
        </Row>
      </Card>
    );
  }
  const failedNow = push.result === 'failed' || (push.result === 'blocked' && push.status === 'blocked');
  if (push.status !== 'ask' && !failedNow) return null;
  return (
    <Card className={className} data-testid="push-offer">
      <Title>{t('push.offerTitle')}</Title>
      <Text>{t('push.offerText')}</Text>
      <Reason status={push.status} result={push.result} />
      {push.status === 'ask' && (
        <Row>
          <Primary
            type="button"
            data-testid="push-turn-on"
            disabled={push.busy}
            onClick={() => void push.turnOn()}
          >
            {t('push.turnOn')}
          </Primary>
          <Secondary type="button" data-testid="push-later" disabled={push.busy} onClick={push.later}>
            {t('push.notNow')}
          </Secondary>
        </Row>
      )}
    </Card>
  );
}

/** The device's row in the notification settings: push on this device, on or off, or why it cannot be. */
export function PushSwitch({ className }: { className?: string }) {
  const { t } = useTranslation('common');
  const push = usePush();
  if (!push.userId) return null;
  const on = push.status === 'on';
  const can = push.status !== 'blocked' && push.status !== 'unsupported';
  return (
    <SwitchRow className={className}>
      <SwitchLabel>
        <span>{t('push.switch')}</span>
        <Small>{t('push.switchHint')}</Small>
        <Reason status={push.status} result={push.result} />
      </SwitchLabel>
      <Switch
        data-testid="push-switch"
        aria-label={t('push.switch')}
        checked={on}
        disabled={!can || push.busy}
        onChange={() => void (on ? push.turnOff() : push.turnOn())}
      />
    </SwitchRow>
  );
}

const Card = styled.section`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space(2)};
  margin-block: ${({ theme }) => theme.space(3)};
  padding: ${({ theme }) => theme.space(4)};
  border: 1px solid ${({ theme }) => theme.color.border};
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ theme }) => theme.color.surfaceRaised};
  color: ${({ theme }) => theme.color.text};
`;

const Title = styled.h2`
  margin: 0;
  font: 600 15px / 1.4 ${({ theme }) => theme.font.body};
`;

const Text = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.color.textMuted};
  font: 400 13px / 1.5 ${({ theme }) => theme.font.body};
`;

const Note = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.color.warning};
  font: 400 13px / 1.5 ${({ theme }) => theme.font.body};
`;

const Row = styled.div`
  display: flex;
  gap: ${({ theme }) => theme.space(2)};
  margin-block-start: ${({ theme }) => theme.space(1)};
`;

const Primary = styled.button`
  min-height: ${({ theme }) => theme.touch}px;
  padding-inline: ${({ theme }) => theme.space(4)};
  border: 0;
  border-radius: ${({ theme }) => theme.radius.sm};
  background: ${({ theme }) => theme.color.primary};
  color: ${({ theme }) => theme.color.onPrimary};
  font: 600 14px ${({ theme }) => theme.font.body};
  &:disabled {
    opacity: 0.6;
  }
`;

const Secondary = styled(Primary)`
  background: transparent;
  color: ${({ theme }) => theme.color.text};
  border: 1px solid ${({ theme }) => theme.color.border};
`;

const SwitchRow = styled.label`
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space(3)};
  min-height: ${({ theme }) => theme.touch}px;
  padding: ${({ theme }) => theme.space(3)} ${({ theme }) => theme.space(4)};
  color: ${({ theme }) => theme.color.text};
  font: 400 15px / 1.4 ${({ theme }) => theme.font.body};
`;

const SwitchLabel = styled.span`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space(1)};
`;

const Small = styled.small`
  color: ${({ theme }) => theme.color.textMuted};
  font-size: 12px;
`;
