/** Input and answers of the notification calls. */
import { z } from 'zod';
import { ERROR_CODES, NOTIFICATION_READ_MAX_IDS, NOTIFICATION_TYPES } from '@meridian/shared/pure';
import type { NotificationPage, NotificationsRead } from '@meridian/shared/pure';
import { contract } from '../../lib/contract';
import { MAX_ID, optInt, page, pageSize } from '../../lib/validate';
import { priceAlertFiredSchema } from './payloads';

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
const notificationSchema = z.discriminatedUnion('type', [
  z.strictObject({
    id: z.number().int().min(1),
    type: z.literal(NOTIFICATION_TYPES[0]),
    payload: priceAlertFiredSchema,
    read_at: z.number().int().nullable(),
    created_at: z.number().int(),
  }),
]);

export const notificationPageSchema = contract<NotificationPage>()(
  z.strictObject({
    data: z.array(notificationSchema),
    total: z.number().int().min(0),
    unread: z.number().int().min(0),
  }),
);

export const readSchema = contract<NotificationsRead>()(z.strictObject({ unread: z.number().int().min(0) }));
