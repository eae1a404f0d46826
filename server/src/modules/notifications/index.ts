/**
 * The notifications module's public surface: one stored notification per event that concerns a trader (price alerts
 * first; fills, stops, margin calls and funds decisions to come), written by the module that commits the event, in
 * its transaction, and read by the trader through the notification calls (routes.ts).
 */
export { storeNotification } from './repository';
export { alertViewSchema, priceAlertFiredSchema } from './payloads';
