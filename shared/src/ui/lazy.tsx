/**
 * UI pieces that no first screen needs, loaded on first use. `@meridian/shared` is shared whole (federation does
 * not tree-shake shared modules), so everything in its entry is paid by the first visit to `/`; these wrappers
 * keep that to a few hundred bytes and fetch each component's code the first time it renders. Each sits in its own
 * LazyBoundary: code that cannot be loaded (offline) fails only that spot, with a retry, and is requested again
 * (lazyWithRetry), never kept as failed.
 */
import { Suspense } from 'react';
import { LazyBoundary, LoadFailed } from '../loading/lazy-boundary';
import { lazyWithRetry, retryImport } from '../loading/retry';
import { appStore, useAtomValue } from '../state/store';
import { confirmQueueAtom } from './confirm-state';
import type { CopyButtonProps } from './copy-button';
import type { DialogProps } from './dialog';
import type { EmptyProps } from './empty';
import type { LoadErrorProps } from './load-error';
import type { QrCodeProps } from './qr-code';
import type { SendCodeButtonProps } from './send-code-button';
import type { SpinnerProps } from './spinner';
import { settleConfirm } from './confirm-state';
import { spinnerVisibleAtom } from '../state/ui';

const SendCodeButtonView = lazyWithRetry(() =>
  import('./send-code-button').then((m) => ({ default: m.SendCodeButton })),
);
const QrCodeView = lazyWithRetry(() => import('./qr-code').then((m) => ({ default: m.QrCode })));
const CopyButtonView = lazyWithRetry(() => import('./copy-button').then((m) => ({ default: m.CopyButton })));

/** The send-code button with the 60 s countdown (see ./send-code-button). */
export function SendCodeButton(props: SendCodeButtonProps) {
  return (
    <LazyBoundary>
      <Suspense fallback={null}>
        <SendCodeButtonView {...props} />
      </Suspense>
    </LazyBoundary>
  );
}

/** A QR code (see ./qr-code). */
export function QrCode(props: QrCodeProps) {
  return (
    <LazyBoundary>
      <Suspense fallback={<div style={{ width: props.size ?? 160, height: props.size ?? 160 }} />}>
        <QrCodeView {...props} />
      </Suspense>
    </LazyBoundary>
  );
}

/** A copy button that toasts 'copy success' (see ./copy-button). */
export function CopyButton(props: CopyButtonProps) {
  return (
    <LazyBoundary>
      <Suspense fallback={null}>
        <CopyButtonView {...props} />
      </Suspense>
    </LazyBoundary>
  );
}

const LoadErrorView = lazyWithRetry(() => import('./load-error').then((m) => ({ default: m.LoadError })));

/**
 * The error state of an async screen with a retry (see ./load-error); only a failed load fetches its code. When
 * even that cannot be loaded (offline), the boundary's own message stands in, and its retry is the screen's.
 */
export function LoadError(props: LoadErrorProps) {
  return (
    <LazyBoundary
      fallback={(retry) => (
        <LoadFailed
          onRetry={() => {
            retry();
            props.onRetry();
          }}
        />
      )}
    >
      <Suspense fallback={null}>
        <LoadErrorView {...props} />
      </Suspense>
    </LazyBoundary>
  );
}

const DialogView = lazyWithRetry(() => import('./dialog').then((m) => ({ default: m.Dialog })));
const DialogHostView = lazyWithRetry(() => import('./dialog').then((m) => ({ default: m.DialogHost })));

/** A modal dialog (see ./dialog); its code loads when one first opens. */
export function Dialog(props: DialogProps) {
  if (!props.open) return null;
  return (
    // Floating: a dialog's place in the tree is often below the fold (the end of a form); its message must be seen.
    <LazyBoundary floating onDismiss={props.onClose}>
      <Suspense fallback={null}>
        <DialogView {...props} />
      </Suspense>
    </LazyBoundary>
  );
}

/** Shows pending `confirm()` requests; mount once. Loads the dialog's code only when there is one. */
export function DialogHost() {
  const first = useAtomValue(confirmQueueAtom, { store: appStore })[0];
  if (!first) return null;
  return (
    // A confirmation that cannot be shown can be answered "no" (closed), or shown once its code loads.
    <LazyBoundary floating onDismiss={() => settleConfirm(first.id, false)}>
      <Suspense fallback={null}>
        <DialogHostView />
      </Suspense>
    </LazyBoundary>
  );
}

/** Copy text to the clipboard and toast 'copy success' (see ./copy); its code loads on first use. */
export async function copyText(text: string, successText?: string): Promise<boolean> {
  const m = await retryImport(() => import('./copy'));
  return m.copyText(text, successText);
}

const SpinnerView = lazyWithRetry(() => import('./spinner').then((m) => ({ default: m.Spinner })));
const GlobalSpinnerView = lazyWithRetry(() =>
  import('./spinner').then((m) => ({ default: m.GlobalSpinner })),
);

/** An inline spinner (see ./spinner); until its code is in, a box of its size with the same status role. */
export function Spinner(props: SpinnerProps) {
  const size = props.size ?? 20;
  const box = (
    <span
      role="status"
      className={props.className}
      style={{ display: 'inline-block', inlineSize: size, blockSize: size, verticalAlign: 'middle' }}
    />
  );
  // A spinner that cannot load stays the box it stands in for (a message would say more than the spinner did).
  return (
    <LazyBoundary fallback={() => box}>
      <Suspense fallback={box}>
        <SpinnerView {...props} />
      </Suspense>
    </LazyBoundary>
  );
}

/**
 * The app-wide overlay while a call holds the global spinner (see ./spinner). Its code loads the first time one
 * shows; until then a bare overlay already swallows taps, so a form still cannot be submitted twice.
 */
export function GlobalSpinner() {
  const visible = useAtomValue(spinnerVisibleAtom, { store: appStore });
  if (!visible) return null;
  const overlay = (
    <div
      data-testid="global-spinner"
      aria-busy="true"
      style={{ position: 'fixed', inset: 0, zIndex: 1200 }}
    />
  );
  return (
    <LazyBoundary fallback={() => overlay}>
      <Suspense fallback={overlay}>
        <GlobalSpinnerView />
      </Suspense>
    </LazyBoundary>
  );
}

const EmptyView = lazyWithRetry(() => import('./empty').then((m) => ({ default: m.Empty })));

/** The empty state of a list or screen (see ./empty); no first screen is empty, so its code loads when one is. */
export function Empty(props: EmptyProps) {
  return (
    <LazyBoundary>
      <Suspense fallback={null}>
        <EmptyView {...props} />
      </Suspense>
    </LazyBoundary>
  );
}
