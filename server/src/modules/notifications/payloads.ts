/**
 * Response schemas of the notification payloads, one per type, tied to the contract. The alert view lives here too
 * (the `price_alert` payload carries it): the alerts module answers with it, and nothing here reads alerts.
 */
import { z } from 'zod';
import { ALERT_DIRECTIONS, ALERT_KINDS, ALERT_SIDES } from '@meridian/shared/pure';
import type { AlertView, PriceAlertFired } from '@meridian/shared/pure';
import { contract } from '../../lib/contract';

export const alertViewSchema = contract<AlertView>()(
  z.strictObject({
    id: z.number().int().min(1),
    forex_id: z.number().int().min(1),
    code: z.string(),
    kind: z.enum(ALERT_KINDS),
    side: z.enum(ALERT_SIDES),
    direction: z.enum(ALERT_DIRECTIONS),
    level: z.string().nullable(),
    percent: z.string().nullable(),
    repeat: z.union([z.literal(0), z.literal(1)]),
    cooldown: z.number().int().min(0),
    armed: z.union([z.literal(0), z.literal(1)]),
    last_fired_at: z.number().int().nullable(),
    fired_count: z.number().int().min(0),
    created_at: z.number().int(),
    updated_at: z.number().int(),
  }),
);

export const priceAlertFiredSchema = contract<PriceAlertFired>()(
  z.strictObject({
    alert: alertViewSchema,
    price: z.number(),
    change: z.number().nullable(),
    time: z.number().int(),
  }),
);
