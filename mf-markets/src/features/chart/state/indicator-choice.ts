/**
 * The indicators the trader turned on, remembered on this device. Only ids (no code of the indicators library): the
 * menu and the trade screen read this without loading the chart's chunk.
 */
import { atom, readJson, STORAGE_KEYS, writeStorage } from '@meridian/shared';

export const INDICATOR_IDS = ['ma', 'ema', 'bb', 'rsi', 'macd'] as const;
export type IndicatorChoice = (typeof INDICATOR_IDS)[number];

const known = (v: unknown): v is IndicatorChoice => INDICATOR_IDS.includes(v as IndicatorChoice);

/** What was stored, in the menu's order, without anything unknown or repeated. */
export function storedIndicators(): IndicatorChoice[] {
  const v = readJson<unknown>(STORAGE_KEYS.chartIndicators);
  return Array.isArray(v) ? INDICATOR_IDS.filter((id) => v.some((x) => x === id && known(x))) : [];
}

const baseAtom = atom<IndicatorChoice[]>(storedIndicators());

/** Read: the indicators on, in the menu's order. Write: turn one on or off. */
export const indicatorsAtom = atom(
  (get) => get(baseAtom),
  (get, set, change: { id: IndicatorChoice; on: boolean }) => {
    const now = new Set(get(baseAtom));
    if (change.on) now.add(change.id);
    else now.delete(change.id);
    const next = INDICATOR_IDS.filter((id) => now.has(id));
    writeStorage(STORAGE_KEYS.chartIndicators, next.length ? JSON.stringify(next) : null);
    set(baseAtom, next);
  },
);
