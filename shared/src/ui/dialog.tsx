/**
 * A modal dialog, and `confirm()`: an awaitable confirmation callable from anywhere (a socket handler, an API
 * call, a click handler) without holding dialog state in the caller. Pending confirmations live in an atom of
 * `appStore`; `DialogHost`, mounted once by the host app, shows them one at a time.
 */
import { useCallback, useEffect, useId, useRef } from 'react';
import type { KeyboardEvent as ReactKeyboardEvent, MouseEvent, ReactNode } from 'react';
import { createPortal } from 'react-dom';
import styled, { keyframes } from 'styled-components';
import { useTranslation } from 'react-i18next';
import { appStore, useAtomValue } from '../state/store';
import { confirmQueueAtom, settleConfirm } from './confirm-state';

const FOCUSABLE =
  'button:not([disabled]), [href], input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

export type DialogProps = {
  open: boolean;
  /** Called on Escape, on a backdrop tap when `dismissible`, or by the caller's own buttons. */
  onClose: () => void;
  title?: ReactNode;
  children?: ReactNode;
  /** The buttons row; the first button gets the focus when the dialog opens. */
  actions?: ReactNode;
  /** A tap on the backdrop closes the dialog. False by default. */
  dismissible?: boolean;
  /** Use `alertdialog` for confirmations that interrupt the user. */
  role?: 'dialog' | 'alertdialog';
  className?: string;
};

/**
 * Modal dialog (`role="dialog"`, `aria-modal`): focuses its first button, keeps Tab inside, closes on Escape,
 * and on a backdrop tap when `dismissible`. Gives the focus back to where it was when it closes.
 */
export function Dialog({
  open,
  onClose,
  title,
  children,
  actions,
  dismissible = false,
  role = 'dialog',
  className,
}: DialogProps) {
  const panelRef = useRef<HTMLDivElement>(null);
  const titleId = useId();
  const bodyId = useId();

  useEffect(() => {
    if (!open) return undefined;
    const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const panel = panelRef.current;
    const first =
      panel?.querySelector<HTMLElement>('button:not([disabled])') ??
      panel?.querySelector<HTMLElement>(FOCUSABLE);
    (first ?? panel)?.focus();
    return () => previous?.focus();
  }, [open]);

  const onKeyDown = useCallback(
    (event: ReactKeyboardEvent<HTMLDivElement>) => {
      if (event.key === 'Escape') {
        event.stopPropagation();
        onClose();
        return;
      }
      if (event.key !== 'Tab' || !panelRef.current) return;
      // Trap-lite: wrap Tab around the dialog's own controls.
      const items = Array.from(panelRef.current.querySelectorAll<HTMLElement>(FOCUSABLE));
      const first = items[0];
      const last = items[items.length - 1];
      if (!first || !last) return;
      if (event.shiftKey && document.activeElement === first) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && document.activeElement === last) {
        event.preventDefault();
        first.focus();
      }
    },
    [onClose],
  );

  const onBackdrop = useCallback(
    (event: MouseEvent<HTMLDivElement>) => {
      if (dismissible && event.target === event.currentTarget) onClose();
    },
    [dismissible, onClose],
  );

  if (!open || typeof document === 'undefined') return null;
  return createPortal(
    <Backdrop onClick={onBackdrop} data-testid="dialog-backdrop">
      <Panel
        ref={panelRef}
        role={role}
        aria-modal="true"
        // Without a title, the message names the dialog (a bare confirmation).
        aria-labelledby={title != null ? titleId : children != null ? bodyId : undefined}
        aria-describedby={title != null && children != null ? bodyId : undefined}
        tabIndex={-1}
        onKeyDown={onKeyDown}
        className={className}
      >
        {title != null && <Title id={titleId}>{title}</Title>}
        {children != null && <Body id={bodyId}>{children}</Body>}
        {actions != null && <Actions>{actions}</Actions>}
      </Panel>
    </Backdrop>,
    document.body,
  );
}

/** Shows the pending {@link confirm} requests. Mount once, near the root, inside the theme and i18n providers. */
export function DialogHost() {
  const queue = useAtomValue(confirmQueueAtom, { store: appStore });
  const { t } = useTranslation('common');
  const current = queue[0];
  if (!current) return null;
  const cancel = () => settleConfirm(current.id, false);
  return (
    <Dialog
      key={current.id}
      open
      dismissible
      onClose={cancel}
      title={current.title}
      actions={
        <>
          <ActionButton type="button" onClick={cancel}>
            {current.cancelText ?? t('cancel')}
          </ActionButton>
          <ActionButton type="button" $primary onClick={() => settleConfirm(current.id, true)}>
            {current.confirmText ?? t('confirm')}
          </ActionButton>
        </>
      }
    >
      {current.message}
    </Dialog>
  );
}

const fadeIn = keyframes`
  from { opacity: 0; }
`;
const riseIn = keyframes`
  from { opacity: 0; transform: scale(0.96); }
`;

const Backdrop = styled.div`
  position: fixed;
  inset: 0;
  z-index: 1000;
  display: grid;
  place-items: center;
  padding: ${({ theme }) => theme.space(6)};
  background: rgb(0 0 0 / 60%);
  animation: ${fadeIn} 120ms ease-out;

  @media (prefers-reduced-motion: reduce) {
    animation: none;
  }
`;

const Panel = styled.div`
  inline-size: min(100%, 340px);
  max-block-size: calc(100dvh - 48px);
  overflow: auto;
  border-radius: ${({ theme }) => theme.radius.lg};
  background: ${({ theme }) => theme.color.surfaceRaised};
  color: ${({ theme }) => theme.color.text};
  font-family: ${({ theme }) => theme.font.body};
  outline: none;
  animation: ${riseIn} 160ms ease-out;

  @media (prefers-reduced-motion: reduce) {
    animation: none;
  }
`;

const Title = styled.h2`
  margin: 0;
  padding-block: ${({ theme }) => theme.space(5)} 0;
  padding-inline: ${({ theme }) => theme.space(5)};
  font-size: 17px;
  font-weight: 600;
  text-align: center;
`;

const Body = styled.div`
  padding: ${({ theme }) => theme.space(5)};
  color: ${({ theme }) => theme.color.textMuted};
  font-size: 15px;
  line-height: 1.5;
  text-align: center;
  font-variant-numeric: tabular-nums;
  overflow-wrap: anywhere;
`;

const Actions = styled.div`
  display: flex;
  border-block-start: 1px solid ${({ theme }) => theme.color.border};

  & > * {
    flex: 1;
  }
  & > * + * {
    border-inline-start: 1px solid ${({ theme }) => theme.color.border};
  }
`;

const ActionButton = styled.button<{ $primary?: boolean }>`
  min-block-size: ${({ theme }) => Math.max(theme.touch, 48)}px;
  padding-inline: ${({ theme }) => theme.space(3)};
  border: 0;
  background: transparent;
  color: ${({ theme, $primary }) => ($primary ? theme.color.primary : theme.color.text)};
  font: ${({ $primary }) => ($primary ? 600 : 400)} 16px / 1.2 ${({ theme }) => theme.font.body};
  cursor: pointer;
  -webkit-tap-highlight-color: transparent;

  &:active {
    background: ${({ theme }) => theme.color.surface};
  }
  &:focus-visible {
    outline: 2px solid ${({ theme }) => theme.color.primary};
    outline-offset: -2px;
  }
`;
