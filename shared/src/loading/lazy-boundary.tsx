/**
 * The error boundary around one lazily loaded part (a remote's page, a dialog, a chart, a button): when its code cannot be loaded
 * only that spot says so, with a retry, and the page around it keeps its state (what the trader typed stays). It
 * retries by itself when the connection comes back. Its own code is in the kit's entry, never loaded on demand:
 * it must work when nothing more can be loaded.
 */
import { Component } from 'react';
import type { ErrorInfo, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { reportCaughtError } from '../telemetry/caught';
import { useOnline } from './online';
import { retryFailedLoads } from './retry';

export type LazyBoundaryProps = {
  children: ReactNode;
  /** What to show instead of the part; by default a short message with a retry (and a close with `onDismiss`). */
  fallback?: (retry: () => void) => ReactNode;
  /** Offer a close button beside the retry (a dialog that could not open closes with it). */
  onDismiss?: () => void;
  /** Fixed above the tab bar and a form's action bar (a dialog: where it sits in the tree may be off screen). */
  floating?: boolean;
  /** Called on every retry (by tap or when back online) before the part renders again: e.g. refresh a registry. */
  onRetry?: () => void;
  /** Names the part in the console when it fails (`[load]` by default). */
  label?: string;
  /**
   * The remote whose page this boundary wraps (the host's route boundary): what it catches counts against that
   * remote's health. Elsewhere a caught error is given to a remote by its stack (release health).
   */
  remote?: string;
};

export class LazyBoundary extends Component<LazyBoundaryProps, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.warn(`[${this.props.label ?? 'load'}]`, error, info.componentStack);
    reportCaughtError(error, this.props.remote);
    window.addEventListener('online', this.retry);
  }

  override componentWillUnmount(): void {
    window.removeEventListener('online', this.retry);
    // A part that leaves while failed (a dialog closed) loads afresh when it comes back.
    if (this.state.failed) retryFailedLoads();
  }

  retry = (): void => {
    window.removeEventListener('online', this.retry);
    retryFailedLoads();
    this.props.onRetry?.();
    this.setState({ failed: false });
  };

  override render(): ReactNode {
    if (!this.state.failed) return this.props.children;
    if (this.props.fallback) return this.props.fallback(this.retry);
    return (
      <LoadFailed onRetry={this.retry} onDismiss={this.props.onDismiss} floating={this.props.floating} />
    );
  }
}

/** The short inline message of a part that could not be loaded: "you are offline" while offline, and a retry. */
export function LoadFailed({
  onRetry,
  onDismiss,
  floating = false,
}: {
  onRetry: () => void;
  onDismiss?: () => void;
  floating?: boolean;
}) {
  const { t } = useTranslation('common');
  const online = useOnline();
  return (
    <Box role="alert" data-testid="part-failed" data-offline={!online} $floating={floating}>
      <span>{online ? t('partFailed') : t('offlineNeedsConnection')}</span>
      <Actions>
        {onDismiss && (
          <Button type="button" onClick={onDismiss}>
            {t('close')}
          </Button>
        )}
        <Button type="button" onClick={onRetry} $primary>
          {t('retry')}
        </Button>
      </Actions>
    </Box>
  );
}

/**
 * Said where an action that needs the network was tapped while offline ("You are offline — this needs a
 * connection"), instead of trying to load code or call the server; render it only while offline.
 */
export function OfflineNotice() {
  const { t } = useTranslation('common');
  return (
    <Box role="status" data-testid="offline-notice" $floating={false}>
      {t('offlineNeedsConnection')}
    </Box>
  );
}

const Box = styled.div<{ $floating: boolean }>`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space(2)};
  margin: ${({ theme }) => theme.space(2)} 0;
  padding: ${({ theme }) => theme.space(2)} ${({ theme }) => theme.space(3)};
  border: 1px solid ${({ theme }) => theme.color.warning};
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ theme }) => theme.color.surface};
  color: ${({ theme }) => theme.color.text};
  font-size: 14px;
  line-height: 1.4;
  ${({ $floating, theme }) =>
    $floating
      ? `position: fixed; z-index: 1150; inset-inline: ${theme.space(4)};
         inset-block-end: calc(136px + env(safe-area-inset-bottom));`
      : ''}
`;

const Actions = styled.div`
  display: flex;
  gap: ${({ theme }) => theme.space(2)};
  margin-inline-start: auto;
`;

const Button = styled.button<{ $primary?: boolean }>`
  min-height: ${({ theme }) => theme.touch}px;
  padding: 0 ${({ theme }) => theme.space(4)};
  border: 1px solid ${({ theme, $primary }) => ($primary ? theme.color.primary : theme.color.border)};
  border-radius: ${({ theme }) => theme.radius.sm};
  background: ${({ theme, $primary }) => ($primary ? theme.color.primary : 'transparent')};
  color: ${({ theme, $primary }) => ($primary ? theme.color.onPrimary : theme.color.text)};
  font: 600 14px / 1 ${({ theme }) => theme.font.body};
`;
