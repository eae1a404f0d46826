/**
 * Instrument logos drawn as our own small SVGs (64x64), generated from the catalogue: two overlapping currency
 * discs for forex, an ingot for metals, a drop or a flame for energy, a rising line for indices, a coin for crypto.
 * Served at `GET /v1/api/forex/logo/<CODE>.svg`; the Logo field of an instrument holds that path.
 */
import type { InstrumentSpec } from './catalogue';

export const logoPath = (code: string) => `/v1/api/forex/logo/${code}.svg`;

const SYMBOLS: Record<string, string> = {
  USD: '$',
  EUR: '€',
  GBP: '£',
  JPY: '¥',
  CHF: 'Fr',
  AUD: 'A$',
  CAD: 'C$',
  NZD: 'N$',
  HKD: 'H$',
  SGD: 'S$',
  BTC: '₿',
  ETH: 'Ξ',
  SOL: 'S',
  BNB: 'B',
  XRP: 'X',
  LTC: 'Ł',
  ADA: '₳',
  DOGE: 'Ð',
};

const ELEMENTS: Record<string, string> = { XAUUSD: 'Au', XAGUSD: 'Ag', XPTUSD: 'Pt', XPDUSD: 'Pd' };

function text(x: number, y: number, size: number, fill: string, value: string): string {
  return `<text x="${x}" y="${y}" font-family="Arial,Helvetica,sans-serif" font-size="${size}" font-weight="700" fill="${fill}" text-anchor="middle" dominant-baseline="central">${value}</text>`;
}

/**
 * ₿ drawn, not typed: U+20BF (2017) is missing from many fonts a logo may fall back to (an `<img>` SVG uses the
 * system's), where it shows as an empty box. A bold B and the sign's two strokes above and below its stem.
 */
function bitcoinSign(): string {
  const stroke = (x: number) =>
    `<rect x="${x}" y="17" width="2.6" height="6" fill="#fff"/><rect x="${x}" y="43" width="2.6" height="6" fill="#fff"/>`;
  return text(33, 33, 26, '#fff', 'B') + stroke(26.5) + stroke(31.5);
}

function disc(cx: number, cy: number, r: number, color: string, label: string): string {
  const size = label.length > 1 ? r * 0.8 : r * 1.05;
  return `<circle cx="${cx}" cy="${cy}" r="${r}" fill="${color}" stroke="#fff" stroke-width="2"/>${text(cx, cy, size, '#fff', label)}`;
}

export function logoSvg(spec: InstrumentSpec): string {
  const [c1, c2] = spec.colors;
  let body: string;
  switch (spec.categoryId) {
    case 1: {
      const base = spec.code.slice(0, 3);
      const quote = spec.code.slice(3);
      body =
        disc(40, 40, 20, c2, SYMBOLS[quote] ?? quote[0] ?? '') +
        disc(24, 24, 20, c1, SYMBOLS[base] ?? base[0] ?? '');
      break;
    }
    case 2:
      body =
        `<path d="M10 46 L18 22 H46 L54 46 Z" fill="${c1}" stroke="${c2}" stroke-width="3" stroke-linejoin="round"/>` +
        `<path d="M18 22 L22 28 H42 L46 22" fill="none" stroke="${c2}" stroke-width="2"/>` +
        text(32, 37, 14, '#fff', ELEMENTS[spec.code] ?? spec.code.slice(1, 3));
      break;
    case 3:
      body =
        spec.code === 'NGAS'
          ? `<path d="M32 6 C40 20 50 26 50 40 A18 18 0 0 1 14 40 C14 30 22 24 24 14 C28 22 30 24 32 28 Z" fill="${c1}"/>` +
            `<path d="M32 30 C36 36 40 40 40 46 A8 8 0 0 1 24 46 C24 40 30 36 32 30 Z" fill="${c2}"/>`
          : `<path d="M32 6 C40 20 50 30 50 42 A18 18 0 0 1 14 42 C14 30 24 20 32 6 Z" fill="${c1}"/>` +
            `<path d="M24 42 A8 8 0 0 0 32 50" fill="none" stroke="${c2}" stroke-width="4" stroke-linecap="round"/>`;
      break;
    case 4: {
      const digits = spec.code.replace(/\D/g, '') || spec.code.slice(0, 3);
      body =
        `<rect x="4" y="4" width="56" height="56" rx="12" fill="${c1}"/>` +
        `<polyline points="10,46 22,34 30,40 44,22 54,26" fill="none" stroke="${c2}" stroke-width="4" stroke-linejoin="round" stroke-linecap="round"/>` +
        text(32, 52, 11, '#fff', `${spec.code.replace(/\d/g, '')} ${digits}`.trim().slice(0, 9));
      break;
    }
    default: {
      const base = spec.code.slice(0, -3);
      body =
        `<circle cx="32" cy="32" r="28" fill="${c1}"/><circle cx="32" cy="32" r="22" fill="none" stroke="${c2}" stroke-width="2"/>` +
        (base === 'BTC'
          ? bitcoinSign()
          : text(32, 33, SYMBOLS[base]?.length === 1 ? 26 : 16, '#fff', SYMBOLS[base] ?? base.slice(0, 3)));
    }
  }
  return `<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64" viewBox="0 0 64 64" role="img" aria-label="${spec.showCode}">${body}</svg>`;
}
