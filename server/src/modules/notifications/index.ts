/**
 * The notifications module's public surface (docs/rules.md#notifications): one stored notification per event that
 * concerns a trader's money, written by the module that commits the event, in its transaction
 * (`recordNotification`; `recordNotifications` for many at once, in a few statements), then delivered after the
 * commit by the notifier: the NOTIFICATION frame to the trader's open tabs and Web Push (modules/push) when none is
 * open, both only for types the trader has on. The trader reads them, and switches types, through the notification
 * calls (routes.ts).
 */
import { TOPICS } from '@meridian/shared/pure';
import type { NotificationView } from '@meridian/shared/pure';
import type { EventBus } from '../../realtime/bus';
import type { StoredNotification } from './repository';

export { markGroupRead, recordNotification, recordNotifications } from './repository';
export type { NotificationInput, StoredNotification } from './repository';
export { alertViewSchema, priceAlertFiredSchema } from './payloads';

/**
 * Where a stored notification goes after its commit besides the frame its producer publishes to the open tabs: Web
 * Push to the trader's devices when no tab is open anywhere (modules/push). Producers take it in their deps.
 */
export type NotificationDelivery = {
  notify: (userId: number, notification: NotificationView) => void;
};

/** After a commit: tell the trader of what `recordNotification` stored (nothing for a type that is off). */
export type Notifier = {
  deliver: (stored: StoredNotification | null | readonly (StoredNotification | null)[]) => void;
};

export function createNotifier(deps: { bus: EventBus; delivery?: NotificationDelivery }): Notifier {
  return {
    deliver(stored) {
      const list = Array.isArray(stored) ? stored : [stored];
      for (const s of list as readonly (StoredNotification | null)[]) {
        if (!s || !s.enabled) continue;
        deps.bus.publish({ topic: TOPICS.notification, data: s.view, userId: s.userId });
        deps.delivery?.notify(s.userId, s.view);
      }
    },
  };
}
