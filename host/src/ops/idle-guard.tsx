/**
 * Warns before the ops idle sign-out: the server ends a session after `idle_timeout_ms` without a call the person
 * made (typing an article makes none). A dialog shows the time left a couple of minutes before; "Stay signed in"
 * makes a call, which pushes the end back on the server. When the time is up the session ends here too, with a
 * note that unsaved drafts are kept on the device (the editors restore them after the next sign-in).
 */
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { appStore, Dialog, toast } from '@meridian/shared';
import {
  clearOpsSessionAtom,
  OpsButton,
  opsIdlePhase,
  readOpsActiveAt,
  markOpsActivity,
} from '@meridian/shared/ops';
import type { OpsIdlePhase } from '@meridian/shared/ops';
import type { OpsMe } from '@meridian/shared/pure';
import { fetchMe } from './api/auth-api';

const TICK_MS = 1000;

/** `m:ss` of a duration (digits read the same in every language). */
export const clockText = (ms: number): string => {
  const s = Math.max(0, Math.ceil(ms / 1000));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
};

export function IdleGuard({ me, onSignOut }: { me: OpsMe; onSignOut: () => void }) {
  const { t } = useTranslation('ops');
  const idleMs = me.idle_timeout_ms;
  const phaseNow = useCallback((): OpsIdlePhase => {
    let at = readOpsActiveAt();
    if (at === null) {
      // A session from before the device kept the clock: count from now.
      markOpsActivity();
      at = Date.now();
    }
    return opsIdlePhase(Date.now(), at, idleMs);
  }, [idleMs]);
  const [phase, setPhase] = useState<OpsIdlePhase>(phaseNow);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    const check = () => setPhase(phaseNow());
    check();
    const id = setInterval(check, TICK_MS);
    // A tab coming back from the background (timers slowed) checks at once.
    document.addEventListener('visibilitychange', check);
    return () => {
      clearInterval(id);
      document.removeEventListener('visibilitychange', check);
    };
  }, [phaseNow]);

  useEffect(() => {
    if (phase.phase !== 'over') return;
    appStore.set(clearOpsSessionAtom);
    toast(t('idle.ended'), 'info');
  }, [phase.phase, t]);

  const stay = async () => {
    setBusy(true);
    try {
      await fetchMe();
      setPhase(phaseNow());
    } catch {
      // 999 ends the session (the sign-in page shows); anything else: the dialog stays and says the time left.
    } finally {
      setBusy(false);
    }
  };

  if (phase.phase !== 'warning') return null;
  return (
    <Dialog
      open
      role="alertdialog"
      onClose={() => void stay()}
      title={t('idle.title')}
      actions={
        <Buttons>
          {/* First in the DOM, so it has the focus (Enter stays); shown at the end of the row. */}
          <OpsButton
            type="button"
            $variant="primary"
            disabled={busy}
            onClick={() => void stay()}
            data-testid="ops-idle-stay"
          >
            {t('idle.stay')}
          </OpsButton>
          <OpsButton type="button" onClick={onSignOut} data-testid="ops-idle-sign-out">
            {t('idle.signOut')}
          </OpsButton>
        </Buttons>
      }
    >
      <span data-testid="ops-idle-warning">{t('idle.body', { time: clockText(phase.leftMs) })}</span>
    </Dialog>
  );
}

const Buttons = styled.div`
  display: flex;
  flex-direction: row-reverse;
  flex-wrap: wrap;
  justify-content: flex-end;
  gap: ${({ theme }) => theme.space(2)};
  padding: ${({ theme }) => theme.space(3)};
`;
