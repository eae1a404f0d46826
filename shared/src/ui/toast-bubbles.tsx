/** The toast bubbles of {@link ToastHost}, loaded with the first toast (no first screen shows one). */
import { memo, useEffect } from 'react';
import styled, { css, keyframes } from 'styled-components';
import type { ToastItem } from '../state/ui';
import { TOAST_DURATION_MS } from './toast-duration';

export default function ToastBubbles({
  toasts,
  onExpire,
}: {
  toasts: readonly ToastItem[];
  onExpire: (id: number) => void;
}) {
  return (
    <>
      {toasts.map((item) => (
        <Toast key={item.id} item={item} onExpire={onExpire} />
      ))}
    </>
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
