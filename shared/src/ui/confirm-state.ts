/**
 * The queue behind `confirm()`: pending confirmations live in an atom of `appStore`, so any code can ask and the
 * one `DialogHost` shows them one at a time. Kept apart from the dialog's view, which loads on first use.
 */
import { appStore, atom } from '../state/store';

export type ConfirmOptions = {
  title?: string;
  message: string;
  /** `common:confirm` by default. */
  confirmText?: string;
  /** `common:cancel` by default. */
  cancelText?: string;
};

type PendingConfirm = ConfirmOptions & { id: number; resolve: (ok: boolean) => void };

const confirmQueueBaseAtom = atom<readonly PendingConfirm[]>([]);
/** The pending confirmations, oldest first. */
export const confirmQueueAtom = atom((get) => get(confirmQueueBaseAtom));
let nextConfirmId = 1;

/**
 * Ask the user to confirm. Resolves `true` on confirm, `false` on cancel, Escape or a backdrop tap. Needs a
 * {@link DialogHost} mounted (the host app mounts one); requests made while one is open wait their turn.
 */
export function confirm(options: ConfirmOptions): Promise<boolean> {
  return new Promise<boolean>((resolve) => {
    const item: PendingConfirm = { ...options, id: nextConfirmId++, resolve };
    appStore.set(confirmQueueBaseAtom, [...appStore.get(confirmQueueBaseAtom), item]);
  });
}

/** Resolve a pending confirmation and take it off the queue. */
export function settleConfirm(id: number, ok: boolean): void {
  const queue = appStore.get(confirmQueueBaseAtom);
  const item = queue.find((c) => c.id === id);
  if (!item) return;
  appStore.set(
    confirmQueueBaseAtom,
    queue.filter((c) => c.id !== id),
  );
  item.resolve(ok);
}
