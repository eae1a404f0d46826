import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { PageHeader } from '@meridian/shared';
import { PushSwitch } from '@meridian/shared/push';
import { NotificationSettingsPanel } from '../../features/notifications/components/notification-settings';
import { NotificationsView } from '../../features/notifications/components/notifications-view';
import { NS } from '../i18n';

/** `/mine/notifications` (docs/routes.md): the list, and behind the gear the switch per kind of notification. */
export default function NotificationsPage() {
  const { t } = useTranslation(NS);
  const [settings, setSettings] = useState(false);
  const panel = useId();
  return (
    <section data-testid="page-mine-notifications">
      <PageHeader
        title={t('notifications.title')}
        back
        action={
          <Gear
            type="button"
            aria-label={t('notifications.settings.open')}
            aria-expanded={settings}
            aria-controls={panel}
            onClick={() => setSettings((v) => !v)}
            data-testid="notification-settings-toggle"
          >
            <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">
              <path
                d="M4 7h10M18 7h2M4 17h2M10 17h10"
                fill="none"
                stroke="currentColor"
                strokeWidth="1.8"
                strokeLinecap="round"
              />
              <circle cx="16" cy="7" r="2.2" fill="none" stroke="currentColor" strokeWidth="1.8" />
              <circle cx="8" cy="17" r="2.2" fill="none" stroke="currentColor" strokeWidth="1.8" />
            </svg>
          </Gear>
        }
      />
      <PushSwitch />
      {settings && <NotificationSettingsPanel id={panel} />}
      <NotificationsView />
    </section>
  );
}

const Gear = styled.button`
  display: grid;
  place-items: center;
  inline-size: ${({ theme }) => theme.touch}px;
  block-size: ${({ theme }) => theme.touch}px;
  border: 0;
  border-radius: ${({ theme }) => theme.radius.md};
  background: transparent;
  color: ${({ theme }) => theme.color.text};
  cursor: pointer;
  &[aria-expanded='true'] {
    color: ${({ theme }) => theme.color.primary};
  }
  &:focus-visible {
    outline: 2px solid ${({ theme }) => theme.color.primary};
    outline-offset: -2px;
  }
`;
