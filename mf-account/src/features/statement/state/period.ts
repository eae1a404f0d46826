/** The statement's periods: presets counted in UTC days (as the server counts them), `YYYY-MM-DD` each way. */
export type Period = { from: string; to: string };
export const PRESETS = ['thisMonth', 'lastMonth', 'last30', 'thisYear'] as const;
export type Preset = (typeof PRESETS)[number];

const DAY = 86_400_000;
const ymd = (ms: number) => new Date(ms).toISOString().slice(0, 10);

export function presetPeriod(preset: Preset, now: number): Period {
  const d = new Date(now);
  const y = d.getUTCFullYear();
  const m = d.getUTCMonth();
  const today = ymd(now);
  switch (preset) {
    case 'thisMonth':
      return { from: ymd(Date.UTC(y, m, 1)), to: today };
    case 'lastMonth':
      return { from: ymd(Date.UTC(y, m - 1, 1)), to: ymd(Date.UTC(y, m, 1) - DAY) };
    case 'last30':
      return { from: ymd(now - 29 * DAY), to: today };
    case 'thisYear':
      return { from: ymd(Date.UTC(y, 0, 1)), to: today };
  }
}
