/** Stored alert -> the wire AlertView. */
import type { AlertDirection, AlertKind, AlertSide, AlertView } from '@meridian/shared/pure';
import type { PriceAlert } from '../../storage/schema';

export function alertView(a: PriceAlert, code: string): AlertView {
  return {
    id: a.id,
    forex_id: a.instrument_id,
    code,
    kind: a.kind as AlertKind,
    side: a.side as AlertSide,
    direction: a.direction as AlertDirection,
    level: a.level,
    percent: a.percent,
    repeat: a.repeat === 1 ? 1 : 0,
    cooldown: a.cooldown_s,
    armed: a.armed === 1 ? 1 : 0,
    last_fired_at: a.last_fired_at,
    fired_count: a.fired_count,
    created_at: a.created_at,
    updated_at: a.updated_at,
  };
}
