/**
 * Renders the app-wide toasts of `state/ui.ts`. Mounted once by the host. Toasts are written from outside React
 * (the API client calls `toast()`), which goes through `appStore`, so this host reads that store explicitly rather
 * than whichever jotai Provider happens to be above it.
 *
 * They stack below what a screen marks `data-toast-anchor` (the page header; on /trade the instrument and its
 * price too), so the back arrow, the instrument and its price stay visible, and a repeat shows once with a count.
 */
import { Suspense, useEffect, useLayoutEffect, useState } from 'react';
import styled from 'styled-components';
import { LazyBoundary } from '../loading/lazy-boundary';
import { lazyWithRetry } from '../loading/retry';
import { appStore, useAtomValue, useSetAtom } from '../state/store';
import { dismissToastAtom, toastsAtom } from '../state/ui';
import type { ToastItem } from '../state/ui';
import { TOAST_DURATION_MS } from './toast-duration';

export { TOAST_DURATION_MS };

const storeOption = { store: appStore };

// The bubbles' code loads with the first toast; the live region itself is always mounted (a region that appears
// together with its first message is often not announced). Offline, before that code is in, the texts show plain
// (a toast is often what says the network failed).
const ToastBubbles = lazyWithRetry(() => import('./toast-bubbles'));

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
      {shown && (
        <LazyBoundary fallback={() => <PlainToasts toasts={toasts} onExpire={dismiss} />}>
          <Suspense fallback={null}>
            <ToastBubbles toasts={toasts} onExpire={dismiss} />
          </Suspense>
        </LazyBoundary>
      )}
    </Region>
  );
}

/** The toasts as plain text, each gone after {@link TOAST_DURATION_MS}: when the bubbles' code cannot be loaded. */
function PlainToasts({ toasts, onExpire }: { toasts: readonly ToastItem[]; onExpire: (id: number) => void }) {
  const oldest = toasts[0];
  useEffect(() => {
    if (!oldest) return undefined;
    const timer = setTimeout(() => onExpire(oldest.id), TOAST_DURATION_MS);
    return () => clearTimeout(timer);
  }, [oldest, onExpire]);
  return (
    <>
      {toasts.map((item) => (
        <Plain key={item.id} data-kind={item.kind}>
          {item.text}
        </Plain>
      ))}
    </>
  );
}

const Plain = styled.div`
  padding: ${({ theme }) => theme.space(2)} ${({ theme }) => theme.space(3)};
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ theme }) => theme.color.surfaceRaised};
  color: ${({ theme }) => theme.color.text};
  font-size: 14px;
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
