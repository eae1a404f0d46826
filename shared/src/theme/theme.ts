/**
 * The dark trading theme the host provides to every remote through styled-components' ThemeProvider.
 * Up and down colours are configurable, since some markets read red as up.
 */
export type Theme = {
  color: {
    bg: string;
    surface: string;
    surfaceRaised: string;
    border: string;
    text: string;
    textMuted: string;
    primary: string;
    onPrimary: string;
    up: string;
    down: string;
    warning: string;
    danger: string;
  };
  radius: { sm: string; md: string; lg: string };
  space: (n: number) => string;
  font: { body: string; mono: string };
  /** Minimum touch target, px. */
  touch: number;
  /** Width of the phone column on a desktop. */
  columnWidth: number;
};

export type UpDownScheme = 'green-up' | 'red-up';

export function createTheme(scheme: UpDownScheme = 'green-up'): Theme {
  const green = '#1fc77e';
  const red = '#f2495c';
  return {
    color: {
      bg: '#0d1117',
      surface: '#151b23',
      surfaceRaised: '#1d2530',
      border: '#2a3441',
      text: '#e8edf3',
      textMuted: '#8b98a9',
      primary: '#f0b90b',
      onPrimary: '#14171c',
      up: scheme === 'green-up' ? green : red,
      down: scheme === 'green-up' ? red : green,
      warning: '#f5a524',
      danger: '#f2495c',
    },
    radius: { sm: '6px', md: '10px', lg: '16px' },
    space: (n: number) => `${n * 4}px`,
    font: {
      body: "system-ui, -apple-system, 'Segoe UI', Roboto, 'Noto Sans', sans-serif",
      mono: "ui-monospace, 'SF Mono', Menlo, Consolas, monospace",
    },
    touch: 44,
    columnWidth: 480,
  };
}

export const defaultTheme = createTheme();
