/**
 * apexcharts locales built from Intl, so the chart speaks each of the 21 languages without shipping apexcharts'
 * locale files; the Hong Kong locale (docs/rules.md) is always registered. Times are shown on Europe/London (docs/rules.md).
 */
import { LANGUAGE_BCP47, normalizeLanguage } from '@meridian/shared';

export const CHART_TIME_ZONE = 'Europe/London';

export type ChartLocale = {
  name: string;
  options: {
    months: string[];
    shortMonths: string[];
    days: string[];
    shortDays: string[];
    toolbar: Record<string, string>;
  };
};

const localeCache = new Map<string, ChartLocale>();

/** Built once per language (one formatter per style): a chart is mounted on every period switch. */
export function chartLocale(lang: string): ChartLocale {
  const name = normalizeLanguage(lang);
  const cached = localeCache.get(name);
  if (cached) return cached;
  const tag = LANGUAGE_BCP47[name];
  const month = (style: 'long' | 'short') => {
    const f = new Intl.DateTimeFormat(tag, { month: style, timeZone: 'UTC' });
    return Array.from({ length: 12 }, (_, m) => f.format(Date.UTC(2024, m, 15)));
  };
  // 2024-09-01 was a Sunday.
  const day = (style: 'long' | 'short') => {
    const f = new Intl.DateTimeFormat(tag, { weekday: style, timeZone: 'UTC' });
    return Array.from({ length: 7 }, (_, d) => f.format(Date.UTC(2024, 8, 1 + d)));
  };
  const locale: ChartLocale = {
    name,
    options: {
      months: month('long'),
      shortMonths: month('short'),
      days: day('long'),
      shortDays: day('short'),
      toolbar: {},
    },
  };
  localeCache.set(name, locale);
  return locale;
}

/** The locales to register: Hong Kong always, plus the current language. */
export function chartLocales(lang: string): ChartLocale[] {
  const current = normalizeLanguage(lang);
  return current === 'hk' ? [chartLocale('hk')] : [chartLocale('hk'), chartLocale(current)];
}

const fmtCache = new Map<string, Intl.DateTimeFormat>();

/** A candle time on Europe/London: the date for daily candles, the time of day otherwise. */
export function formatChartTime(ms: number, lang: string, daily: boolean, withDate = false): string {
  const key = `${lang}|${daily}|${withDate}`;
  let f = fmtCache.get(key);
  if (!f) {
    const opts: Intl.DateTimeFormatOptions = daily
      ? { month: 'short', day: 'numeric' }
      : withDate
        ? { month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }
        : { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' };
    f = new Intl.DateTimeFormat(LANGUAGE_BCP47[normalizeLanguage(lang)], {
      ...opts,
      timeZone: CHART_TIME_ZONE,
    });
    fmtCache.set(key, f);
  }
  return f.format(ms);
}
