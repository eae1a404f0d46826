/**
 * The notifications module's public surface: one stored notification per event that concerns a trader (price alerts
 * first; fills, stops, margin calls and funds decisions to come), written by the module that commits the event, in
 * its transaction, and read by the trader through the notification calls (routes.ts).
 */
import type { NotificationView } from '@meridian/shared/pure';

export { storeNotification } from './repository';
export { alertViewSchema, priceAlertFiredSchema } from './payloads';

/**
 * Where a stored notification goes after its commit besides the frame its producer publishes to the open tabs: Web
 * Push to the trader's devices when no tab is open anywhere (modules/push). Producers take it in their deps.
 */
export type NotificationDelivery = {
  notify: (userId: number, notification: NotificationView) => void;
};
