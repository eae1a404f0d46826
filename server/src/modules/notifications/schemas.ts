/** Input and answers of the notification calls. */
import { z } from 'zod';
import { ERROR_CODES, NOTIFICATION_READ_MAX_IDS, NOTIFICATION_TYPES } from '@meridian/shared/pure';
import type {
  NotificationPage,
  NotificationSettings,
  NotificationsRead,
  NotificationType,
} from '@meridian/shared/pure';
import { contract } from '../../lib/contract';
import { MAX_ID, optInt, page, pageSize } from '../../lib/validate';
import {
  depositDecidedSchema,
  kycDecidedSchema,
  marginCallSchema,
  orderFilledSchema,
  positionClosedSchema,
  priceAlertFiredSchema,
  supportReplySchema,
  withdrawalDecidedSchema,
} from './payloads';

export const listQuery = z.object({ page: page(), limit: pageSize(50, 20) });

const IDS = /^\d{1,10}(?:,\d{1,10})*$/;

/** `ids` (comma-separated, at most NOTIFICATION_READ_MAX_IDS) or `all` 1: exactly one of them. */
export const readBody = z
  .object({
    ids: z
      .string()
      .trim()
      .max(NOTIFICATION_READ_MAX_IDS * 11)
      .optional()
      .superRefine((text, ctx) => {
        if (text === undefined || text === '') return;
        const parts = text.split(',');
        if (
          !IDS.test(text) ||
          parts.length > NOTIFICATION_READ_MAX_IDS ||
          parts.some((p) => Number(p) < 1 || Number(p) > MAX_ID)
        )
          ctx.addIssue({ code: 'custom', message: 'v.ids', params: { max: NOTIFICATION_READ_MAX_IDS } });
      })
      .transform((text) => (text ? [...new Set(text.split(',').map(Number))] : undefined)),
    all: optInt(0, 1),
  })
  .superRefine((b, ctx) => {
    if ((b.ids === undefined) === (b.all !== 1))
      ctx.addIssue({
        code: 'custom',
        path: ['ids'],
        message: 'notifications.idsOrAll',
        params: { code: ERROR_CODES.validation },
      });
  });

/** One schema per type, so a payload that drifts from its type's contract fails the response check. */
const PAYLOADS = {
  price_alert: priceAlertFiredSchema,
  order_filled: orderFilledSchema,
  position_closed: positionClosedSchema,
  margin_call: marginCallSchema,
  deposit: depositDecidedSchema,
  withdrawal: withdrawalDecidedSchema,
  kyc: kycDecidedSchema,
  support_reply: supportReplySchema,
} satisfies Record<NotificationType, z.ZodType>;

const rowOf = <T extends NotificationType>(type: T) =>
  z.strictObject({
    id: z.number().int().min(1),
    type: z.literal(type),
    payload: PAYLOADS[type],
    read_at: z.number().int().nullable(),
    created_at: z.number().int(),
  });

const notificationSchema = z.discriminatedUnion('type', [
  rowOf('price_alert'),
  rowOf('order_filled'),
  rowOf('position_closed'),
  rowOf('margin_call'),
  rowOf('deposit'),
  rowOf('withdrawal'),
  rowOf('kyc'),
  rowOf('support_reply'),
]);

export const notificationPageSchema = contract<NotificationPage>()(
  z.strictObject({
    data: z.array(notificationSchema),
    total: z.number().int().min(0),
    unread: z.number().int().min(0),
  }),
);

export const readSchema = contract<NotificationsRead>()(z.strictObject({ unread: z.number().int().min(0) }));

/** The trader's switches: every type, on or off. */
export const settingsSchema = contract<NotificationSettings>()(
  z.strictObject({
    types: z.strictObject(
      Object.fromEntries(NOTIFICATION_TYPES.map((t) => [t, z.boolean()])) as Record<
        NotificationType,
        z.ZodBoolean
      >,
    ),
  }),
);

/**
 * POST /api/notification/settings (form): one or more of the types, each 0 (off) or 1 (on). Any other field is
 * refused (1001, naming it), so a typo never reads as "nothing changed".
 */
export const settingsBody = z
  .record(z.string(), z.unknown())
  .superRefine((body, ctx) => {
    const known = NOTIFICATION_TYPES as readonly string[];
    const fields = Object.keys(body);
    for (const f of fields) {
      if (!known.includes(f)) {
        ctx.addIssue({
          code: 'custom',
          path: [f],
          message: 'notifications.unknownType',
          params: { code: ERROR_CODES.validation, type: f.slice(0, 40) },
        });
        return;
      }
      const v = body[f];
      if (v !== '0' && v !== '1' && v !== 0 && v !== 1) {
        ctx.addIssue({ code: 'custom', path: [f], message: 'v.oneOf' });
        return;
      }
    }
    if (fields.length === 0)
      ctx.addIssue({
        code: 'custom',
        path: ['type'],
        message: 'notifications.noType',
        params: { code: ERROR_CODES.validation },
      });
  })
  .transform((body) => {
    const out: Partial<Record<NotificationType, boolean>> = {};
    for (const [k, v] of Object.entries(body)) out[k as NotificationType] = v === '1' || v === 1;
    return out;
  });
