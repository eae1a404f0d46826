/**
 * Renders the app-wide toasts of `state/ui.ts`. Mounted once by the host. Toasts are written from outside React
 * (the API client calls `toast()`), which goes through `appStore`, so this host reads that store explicitly rather
 * than whichever jotai Provider happens to be above it.
 *
 * They stack below what a screen marks `data-toast-anchor` (the page header; on /trade the instrument and its
 * price too), so the back arrow, the instrument and its price stay visible, and a repeat shows once with a count.
 */
import { memo, useEffect, useLayoutEffect, useState } from 'react';
import styled, { css, keyframes } from 'styled-components';
import { appStore, useAtomValue, useSetAtom } from '../state/store';
import { dismissToastAtom, toastsAtom } from '../state/ui';
import type { ToastItem } from '../state/ui';

/** How long a toast stays on screen, ms. */
export const TOAST_DURATION_MS = 2500;

const storeOption = { store: appStore };

/** The toast stack: a polite live region, each toast dismissed after {@link TOAST_DURATION_MS}. */
export function ToastHost() {
  const toasts = useAtomValue(toastsAtom, storeOption);
  const dismiss = useSetAtom(dismissToastAtom, storeOption);
  const [top, setTop] = useState(0);
  const shown = toasts.length > 0;
  useLayoutEffect(() => {
    if (!shown) return;
    // The lowest anchor still on the upper half of the screen (one scrolled away no longer counts).
    let bottom = 0;
    for (const el of document.querySelectorAll('[data-toast-anchor]')) {
      const r = el.getBoundingClientRect();
      if (r.bottom > bottom && r.top < window.innerHeight / 2) bottom = r.bottom;
    }
    setTop(bottom);
  }, [shown, toasts]);
  return (
    <Region aria-live="polite" aria-atomic="false" role="status" style={{ insetBlockStart: `${top}px` }}>
      {toasts.map((item) => (
        <Toast key={item.id} item={item} onExpire={dismiss} />
      ))}
    </Region>
  );
}

const Toast = memo(function Toast({ item, onExpire }: { item: ToastItem; onExpire: (id: number) => void }) {
  useEffect(() => {
    const timer = setTimeout(() => onExpire(item.id), TOAST_DURATION_MS);
    return () => clearTimeout(timer);
  }, [item.id, item.count, onExpire]);
  return (
    <Bubble $kind={item.kind} data-kind={item.kind}>
      {item.count > 1 ? `${item.text} ×${item.count}` : item.text}
    </Bubble>
  );
});

const toastIn = keyframes`
  from { opacity: 0; transform: translateY(-8px); }
`;

const Region = styled.div`
  position: fixed;
  z-index: 1100;
  margin-block-start: calc(env(safe-area-inset-top, 0px) + ${({ theme }) => theme.space(2)});
  inset-inline: ${({ theme }) => theme.space(4)};
  display: flex;
  flex-direction: column;
  align-items: center;
  gap: ${({ theme }) => theme.space(2)};
  pointer-events: none;
`;

const Bubble = styled.div<{ $kind: ToastItem['kind'] }>`
  max-inline-size: min(100%, 360px);
  padding-block: ${({ theme }) => theme.space(2.5)};
  padding-inline: ${({ theme }) => theme.space(4)};
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ theme }) => theme.color.surfaceRaised};
  color: ${({ theme }) => theme.color.text};
  border: 1px solid ${({ theme }) => theme.color.border};
  ${({ $kind, theme }) =>
    $kind === 'error' &&
    css`
      border-color: ${theme.color.danger};
    `}
  ${({ $kind, theme }) =>
    $kind === 'success' &&
    css`
      border-color: ${theme.color.up};
    `}
  box-shadow: 0 6px 24px rgb(0 0 0 / 40%);
  font: 500 14px / 1.4 ${({ theme }) => theme.font.body};
  font-variant-numeric: tabular-nums;
  text-align: center;
  overflow-wrap: anywhere;
  animation: ${toastIn} 160ms ease-out;

  @media (prefers-reduced-motion: reduce) {
    animation: none;
  }
`;
