/**
 * Live prices on the quotes home without React: a busy market sends every quote many times a second (200
 * instruments at 20 ticks a second in bench/quote-list), and re-rendering the list for each frame kept a slowed
 * phone busy all the time. Each row registers its price and change cells here; one store subscription (the host
 * writes at most one batch of quotes per animation frame) rewrites only the text of the rows whose quote changed,
 * at most {@link REDRAW_MS} apart. Rows off screen cost no style, layout or paint work (`content-visibility: auto`
 * in home-style), so a text write there is all they cost. A tick flashes the price, one flash at a time, by
 * switching between two identical animations, which restarts it without a reflow.
 */
import { appStore, quotesAtom } from '@meridian/shared';
import type { DayMarketQuote } from '@meridian/shared';
import { direction, formatChange, formatPrice } from '../../../lib/format';

export type BoardRow = {
  code: string;
  precision: number;
  lang: string;
  price: HTMLElement;
  /** Absent while the market is closed (the row shows "Market closed" instead). */
  change: HTMLElement | null;
  /** The price and status shown now. */
  shown: { price: number; status: number };
  /** The market opened or closed: the row renders itself again. */
  onStatus: () => void;
};

type Entry = {
  row: BoardRow;
  quote: DayMarketQuote | undefined;
  dirty: boolean;
  flip: boolean;
  flashAt: number;
};

/** How long a flash lasts (home-style's animation). */
export const FLASH_MS = 600;
/**
 * The rows are redrawn at most this often: five times a second reads as live, and a market ticking twenty times a
 * second then costs a quarter of the frames (each one a style, layout and paint pass over the screen).
 */
export const REDRAW_MS = 200;

const DIR = ['d', '', 'u'];
const entries = new Set<Entry>();
let unsubscribe: (() => void) | null = null;
let timer: ReturnType<typeof setTimeout> | null = null;
let redrawnAt = -Infinity;

/** The signed change with its arrow, as the row renders it. */
export function changeText(change: number, lang: string): string {
  const dir = direction(change);
  return `${dir > 0 ? '▲' : dir < 0 ? '▼' : ''} ${formatChange(change, lang)}`;
}

/** Rewrite the cell's own text node (the one React rendered), so a later render of the row still owns it. */
function setText(el: HTMLElement, text: string): void {
  const node = el.firstChild;
  if (node && !node.nextSibling && node.nodeType === 3) node.nodeValue = text;
  else el.textContent = text;
}

function apply(e: Entry, now: number): void {
  const { row, quote: q } = e;
  e.dirty = false;
  if (!q) return;
  if (q.MarketStatus !== row.shown.status) return row.onStatus();
  if (q.price !== row.shown.price) {
    const up = q.price > row.shown.price;
    row.shown.price = q.price;
    setText(row.price, formatPrice(q.price, row.precision, row.lang));
    // One flash at a time: in a fast market the price flashes as it moves instead of never settling.
    if (now - e.flashAt >= FLASH_MS) {
      e.flashAt = now;
      e.flip = !e.flip;
      row.price.className = `px ${up ? 'u' : 'd'}${e.flip ? '' : '2'}`;
    }
  }
  if (row.change) {
    const text = changeText(q.change, row.lang);
    if (row.change.textContent !== text) {
      setText(row.change, text);
      row.change.className = `chg ${DIR[direction(q.change) + 1]}`;
    }
  }
}

function redraw(): void {
  timer = null;
  redrawnAt = performance.now();
  for (const e of entries) if (e.dirty) apply(e, redrawnAt);
}

function onQuotes(): void {
  const map = appStore.get(quotesAtom);
  let changed = false;
  for (const e of entries) {
    const q = map.get(e.row.code);
    if (q === undefined || q === e.quote) continue;
    e.quote = q;
    e.dirty = changed = true;
  }
  if (!changed || timer !== null) return;
  const wait = REDRAW_MS - (performance.now() - redrawnAt);
  if (wait <= 0) redraw();
  else timer = setTimeout(redraw, wait);
}

/** Put a row on the board; returns the call that takes it off. */
export function watchRow(row: BoardRow): () => void {
  const e: Entry = {
    row,
    quote: appStore.get(quotesAtom).get(row.code),
    dirty: false,
    flip: false,
    flashAt: -Infinity,
  };
  entries.add(e);
  unsubscribe ??= appStore.sub(quotesAtom, onQuotes);
  return () => {
    entries.delete(e);
    if (entries.size === 0 && unsubscribe) {
      unsubscribe();
      unsubscribe = null;
      if (timer !== null) clearTimeout(timer);
      timer = null;
    }
  };
}
