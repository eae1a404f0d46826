/**
 * Live prices on the quotes home without React: a busy market sends every quote many times a second (200
 * instruments at 20 ticks a second in bench/quote-list), and re-rendering the list for each frame kept a slowed
 * phone busy all the time. Each row registers its price and change cells here; one store subscription (the host
 * writes at most one batch of quotes per animation frame) rewrites only the text of the rows whose quote changed,
 * at most {@link REDRAW_MS} apart, and only while the row is on screen: a row whose rendering the browser skips
 * (`content-visibility: auto` in home-style) is marked and brought up to date as it scrolls back in. A move tints the price for a moment (no animation:
 * an animated cell would be repainted every frame while it runs).
 */
import { appStore, quotesAtom } from '@meridian/shared';
import type { DayMarketQuote } from '@meridian/shared';
import { direction, formatChange, formatPrice } from '../../../lib/format';

export type BoardRow = {
  /** The row: while the browser skips rendering it (off screen, `content-visibility: auto`) it is not redrawn. */
  element: Element;
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
  flashAt: number;
  visible: boolean;
};

/** How long a price stays tinted after it moved. */
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
let dueAt = 0;
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
  if (e.flashAt >= 0 && now - e.flashAt >= FLASH_MS) {
    e.flashAt = -1;
    row.price.className = 'px';
  }
  if (!q) return;
  if (q.MarketStatus !== row.shown.status) return row.onStatus();
  if (q.price !== row.shown.price) {
    const up = q.price > row.shown.price;
    row.shown.price = q.price;
    setText(row.price, formatPrice(q.price, row.precision, row.lang));
    // The flash is a tint held for a moment, not an animation: two paints per move instead of one a frame, and
    // one at a time, so in a fast market the price tints as it moves instead of never settling.
    if (e.flashAt < 0) {
      e.flashAt = now;
      row.price.className = `px ${up ? 'u' : 'd'}`;
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

/** Run {@link redraw} at `at` (performance time), or sooner if it is already due sooner. */
function schedule(at: number): void {
  if (timer !== null && dueAt <= at) return;
  if (timer !== null) clearTimeout(timer);
  dueAt = at;
  timer = setTimeout(redraw, Math.max(0, at - performance.now()));
}

function redraw(): void {
  timer = null;
  const now = performance.now();
  redrawnAt = now;
  let tintEnds = Infinity;
  for (const e of entries) {
    if (e.visible && (e.dirty || (e.flashAt >= 0 && now - e.flashAt >= FLASH_MS))) apply(e, now);
    if (e.flashAt >= 0) tintEnds = Math.min(tintEnds, e.flashAt + FLASH_MS);
  }
  // A tint ends on time even when no further tick comes.
  if (tintEnds < Infinity) schedule(tintEnds);
}

function onQuotes(): void {
  const map = appStore.get(quotesAtom);
  let changed = false;
  for (const e of entries) {
    const q = map.get(e.row.code);
    if (q === undefined || q === e.quote) continue;
    e.quote = q;
    e.dirty = true;
    changed ||= e.visible;
  }
  if (!changed) return;
  const at = redrawnAt + REDRAW_MS;
  if (at > performance.now()) return schedule(at);
  if (timer !== null) clearTimeout(timer);
  redraw();
}

/** Put a row on the board; returns the call that takes it off. */
export function watchRow(row: BoardRow): () => void {
  const e: Entry = {
    row,
    quote: appStore.get(quotesAtom).get(row.code),
    dirty: false,
    flashAt: -1,
    visible: true,
  };
  // The browser says when it starts or stops skipping the row's rendering: the rows off screen are left alone
  // and brought up to date as they come back (where the event is not supported, every row is kept current).
  const onVisibility = (ev: Event) => {
    e.visible = !(ev as Event & { skipped?: boolean }).skipped;
    if (e.visible && e.dirty) apply(e, performance.now());
  };
  row.element.addEventListener('contentvisibilityautostatechange', onVisibility);
  entries.add(e);
  unsubscribe ??= appStore.sub(quotesAtom, onQuotes);
  return () => {
    row.element.removeEventListener('contentvisibilityautostatechange', onVisibility);
    entries.delete(e);
    if (entries.size === 0 && unsubscribe) {
      unsubscribe();
      unsubscribe = null;
      if (timer !== null) clearTimeout(timer);
      timer = null;
    }
  };
}
