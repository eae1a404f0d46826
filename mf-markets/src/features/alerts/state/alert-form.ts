/**
 * The alert sheet's rules, free of React: what each field takes (the shared number parsing: shown exactly as typed,
 * refused with its reason, never rewritten), the parameters a valid form sends, and the words a saved alert is
 * described with (docs/rules.md#alerts).
 */
import { ALERT_LIMITS, parseDecimalInput, TRADE_INPUT_LIMITS } from '@meridian/shared/pure';
import type {
  AlertDirection,
  AlertKind,
  AlertSaveParams,
  AlertSide,
  AlertView,
  DecimalInputOptions,
  Language,
} from '@meridian/shared/pure';

/** The cool-downs a repeating alert offers, in seconds (1 minute to 24 hours, the server's bounds). */
export const COOLDOWNS = [60, 300, 900, 3600, 14_400, 86_400] as const;
export const DEFAULT_COOLDOWN = 900;

export type AlertForm = {
  kind: AlertKind;
  side: AlertSide;
  direction: AlertDirection;
  /** The level as typed (price alerts). */
  level: string;
  /** The move in % as typed (percent alerts). */
  percent: string;
  repeat: boolean;
  cooldown: number;
};

export type AlertInstrument = { Id: number; PricePrecision: number };

/** A new alert on an instrument: above the bid now, once (the level field starts at the price, to be edited). */
export function newAlertForm(bid: number, precision: number): AlertForm {
  return {
    kind: 'price',
    side: 'bid',
    direction: 'above',
    level: bid > 0 ? bid.toFixed(precision) : '',
    percent: '',
    repeat: false,
    cooldown: DEFAULT_COOLDOWN,
  };
}

/** The form of a saved alert, to edit it. */
export function formOf(alert: AlertView): AlertForm {
  return {
    kind: alert.kind,
    side: alert.side,
    direction: alert.direction,
    level: alert.level ?? '',
    percent: alert.percent ?? '',
    repeat: alert.repeat === 1,
    cooldown: alert.repeat === 1 && alert.cooldown > 0 ? alert.cooldown : DEFAULT_COOLDOWN,
  };
}

/** The level field: the instrument's decimals, more than 0, at most the server's bound. */
export const levelOptions = (inst: AlertInstrument): Omit<DecimalInputOptions, 'language'> => ({
  decimals: inst.PricePrecision,
  max: TRADE_INPUT_LIMITS.maxPrice,
});

/** The percent field: 0.01 to 100, two decimals. */
export const percentOptions: Omit<DecimalInputOptions, 'language'> = {
  decimals: ALERT_LIMITS.percentScale,
  min: 0.01,
  max: ALERT_LIMITS.percentMax,
};

export type AlertCheck =
  { kind: 'ok'; params: AlertSaveParams } | { kind: 'error'; field: 'level' | 'percent'; key: string };

/** Check the form; a valid one gives the parameters of `POST /api/alert/save` (with `id` when editing). */
export function checkAlert(
  form: AlertForm,
  inst: AlertInstrument,
  opts: { id?: number; language?: Language } = {},
): AlertCheck {
  const base = {
    ...(opts.id ? { id: opts.id } : {}),
    forex_id: inst.Id,
    kind: form.kind,
    direction: form.direction,
    repeat: form.repeat ? (1 as const) : (0 as const),
    ...(form.repeat ? { cooldown: form.cooldown } : {}),
  };
  if (form.kind === 'price') {
    const r = parseDecimalInput(form.level, { ...levelOptions(inst), language: opts.language });
    if (!r.ok) return { kind: 'error', field: 'level', key: 'alerts.levelRequired' };
    return { kind: 'ok', params: { ...base, side: form.side, level: r.value } };
  }
  const r = parseDecimalInput(form.percent, { ...percentOptions, language: opts.language });
  if (!r.ok) return { kind: 'error', field: 'percent', key: 'alerts.percentRequired' };
  return { kind: 'ok', params: { ...base, percent: r.value } };
}

/**
 * What an alert watches, as a translation key and its values: "Bid above {{level}}", "Up {{percent}} % today".
 * `level` is formatted by the caller (the instrument's precision, the reader's digits).
 */
export function alertCondition(alert: Pick<AlertView, 'kind' | 'side' | 'direction' | 'level' | 'percent'>): {
  key: string;
  vars: Record<string, string>;
} {
  if (alert.kind === 'percent')
    return {
      key: alert.direction === 'above' ? 'alerts.condUp' : 'alerts.condDown',
      vars: { percent: alert.percent ?? '' },
    };
  return {
    key: `alerts.cond_${alert.side}_${alert.direction}`,
    vars: { level: alert.level ?? '' },
  };
}

/** The cool-down as a short duration key and value: 15 minutes → ('alerts.minutes', 15). */
export function cooldownLabel(seconds: number): { key: string; count: number } {
  if (seconds % 3600 === 0) return { key: 'alerts.hours', count: seconds / 3600 };
  return { key: 'alerts.minutes', count: Math.round(seconds / 60) };
}
