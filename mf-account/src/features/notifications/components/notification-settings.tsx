/**
 * The trader's switch per kind of notification (docs/rules.md#notifications), on the notification centre: one switch
 * per type, all on until switched off. Off: still kept in the list (already read), but no toast and no push message.
 * A switch takes effect at once (the server answers every type as saved); one that fails to save goes back and says so.
 */
import { useCallback, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { LoadError, SkeletonRows, toast } from '@meridian/shared';
import { Switch } from '@meridian/shared/forms';
import { NOTIFICATION_TYPES } from '@meridian/shared/pure';
import type { NotificationType } from '@meridian/shared/pure';
import { NS } from '../../../lib/ns';
import { fetchNotificationSettings, saveNotificationSetting } from '../api/notifications';
import { NOTIFY_NS } from '../state/notifications-ns';

type Switches = Record<NotificationType, boolean>;

export function NotificationSettingsPanel({ id }: { id: string }) {
  const { t } = useTranslation(NS);
  const { t: tn } = useTranslation(NOTIFY_NS);
  const hint = useId();
  const [types, setTypes] = useState<Switches | null>(null);
  const [failed, setFailed] = useState(false);
  const [saving, setSaving] = useState<ReadonlySet<NotificationType>>(new Set());

  const load = useCallback(() => {
    setFailed(false);
    fetchNotificationSettings().then(
      (s) => setTypes(s.types),
      () => setFailed(true),
    );
  }, []);
  useEffect(load, [load]);

  const flip = (type: NotificationType, on: boolean) => {
    setTypes((cur) => (cur ? { ...cur, [type]: on } : cur));
    setSaving((cur) => new Set(cur).add(type));
    saveNotificationSetting(type, on)
      .then(
        (s) => setTypes(s.types),
        () => {
          setTypes((cur) => (cur ? { ...cur, [type]: !on } : cur));
          toast(t('notifications.settings.failed'), 'error');
        },
      )
      .finally(() =>
        setSaving((cur) => {
          const next = new Set(cur);
          next.delete(type);
          return next;
        }),
      );
  };

  return (
    <Panel id={id} aria-labelledby={`${id}-title`} data-testid="notification-settings">
      <Heading id={`${id}-title`}>{t('notifications.settings.title')}</Heading>
      <Hint id={hint}>{t('notifications.settings.hint')}</Hint>
      {failed ? (
        <LoadError onRetry={load} />
      ) : !types ? (
        <SkeletonRows rows={NOTIFICATION_TYPES.length} />
      ) : (
        <List>
          {NOTIFICATION_TYPES.map((type) => (
            <li key={type}>
              <SwitchRow>
                <span>{tn(`types.${type}`)}</span>
                <Switch
                  checked={types[type]}
                  aria-describedby={hint}
                  aria-busy={saving.has(type) || undefined}
                  onChange={(e) => flip(type, e.target.checked)}
                  data-testid={`notification-switch-${type}`}
                />
              </SwitchRow>
            </li>
          ))}
        </List>
      )}
    </Panel>
  );
}

const Panel = styled.section`
  padding: ${({ theme }) => theme.space(3)} ${({ theme }) => theme.space(4)};
  border-block-end: 1px solid ${({ theme }) => theme.color.border};
  background: ${({ theme }) => theme.color.surfaceRaised};
`;

const Heading = styled.h2`
  margin: 0;
  font-size: 15px;
  font-weight: 700;
`;

const Hint = styled.p`
  margin: ${({ theme }) => theme.space(1)} 0 ${({ theme }) => theme.space(2)};
  font-size: 13px;
  line-height: 1.4;
  color: ${({ theme }) => theme.color.textMuted};
`;

const List = styled.ul`
  margin: 0;
  padding: 0;
  list-style: none;
`;

const SwitchRow = styled.label`
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space(3)};
  min-block-size: ${({ theme }) => theme.touch}px;
  font-size: 15px;
  cursor: pointer;
`;
