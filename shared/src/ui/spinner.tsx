/** Loading indicators: an inline spinner and the app-wide overlay driven by `spinnerVisibleAtom`. */
import styled, { keyframes } from 'styled-components';
import { useTranslation } from 'react-i18next';
import { appStore, useAtomValue } from '../state/store';
import { spinnerVisibleAtom } from '../state/ui';
import { VisuallyHidden } from './visually-hidden';

export { VisuallyHidden } from './visually-hidden';

export type SpinnerProps = {
  /** Diameter in px; 20 by default. */
  size?: number;
  /** Accessible label; `common:loading` by default. */
  label?: string;
  className?: string;
};

/** An inline spinner with an accessible label (`role="status"`). */
export function Spinner({ size = 20, label, className }: SpinnerProps) {
  const { t } = useTranslation('common');
  return (
    <Wrap role="status" className={className}>
      <Ring $size={size} aria-hidden="true" />
      <VisuallyHidden>{label ?? t('loading')}</VisuallyHidden>
    </Wrap>
  );
}

/**
 * The full-screen overlay shown while any call holds the global spinner. It also swallows taps, so a form cannot be
 * submitted twice. Reads `appStore` directly because the API client writes the counter from outside React.
 */
export function GlobalSpinner() {
  const visible = useAtomValue(spinnerVisibleAtom, { store: appStore });
  if (!visible) return null;
  return (
    <Overlay data-testid="global-spinner" aria-busy="true">
      <Panel>
        <Spinner size={32} />
      </Panel>
    </Overlay>
  );
}

const spin = keyframes`
  to { transform: rotate(360deg); }
`;
const pulse = keyframes`
  50% { opacity: 0.4; }
`;

const Wrap = styled.span`
  position: relative;
  display: inline-flex;
  align-items: center;
  justify-content: center;
  vertical-align: middle;
`;

const Ring = styled.span<{ $size: number }>`
  display: block;
  inline-size: ${({ $size }) => $size}px;
  block-size: ${({ $size }) => $size}px;
  border-radius: 50%;
  border: ${({ $size }) => Math.max(2, Math.round($size / 10))}px solid ${({ theme }) => theme.color.border};
  border-block-start-color: ${({ theme }) => theme.color.primary};
  animation: ${spin} 0.8s linear infinite;

  /* Rotation is motion; a slow fade still says "busy" without it. */
  @media (prefers-reduced-motion: reduce) {
    animation: ${pulse} 1.6s ease-in-out infinite;
  }
`;

const Overlay = styled.div`
  position: fixed;
  inset: 0;
  z-index: 1200;
  display: grid;
  place-items: center;
  background: rgb(0 0 0 / 25%);
`;

const Panel = styled.div`
  display: grid;
  place-items: center;
  inline-size: 72px;
  block-size: 72px;
  border-radius: ${({ theme }) => theme.radius.lg};
  background: ${({ theme }) => theme.color.surfaceRaised};
`;
