import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createInstance } from 'i18next';
import {
  appStore,
  attachRealtime,
  detachRealtime,
  initI18n,
  registerNamespace,
  setLanguageAtom,
  toastsAtom,
} from '@meridian/shared';
import type { RealtimeClient, TopicHandler } from '@meridian/shared';
import type { AlertView, PriceAlertFrame } from '@meridian/shared/pure';
import { priceAlertToastText } from './price-alert-toast';

const shell = (lng: string) =>
  JSON.parse(readFileSync(join(__dirname, '../../../locales', lng, 'shell.json'), 'utf8')) as Record<
    string,
    unknown
  >;

/** The shell's strings of `lng`, as the host loads them. */
function translator(lng: string) {
  const t = createInstance();
  void t.init({
    lng,
    ns: ['shell'],
    resources: { [lng]: { shell: shell(lng) } },
    initAsync: false,
    interpolation: { escapeValue: false },
  });
  return (key: string, vars: Record<string, string>) => t.t(key, vars);
}

const alert = (over: Partial<AlertView> = {}): AlertView => ({
  id: 1,
  forex_id: 3,
  code: 'EUR/USD',
  kind: 'price',
  side: 'bid',
  direction: 'above',
  level: '1.10000',
  percent: null,
  repeat: 0,
  cooldown: 0,
  armed: 0,
  last_fired_at: 1,
  fired_count: 1,
  created_at: 1,
  updated_at: 1,
  ...over,
});
const frame = (
  over: Partial<AlertView> = {},
  price = 1.10012,
  change: number | null = null,
): PriceAlertFrame => ({
  alert: alert(over),
  price,
  change,
  time: 1,
  notification_id: 9,
  muted: false,
});

describe('the price alert toast', () => {
  // The level and the price are joined by a no-break space: a narrow toast never leaves "(1.10012)" alone.
  it('says the instrument, the watched side and direction, the level and the price, at the level’s decimals', () => {
    const en = translator('en');
    expect(priceAlertToastText(frame(), 'en', en)).toBe(
      'Price alert: EUR/USD bid above 1.10000\u00a0(1.10012)',
    );
    expect(priceAlertToastText(frame({ side: 'ask', direction: 'below', level: '1.1' }, 1.1), 'en', en)).toBe(
      'Price alert: EUR/USD ask below 1.1\u00a0(1.1)',
    );
    expect(priceAlertToastText(frame({ code: 'BTC/USD', level: '91000.5' }, 91001.25), 'en', en)).toBe(
      'Price alert: BTC/USD bid above 91,000.50\u00a0(91,001.25)',
    );
  });

  it('a percent alert says today’s move, the direction in words', () => {
    const en = translator('en');
    const up = frame({ code: 'BTC/USD', kind: 'percent', level: null, percent: '2.5' }, 91000, 2.5);
    expect(priceAlertToastText(up, 'en', en)).toBe('Price alert: BTC/USD up 2.50 % today');
    const down = frame({ kind: 'percent', direction: 'below', level: null, percent: '1' }, 1.09, -1.234);
    expect(priceAlertToastText(down, 'en', en)).toBe('Price alert: EUR/USD down 1.23 % today');
  });

  it('in the reader’s language, numbers included', () => {
    expect(priceAlertToastText(frame(), 'hk', translator('hk'))).toBe(
      '價格提醒：EUR/USD 賣出價高於 1.10000（1.10012）',
    );
    expect(priceAlertToastText(frame({ level: '1.5' }, 1.5), 'de', translator('de'))).toBe(
      'Kursalarm: EUR/USD Geldkurs über 1,5\u00a0(1,5)',
    );
  });

  it('shows as a success toast when the frame arrives', async () => {
    const handlers = new Map<string, TopicHandler>();
    attachRealtime({
      subscribe: (topic: string, h: TopicHandler) => {
        handlers.set(topic, h);
        return () => handlers.delete(topic);
      },
      getStatus: () => 'open',
      onStatus: () => () => {},
      ensureOpen: () => {},
    } as unknown as RealtimeClient);
    registerNamespace('common', async () => ({}));
    registerNamespace('shell', async (lng) => shell(lng));
    await initI18n('en', ['common', 'shell']);
    await appStore.set(setLanguageAtom, 'en');
    handlers.get('PRICE_ALERT')?.(frame(), 'PRICE_ALERT');
    expect(appStore.get(toastsAtom).map((t) => [t.text, t.kind])).toEqual([
      ['Price alert: EUR/USD bid above 1.10000\u00a0(1.10012)', 'success'],
    ]);
    // Price-alert notifications switched off: the frame still comes (the alerts page follows it), no toast.
    handlers.get('PRICE_ALERT')?.({ ...frame({ level: '1.2' }), muted: true }, 'PRICE_ALERT');
    expect(appStore.get(toastsAtom)).toHaveLength(1);
    detachRealtime();
  });
});
