/**
 * Response schemas of the notification payloads, one per type, tied to the contract. The alert view lives here too
 * (the `price_alert` payload carries it): the alerts module answers with it, and nothing here reads alerts.
 */
import { z } from 'zod';
import {
  ALERT_DIRECTIONS,
  ALERT_KINDS,
  ALERT_SIDES,
  NOTIFIED_CLOSE_REASONS,
  SUPPORT_PREVIEW_MAX,
} from '@meridian/shared/pure';
import type {
  AlertView,
  DepositDecided,
  KycDecided,
  MarginCall,
  OrderFilled,
  PositionClosed,
  PriceAlertFired,
  SupportReply,
  WithdrawalDecided,
} from '@meridian/shared/pure';
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

const decimalText = z.string().regex(/^-?\d+(?:\.\d+)?$/);
const side = z.union([z.literal(1), z.literal(2)]);
const time = z.number().int();

export const orderFilledSchema = contract<OrderFilled>()(
  z.strictObject({
    order_id: z.number().int().min(1),
    forex_id: z.number().int().min(1),
    code: z.string(),
    side,
    lots: decimalText,
    price: decimalText,
    time,
  }),
);

export const positionClosedSchema = contract<PositionClosed>()(
  z.strictObject({
    order_id: z.number().int().min(1),
    forex_id: z.number().int().min(1),
    code: z.string(),
    side,
    lots: decimalText,
    reason: z.enum(NOTIFIED_CLOSE_REASONS),
    price: decimalText,
    profit: decimalText,
    written_off: decimalText,
    time,
  }),
);

export const marginCallSchema = contract<MarginCall>()(
  z.strictObject({
    level: decimalText,
    threshold: z.number().int(),
    stop_out: z.number().int(),
    time,
  }),
);

export const depositDecidedSchema = contract<DepositDecided>()(
  z.strictObject({
    id: z.number().int().min(1),
    type: z.union([z.literal(0), z.literal(1)]),
    status: z.union([z.literal(1), z.literal(2), z.literal(3)]),
    amount: decimalText,
    currency_code: z.string(),
    time,
  }),
);

export const withdrawalDecidedSchema = contract<WithdrawalDecided>()(
  z.strictObject({
    id: z.number().int().min(1),
    type: z.union([z.literal(1), z.literal(2)]),
    status: z.union([z.literal(1), z.literal(2)]),
    amount: decimalText,
    received: z.string(),
    currency_code: z.string(),
    time,
  }),
);

export const kycDecidedSchema = contract<KycDecided>()(
  z.strictObject({
    id: z.number().int().min(1),
    status: z.union([z.literal(2), z.literal(3)]),
    time,
  }),
);

export const supportReplySchema = contract<SupportReply>()(
  z.strictObject({
    conversation: z.number().int().min(1),
    count: z.number().int().min(1),
    agent: z.string().nullable(),
    preview: z.string().max(SUPPORT_PREVIEW_MAX),
    time,
  }),
);
