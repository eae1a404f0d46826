import { formatServerTime, isoOf } from './time';

describe('formatServerTime', () => {
  const at = '2026-11-26 11:46:00';
  const utc = (lng: string, time = false) =>
    new Intl.DateTimeFormat(
      { ar: 'ar', hk: 'zh-HK', en: 'en' }[lng],
      time ? { dateStyle: 'medium', timeStyle: 'short' } : { dateStyle: 'medium' },
    ).format(Date.parse('2026-11-26T11:46:00Z'));

  it('writes the date with the language’s BCP 47 tag, in the reader’s time zone', () => {
    for (const lng of ['ar', 'hk', 'en']) {
      expect(formatServerTime(at, lng)).toBe(utc(lng));
      expect(formatServerTime(at, lng, { time: true })).toBe(utc(lng, true));
    }
    // Arabic is not the ISO text turned around ("11:46 2026-11-26").
    expect(formatServerTime(at, 'ar', { time: true })).not.toMatch(/2026-11-26/);
  });

  it('keeps what is not a server time as sent', () => {
    expect(formatServerTime('', 'en')).toBe('');
    expect(formatServerTime('soon', 'en')).toBe('soon');
    expect(isoOf('soon')).toBeUndefined();
    expect(isoOf(at)).toBe('2026-11-26T11:46:00.000Z');
  });
});
