/**
 * The wire contract of price alerts (docs/rules.md#alerts): a trader's "tell me when the bid / ask goes above or
 * below X" or "when today's change reaches ±N %", once or repeating with a cool-down, kept by the server and
 * evaluated on every tick; a firing is one PRICE_ALERT frame to the trader's open tabs and one stored notification.
 */

/** The most alerts one trader may keep (demo and real alike); the server refuses the next one (1601). */
export const ALERTS_MAX = 50;

/** `price`: the watched price crosses `level`; `percent`: today's change (the quotes list's `change`) reaches `percent`. */
export const ALERT_KINDS = ['price', 'percent'] as const;
export type AlertKind = (typeof ALERT_KINDS)[number];

/** The price a `price` alert watches. A `percent` alert always watches the bid, as the quotes list's change does. */
export const ALERT_SIDES = ['bid', 'ask'] as const;
export type AlertSide = (typeof ALERT_SIDES)[number];

/** `above`: fires at or above the level (or at +percent or more); `below`: at or below it (or at −percent or less). */
export const ALERT_DIRECTIONS = ['above', 'below'] as const;
export type AlertDirection = (typeof ALERT_DIRECTIONS)[number];

/**
 * Bounds of the inputs: a repeating alert waits `cooldown` seconds after a firing before it can be armed again;
 * `percent` is the size of the move, 0.01 to 100, at most 2 decimals (the precision of the quotes list's change).
 */
export const ALERT_LIMITS = {
  cooldownMin: 60,
  cooldownMax: 86_400,
  percentMax: 100,
  percentScale: 2,
} as const;

/**
 * One alert as every alert call answers it. `level` (price alerts) and `percent` (percent alerts) are exact decimal
 * text as saved; the other one is null. `armed` 1: waiting to fire; 0: fired (a once alert stays so until it is
 * saved again; a repeating one arms itself again once the price went back across and the cool-down passed).
 */
export type AlertView = {
  id: number;
  forex_id: number;
  /** The instrument's ShowCode, e.g. `EUR/USD`. */
  code: string;
  kind: AlertKind;
  side: AlertSide;
  direction: AlertDirection;
  level: string | null;
  percent: string | null;
  /** 1: repeats after each firing; 0: fires once. */
  repeat: 0 | 1;
  /** Seconds (repeating alerts; 0 for once). */
  cooldown: number;
  armed: 0 | 1;
  /** Epoch ms of the last firing, null before the first. */
  last_fired_at: number | null;
  fired_count: number;
  created_at: number;
  updated_at: number;
};

/** GET /api/alert/list: the trader's alerts, newest first, and the limit. */
export type AlertList = { data: AlertView[]; max: number };

/**
 * POST /api/alert/save (form): without `id` a new alert, with `id` the trader's alert replaced (and armed again).
 * `level` for price alerts, `percent` for percent alerts; `cooldown` (seconds) with `repeat` 1.
 */
export type AlertSaveParams = {
  id?: number | string;
  forex_id: number | string;
  kind: AlertKind;
  side?: AlertSide;
  direction: AlertDirection;
  level?: string;
  percent?: string;
  repeat: 0 | 1 | '0' | '1';
  cooldown?: number | string;
};

/** POST /api/alert/delete: the id that is gone. */
export type AlertDeleted = { id: number };

/**
 * PRICE_ALERT frame (to the alert's owner only) and the payload of its stored `price_alert` notification: the
 * alert as it was when it fired, the watched price that crossed and when. `change` is today's change in % (percent
 * alerts; null for price alerts).
 */
export type PriceAlertFired = {
  alert: AlertView;
  price: number;
  change: number | null;
  time: number;
};

/**
 * The PRICE_ALERT frame: the firing and the id of the notification that records it. `muted`: the trader switched
 * price-alert notifications off (docs/rules.md#notifications): the alert's row still updates, but no toast shows.
 */
export type PriceAlertFrame = PriceAlertFired & { notification_id: number; muted: boolean };
