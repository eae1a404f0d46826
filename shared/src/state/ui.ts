/** App-wide UI state: toasts and the global spinner, written from anywhere (the API client included). */
import { atom } from 'jotai';
import { appStore } from './store';

export type ToastKind = 'info' | 'success' | 'error';
/**
 * `count`: how many times the same message was asked for while it showed or within {@link TOAST_REPEAT_WINDOW_MS}
 * of the last time (shown once, with the count).
 */
export type ToastItem = { id: number; text: string; kind: ToastKind; count: number };

/**
 * A repeat that comes this soon after the same message still counts on it, even when the first bubble has already
 * gone: a trader who places the same order twice sees "Order placed. ×2", never two identical messages that leave
 * them unsure whether the second went through — whatever the phone's or the network's speed.
 */
export const TOAST_REPEAT_WINDOW_MS = 15_000;

const toastsBaseAtom = atom<readonly ToastItem[]>([]);
export const toastsAtom = atom((get) => get(toastsBaseAtom));
let nextToastId = 1;
/** The last time each message (kind + text) was asked for, and its count then. Only the last few are kept. */
const recent = new Map<string, { at: number; count: number }>();

export const pushToastAtom = atom(null, (get, set, toast: { text: string; kind?: ToastKind }) => {
  const kind = toast.kind ?? 'info';
  const list = get(toastsBaseAtom);
  // A repeat of a message on screen counts on that one (and starts its time again) instead of stacking.
  const key = `${kind}\u0000${toast.text}`;
  const now = Date.now();
  const last = recent.get(key);
  const count = last && now - last.at < TOAST_REPEAT_WINDOW_MS ? last.count + 1 : 1;
  recent.delete(key);
  recent.set(key, { at: now, count });
  if (recent.size > 20) recent.delete(recent.keys().next().value as string);
  const same = list.find((t) => t.text === toast.text && t.kind === kind);
  if (same) {
    set(toastsBaseAtom, [
      ...list.filter((t) => t !== same),
      { ...same, count: Math.max(count, same.count + 1) },
    ]);
    return same.id;
  }
  const item: ToastItem = { id: nextToastId++, text: toast.text, kind, count };
  // Keep at most three on screen; the newest wins.
  set(toastsBaseAtom, [...list.slice(-2), item]);
  return item.id;
});
export const dismissToastAtom = atom(null, (get, set, id: number) => {
  set(
    toastsBaseAtom,
    get(toastsBaseAtom).filter((t) => t.id !== id),
  );
});

/** Show a toast from outside React. */
export function toast(text: string, kind: ToastKind = 'info'): number {
  return appStore.set(pushToastAtom, { text, kind });
}

const spinnerCountBaseAtom = atom(0);
/** True while at least one call that asked for the global spinner is running. */
export const spinnerVisibleAtom = atom((get) => get(spinnerCountBaseAtom) > 0);
export const spinnerAtom = atom(null, (get, set, delta: 1 | -1) => {
  set(spinnerCountBaseAtom, Math.max(0, get(spinnerCountBaseAtom) + delta));
});
