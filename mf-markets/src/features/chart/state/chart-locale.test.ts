import { chartLocale, chartLocales } from './chart-locale';

describe('chart locales', () => {
  it('names months and days in the language', () => {
    const en = chartLocale('en');
    expect(en.options.months[0]).toBe('January');
    expect(en.options.shortDays[0]).toBe('Sun');
    expect(chartLocale('ja').options.months[0]).toBe('1月');
  });

  it('builds each language once: a chart mounted on every period switch does not rebuild them', () => {
    chartLocales('de');
    const made = jest.spyOn(Intl, 'DateTimeFormat');
    try {
      for (let i = 0; i < 5; i++) chartLocales('de');
      expect(made).not.toHaveBeenCalled();
      chartLocales('fr');
      // Four styles (long and short months and days) for the new language, nothing for Hong Kong again.
      expect(made).toHaveBeenCalledTimes(4);
    } finally {
      made.mockRestore();
    }
  });
});
