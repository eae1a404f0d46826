import { BADGE, FALLBACK_PATH, ICON, inAppPath, notificationOf, tabToUse } from './push';

const ORIGIN = 'https://m.example';

describe('service worker push', () => {
  it('shows the message as sent: title, body, icon, badge, one tag per notification, the path to open', () => {
    const shown = notificationOf(
      {
        id: 41,
        type: 'price_alert',
        title: 'EUR/USD bid above 1.15',
        body: 'Now at 1.16000.',
        url: '/mine/alerts',
        time: 1_700_000_000_000,
      },
      ORIGIN,
      'Meridian',
    );
    expect(shown).toEqual({
      title: 'EUR/USD bid above 1.15',
      options: {
        body: 'Now at 1.16000.',
        icon: ICON,
        badge: BADGE,
        tag: 'notification-41',
        timestamp: 1_700_000_000_000,
        data: { url: '/mine/alerts' },
      },
    });
  });

  it('still shows something for a message it cannot read, leading to the notifications page', () => {
    for (const data of [undefined, null, 'text', 42, {}, { title: 7 }]) {
      const shown = notificationOf(data, ORIGIN, 'Meridian');
      expect(shown.title).toBe('Meridian');
      expect(shown.options.data.url).toBe(FALLBACK_PATH);
      expect(shown.options.tag).toBeUndefined();
    }
  });

  it('opens only paths of the app itself', () => {
    expect(inAppPath('/trade?code=EURUSD#x', ORIGIN)).toBe('/trade?code=EURUSD#x');
    for (const bad of [
      'https://evil.example/',
      '//evil.example/x',
      'javascript:alert(1)',
      '',
      12,
      '/\\evil.example',
    ])
      expect(inAppPath(bad, ORIGIN)).toBeNull();
    const shown = notificationOf({ id: 1, title: 't', body: 'b', url: 'https://evil.example/' }, ORIGIN, 'M');
    expect(shown.options.data.url).toBe(FALLBACK_PATH);
  });

  it('brings forward the focused app tab, else a visible one, else any; never a back-office tab or another site', () => {
    const tab = (url: string, focused = false, visibilityState = 'hidden') => ({
      url,
      focused,
      visibilityState,
    });
    const hidden = tab(`${ORIGIN}/order`);
    const visible = tab(`${ORIGIN}/trade`, false, 'visible');
    const focused = tab(`${ORIGIN}/`, true, 'visible');
    const ops = tab(`${ORIGIN}/ops/deposits`, true, 'visible');
    const other = tab('https://other.example/', true, 'visible');
    expect(tabToUse([hidden, visible, focused, ops, other], ORIGIN)).toBe(focused);
    expect(tabToUse([hidden, visible, ops], ORIGIN)).toBe(visible);
    expect(tabToUse([ops, hidden], ORIGIN)).toBe(hidden);
    expect(tabToUse([ops, other], ORIGIN)).toBeUndefined();
  });
});
