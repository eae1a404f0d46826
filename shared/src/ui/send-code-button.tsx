/** The "send code" button of the sign-up, reset-password and binding forms (docs/states.md: 60 s countdown). */
import { useCallback, useEffect, useRef, useState } from 'react';
import styled from 'styled-components';
import { useTranslation } from 'react-i18next';
import { CODE_COUNTDOWN_SECONDS } from '../constants';

export type SendCodeButtonProps = {
  /** Sends the code; the countdown starts only if it resolves. Its errors are the caller's (the API client toasts). */
  onSend: () => Promise<unknown>;
  disabled?: boolean;
  className?: string;
};

/**
 * Calls `onSend`; once it resolves, stays disabled for {@link CODE_COUNTDOWN_SECONDS} showing the seconds left, then
 * can be used again. Disabled while sending. The countdown follows the clock, so a throttled background tab does
 * not stretch it.
 */
export function SendCodeButton({ onSend, disabled = false, className }: SendCodeButtonProps) {
  const { t } = useTranslation('common');
  const [sending, setSending] = useState(false);
  const [endsAt, setEndsAt] = useState<number | null>(null);
  const [secondsLeft, setSecondsLeft] = useState(0);
  const mountedRef = useRef(true);

  useEffect(() => {
    mountedRef.current = true;
    return () => {
      mountedRef.current = false;
    };
  }, []);

  useEffect(() => {
    if (endsAt === null) return undefined;
    const tick = () => {
      const left = Math.max(0, Math.ceil((endsAt - Date.now()) / 1000));
      setSecondsLeft(left);
      if (left === 0) setEndsAt(null);
    };
    tick();
    const timer = setInterval(tick, 1000);
    return () => clearInterval(timer);
  }, [endsAt]);

  const onClick = useCallback(async () => {
    setSending(true);
    let sent = false;
    try {
      await onSend();
      sent = true;
    } catch {
      // Not sent: stay sendable. The failure was already reported by whoever made the call.
    }
    if (!mountedRef.current) return;
    setSending(false);
    if (sent) {
      setSecondsLeft(CODE_COUNTDOWN_SECONDS);
      setEndsAt(Date.now() + CODE_COUNTDOWN_SECONDS * 1000);
    }
  }, [onSend]);

  const counting = endsAt !== null && secondsLeft > 0;
  return (
    <Button
      type="button"
      className={className}
      disabled={disabled || sending || counting}
      aria-busy={sending}
      onClick={() => void onClick()}
    >
      {counting ? t('resendIn', { seconds: secondsLeft }) : t('sendCode')}
    </Button>
  );
}

const Button = styled.button`
  flex: none;
  min-block-size: ${({ theme }) => theme.touch}px;
  min-inline-size: 96px;
  padding-inline: ${({ theme }) => theme.space(3)};
  border: 0;
  border-radius: ${({ theme }) => theme.radius.sm};
  background: transparent;
  color: ${({ theme }) => theme.color.primary};
  font: 500 14px / 1.2 ${({ theme }) => theme.font.body};
  font-variant-numeric: tabular-nums;
  white-space: nowrap;
  cursor: pointer;

  &:disabled {
    color: ${({ theme }) => theme.color.textMuted};
    cursor: default;
  }
  &:focus-visible {
    outline: 2px solid ${({ theme }) => theme.color.primary};
    outline-offset: 2px;
  }
`;
