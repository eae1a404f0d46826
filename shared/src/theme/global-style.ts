/** Document-wide styles of the dark trading theme; rendered once by the host (and by the standalone dev shell). */
import { createGlobalStyle } from 'styled-components';

export const GlobalStyle = createGlobalStyle`
  *, *::before, *::after { box-sizing: border-box; }
  html { -webkit-text-size-adjust: 100%; color-scheme: dark; }
  body {
    margin: 0;
    background: #080b10;
    color: ${({ theme }) => theme.color.text};
    font-family: ${({ theme }) => theme.font.body};
    font-size: 15px;
    line-height: 1.4;
    -webkit-font-smoothing: antialiased;
    overscroll-behavior-y: none;
  }
  button { font: inherit; cursor: pointer; -webkit-tap-highlight-color: transparent; }
  input, select, textarea { font: inherit; }
  a { color: inherit; }
  :focus-visible { outline: 2px solid ${({ theme }) => theme.color.primary}; outline-offset: 2px; }
  @media (prefers-reduced-motion: reduce) {
    *, *::before, *::after { animation-duration: 0.01ms !important; transition-duration: 0.01ms !important; }
  }
`;
