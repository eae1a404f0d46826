/**
 * Input and answers of the alert calls. Every numeric field is read as text and bounded before it becomes a number
 * (validate.ts): an exponent (1e308, 1e-308), a sign (-0), NaN, Infinity or too many decimals answers 1001 naming
 * the field, before any arithmetic or database access.
 */
import { z } from 'zod';
import {
  ALERT_DIRECTIONS,
  ALERT_KINDS,
  ALERT_LIMITS,
  ALERT_SIDES,
  ALERTS_MAX,
  ERROR_CODES,
  TRADE_INPUT_LIMITS,
} from '@meridian/shared/pure';
import type { AlertDeleted, AlertList, AlertSaveParams } from '@meridian/shared/pure';
import { contract } from '../../lib/contract';
import { id, int, optDecimal, optId, optInt } from '../../lib/validate';
import { alertViewSchema } from '../notifications';

const { maxPrice, priceScale } = TRADE_INPUT_LIMITS;
const { cooldownMin, cooldownMax, percentMax, percentScale } = ALERT_LIMITS;

const notForKind = (ctx: z.RefinementCtx, field: string) =>
  ctx.addIssue({
    code: 'custom',
    path: [field],
    message: 'alerts.notForKind',
    params: { code: ERROR_CODES.validation },
  });
const required = (ctx: z.RefinementCtx, field: string) =>
  ctx.addIssue({ code: 'custom', path: [field], message: 'v.required' });

export const saveBody = z
  .object({
    id: optId(),
    forex_id: id(),
    kind: z.enum(ALERT_KINDS, { message: 'v.oneOf' }),
    side: z.enum(ALERT_SIDES, { message: 'v.oneOf' }).optional(),
    direction: z.enum(ALERT_DIRECTIONS, { message: 'v.oneOf' }),
    /** Price alerts: the level, a positive plain decimal (its instrument's decimals at most: checked by the route). */
    level: optDecimal({ max: maxPrice, positive: true, scale: priceScale }),
    /** Percent alerts: the size of today's move, 0.01 to 100. */
    percent: optDecimal({ max: percentMax, positive: true, scale: percentScale }),
    repeat: int(0, 1),
    /** Repeating alerts: seconds after a firing before the alert can arm again. */
    cooldown: optInt(cooldownMin, cooldownMax),
  })
  .superRefine((b, ctx) => {
    if (b.kind === 'price') {
      if (b.side === undefined) required(ctx, 'side');
      if (b.level === undefined) required(ctx, 'level');
      if (b.percent !== undefined) notForKind(ctx, 'percent');
    } else {
      // Today's change is the bid's, as the quotes list shows it.
      if (b.side === 'ask') notForKind(ctx, 'side');
      if (b.percent === undefined) required(ctx, 'percent');
      if (b.level !== undefined) notForKind(ctx, 'level');
    }
    if (b.repeat === 1 && b.cooldown === undefined) required(ctx, 'cooldown');
  });

export type SaveInput = z.output<typeof saveBody>;
/** The contract's parameters are what the schema takes. */
export const acceptsContract = (p: AlertSaveParams): z.input<typeof saveBody> => p;

export const deleteBody = z.object({ id: id() });

export const alertListSchema = contract<AlertList>()(
  z.strictObject({ data: z.array(alertViewSchema).max(ALERTS_MAX), max: z.number().int() }),
);

export const alertDeletedSchema = contract<AlertDeleted>()(z.strictObject({ id: z.number().int().min(1) }));

export { alertViewSchema };
