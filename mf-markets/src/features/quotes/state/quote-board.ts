/**
 * Live prices on the quotes home without React: a busy market sends every quote many times a second (200
 * instruments at 20 ticks a second in bench/quote-list), and re-rendering the list for each frame kept a slowed
 * phone busy all the time. Each row registers its price and change cells here; one store subscription (the host
 * writes at most one batch of quotes per animation frame) rewrites only the text of the rows whose quote changed,
 * and only while they are on screen, at most {@link REDRAW_MS} apart: a row off screen is marked and brought up
 * to date as it scrolls in. A tick flashes the price (one flash at a time) by switching between two identical
 * animations, which restarts it without a reflow.
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
  onStatus: (quote: DayMarketQuote) => void;
};

type Entry = {
  row: BoardRow;
  quote: DayMarketQuote | undefined;
  visible: boolean;
  dirty: boolean;
  flip: boolean;
  /** When the running flash started: a new one waits for it to end. */
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
const entries = new Map<Element, Entry>();
let observer: IntersectionObserver | null | undefined;
let unsubscribe: (() => void) | null = null;
let lastMap: ReadonlyMap<string, DayMarketQuote> | null = null;

/** The signed change with its arrow, as the row renders it. */
export function changeText(change: number, lang: string): string {
  const dir = direction(change);
  return `${dir > 0 ? '▲' : dir < 0 ? '▼' : ''} ${formatChange(change, lang)}`;
}

/** Rewrite the cell's own text node (the one React rendered), so a later render of the row still owns it. */
function setText(el: HTMLElement, text: string): void {
  const node = el.firstChild;
  if (node && node.nodeType === 3 && !node.nextSibling) node.nodeValue = text;
  else el.textContent = text;
}

function apply(e: Entry): void {
  const q = e.quote;
  e.dirty = false;
  if (!q) return;
  const { row } = e;
  if (q.MarketStatus !== row.shown.status) {
    row.onStatus(q);
    return;
  }
  if (q.price !== row.shown.price) {
    const up = q.price > row.shown.price;
    row.shown.price = q.price;
    setText(row.price, formatPrice(q.price, row.precision, row.lang));
    // One flash at a time: in a fast market the price flashes as it moves instead of never settling, and the
    // screen is not restyled for every tick. Two names per direction restart it without a forced layout.
    const now = performance.now();
    if (now - e.flashAt >= FLASH_MS) {
      e.flashAt = now;
      e.flip = !e.flip;
      row.price.className = `px ${up ? 'u' : 'd'}${e.flip ? '' : '2'}`;
      row.price.dataset.flash = up ? 'u' : 'd';
    }
  }
  if (row.change) {
    const dir = direction(q.change);
    const text = changeText(q.change, row.lang);
    if (row.change.textContent !== text) {
      setText(row.change, text);
      row.change.className = `chg ${DIR[dir + 1]}`;
      row.change.dataset.dir = String(dir);
    }
  }
}

let redrawTimer: ReturnType<typeof setTimeout> | null = null;
let redrawnAt = -Infinity;

function redraw(): void {
  redrawTimer = null;
  redrawnAt = performance.now();
  for (const e of entries.values()) if (e.dirty && e.visible) apply(e);
}

function onQuotes(): void {
  const map = appStore.get(quotesAtom);
  if (map === lastMap) return;
  lastMap = map;
  let changed = false;
  for (const e of entries.values()) {
    const q = map.get(e.row.code);
    if (q === undefined || q === e.quote) continue;
    e.quote = q;
    e.dirty = true;
    changed ||= e.visible;
  }
  if (!changed || redrawTimer !== null) return;
  const wait = REDRAW_MS - (performance.now() - redrawnAt);
  if (wait <= 0) redraw();
  else redrawTimer = setTimeout(redraw, wait);
}

function intersectionObserver(): IntersectionObserver | null {
  if (observer === undefined) {
    observer =
      typeof IntersectionObserver === 'function'
        ? new IntersectionObserver(
            (changes) => {
              for (const c of changes) {
                const e = entries.get(c.target);
                if (!e) continue;
                e.visible = c.isIntersecting;
                if (e.visible && e.dirty) apply(e);
              }
            },
            // A little ahead of the screen, so a row scrolled in is already current.
            { rootMargin: '200px 0px' },
          )
        : null;
  }
  return observer;
}

/** Put a row on the board (its element is watched for visibility); returns the call that takes it off. */
export function watchRow(element: Element, row: BoardRow): () => void {
  const io = intersectionObserver();
  entries.set(element, {
    row,
    quote: appStore.get(quotesAtom).get(row.code),
    // Without IntersectionObserver (tests, old engines) every row counts as on screen.
    visible: io === null,
    dirty: false,
    flip: false,
    flashAt: -Infinity,
  });
  io?.observe(element);
  if (!unsubscribe) {
    lastMap = appStore.get(quotesAtom);
    unsubscribe = appStore.sub(quotesAtom, onQuotes);
  }
  return () => {
    io?.unobserve(element);
    entries.delete(element);
    if (entries.size === 0 && unsubscribe) {
      unsubscribe();
      unsubscribe = null;
      if (redrawTimer !== null) clearTimeout(redrawTimer);
      redrawTimer = null;
    }
  };
}
