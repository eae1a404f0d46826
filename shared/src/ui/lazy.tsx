/**
 * UI pieces that no first screen needs, loaded on first use. `@meridian/shared` is shared whole (federation does
 * not tree-shake shared modules), so everything in its entry is paid by the first visit to `/`; these wrappers
 * keep that to a few hundred bytes and fetch each component's code the first time it renders.
 */
import { lazy, Suspense } from 'react';
import { appStore, useAtomValue } from '../state/store';
import { confirmQueueAtom } from './confirm-state';
import type { CopyButtonProps } from './copy-button';
import type { DialogProps } from './dialog';
import type { EmptyProps } from './empty';
import type { LoadErrorProps } from './load-error';
import type { QrCodeProps } from './qr-code';
import type { SendCodeButtonProps } from './send-code-button';
import type { SpinnerProps } from './spinner';
import { spinnerVisibleAtom } from '../state/ui';

const SendCodeButtonView = lazy(() =>
  import('./send-code-button').then((m) => ({ default: m.SendCodeButton })),
);
const QrCodeView = lazy(() => import('./qr-code').then((m) => ({ default: m.QrCode })));
const CopyButtonView = lazy(() => import('./copy-button').then((m) => ({ default: m.CopyButton })));

/** The send-code button with the 60 s countdown (see ./send-code-button). */
export function SendCodeButton(props: SendCodeButtonProps) {
  return (
    <Suspense fallback={null}>
      <SendCodeButtonView {...props} />
    </Suspense>
  );
}

/** A QR code (see ./qr-code). */
export function QrCode(props: QrCodeProps) {
  return (
    <Suspense fallback={<div style={{ width: props.size ?? 160, height: props.size ?? 160 }} />}>
      <QrCodeView {...props} />
    </Suspense>
  );
}

/** A copy button that toasts 'copy success' (see ./copy-button). */
export function CopyButton(props: CopyButtonProps) {
  return (
    <Suspense fallback={null}>
      <CopyButtonView {...props} />
    </Suspense>
  );
}

const LoadErrorView = lazy(() => import('./load-error').then((m) => ({ default: m.LoadError })));

/** The error state of an async screen with a retry (see ./load-error); only a failed load fetches its code. */
export function LoadError(props: LoadErrorProps) {
  return (
    <Suspense fallback={null}>
      <LoadErrorView {...props} />
    </Suspense>
  );
}

const DialogView = lazy(() => import('./dialog').then((m) => ({ default: m.Dialog })));
const DialogHostView = lazy(() => import('./dialog').then((m) => ({ default: m.DialogHost })));

/** A modal dialog (see ./dialog); its code loads when one first opens. */
export function Dialog(props: DialogProps) {
  if (!props.open) return null;
  return (
    <Suspense fallback={null}>
      <DialogView {...props} />
    </Suspense>
  );
}

/** Shows pending `confirm()` requests; mount once. Loads the dialog's code only when there is one. */
export function DialogHost() {
  const pending = useAtomValue(confirmQueueAtom, { store: appStore }).length > 0;
  if (!pending) return null;
  return (
    <Suspense fallback={null}>
      <DialogHostView />
    </Suspense>
  );
}

/** Copy text to the clipboard and toast 'copy success' (see ./copy); its code loads on first use. */
export async function copyText(text: string, successText?: string): Promise<boolean> {
  const m = await import('./copy');
  return m.copyText(text, successText);
}

const SpinnerView = lazy(() => import('./spinner').then((m) => ({ default: m.Spinner })));
const GlobalSpinnerView = lazy(() => import('./spinner').then((m) => ({ default: m.GlobalSpinner })));

/** An inline spinner (see ./spinner); until its code is in, a box of its size with the same status role. */
export function Spinner(props: SpinnerProps) {
  const size = props.size ?? 20;
  return (
    <Suspense
      fallback={
        <span
          role="status"
          className={props.className}
          style={{ display: 'inline-block', inlineSize: size, blockSize: size, verticalAlign: 'middle' }}
        />
      }
    >
      <SpinnerView {...props} />
    </Suspense>
  );
}

/**
 * The app-wide overlay while a call holds the global spinner (see ./spinner). Its code loads the first time one
 * shows; until then a bare overlay already swallows taps, so a form still cannot be submitted twice.
 */
export function GlobalSpinner() {
  const visible = useAtomValue(spinnerVisibleAtom, { store: appStore });
  if (!visible) return null;
  return (
    <Suspense
      fallback={
        <div
          data-testid="global-spinner"
          aria-busy="true"
          style={{ position: 'fixed', inset: 0, zIndex: 1200 }}
        />
      }
    >
      <GlobalSpinnerView />
    </Suspense>
  );
}

const EmptyView = lazy(() => import('./empty').then((m) => ({ default: m.Empty })));

/** The empty state of a list or screen (see ./empty); no first screen is empty, so its code loads when one is. */
export function Empty(props: EmptyProps) {
  return (
    <Suspense fallback={null}>
      <EmptyView {...props} />
    </Suspense>
  );
}
