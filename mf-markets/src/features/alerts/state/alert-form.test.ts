import { alertCondition, checkAlert, cooldownLabel, formOf, newAlertForm } from './alert-form';
import type { AlertForm } from './alert-form';

const eur = { Id: 1, PricePrecision: 5 };
const form = (over: Partial<AlertForm> = {}): AlertForm => ({ ...newAlertForm(1.1, 5), ...over });

describe('alert form', () => {
  it('starts at the bid now, above, once', () => {
    expect(newAlertForm(1.1, 5)).toMatchObject({
      kind: 'price',
      side: 'bid',
      direction: 'above',
      level: '1.10000',
      repeat: false,
    });
    expect(newAlertForm(0, 2).level).toBe('');
  });

  it('a price alert sends its level as read, its side and direction; repeat sends the cool-down', () => {
    expect(checkAlert(form({ level: '1.2', side: 'ask', direction: 'below' }), eur)).toEqual({
      kind: 'ok',
      params: { forex_id: 1, kind: 'price', side: 'ask', direction: 'below', level: '1.2', repeat: 0 },
    });
    expect(checkAlert(form({ repeat: true, cooldown: 3600 }), eur, { id: 7 })).toMatchObject({
      params: { id: 7, repeat: 1, cooldown: 3600 },
    });
    // A comma-decimal language reads the same digits.
    expect(checkAlert(form({ level: '1,2' }), eur, { language: 'de' })).toMatchObject({
      params: { level: '1.2' },
    });
  });

  it('refuses hostile or partial numbers before anything is sent', () => {
    for (const level of ['', '-5', '0', '1e308', 'NaN', '1.1.1', '1.123456'])
      expect(checkAlert(form({ level }), eur)).toMatchObject({ kind: 'error', field: 'level' });
    for (const percent of ['', '0', '0.001', '101', '-2', '1e2'])
      expect(checkAlert(form({ kind: 'percent', percent }), eur)).toMatchObject({
        kind: 'error',
        field: 'percent',
      });
    expect(checkAlert(form({ kind: 'percent', percent: '2.5', direction: 'below' }), eur)).toEqual({
      kind: 'ok',
      params: { forex_id: 1, kind: 'percent', direction: 'below', percent: '2.5', repeat: 0 },
    });
  });

  it('describes an alert and its cool-down; a saved one is edited as it is', () => {
    expect(
      alertCondition({ kind: 'price', side: 'ask', direction: 'below', level: '1.1', percent: null }),
    ).toEqual({
      key: 'alerts.cond_ask_below',
      vars: { level: '1.1' },
    });
    expect(
      alertCondition({ kind: 'percent', side: 'bid', direction: 'above', level: null, percent: '2' }).key,
    ).toBe('alerts.condUp');
    expect(cooldownLabel(900)).toEqual({ key: 'alerts.minutes', count: 15 });
    expect(cooldownLabel(14_400)).toEqual({ key: 'alerts.hours', count: 4 });
    const saved = {
      id: 3,
      forex_id: 1,
      code: 'EUR/USD',
      kind: 'price' as const,
      side: 'bid' as const,
      direction: 'above' as const,
      level: '1.2',
      percent: null,
      repeat: 1 as const,
      cooldown: 300,
      armed: 1 as const,
      last_fired_at: null,
      fired_count: 0,
      created_at: 0,
      updated_at: 0,
    };
    expect(formOf(saved)).toEqual({
      kind: 'price',
      side: 'bid',
      direction: 'above',
      level: '1.2',
      percent: '',
      repeat: true,
      cooldown: 300,
    });
  });
});
