import { render, screen } from '@testing-library/react';
import { LazyBoundary } from '../loading/lazy-boundary';
import { renderWithProviders } from '../testing/test-utils';
import { reportCaughtError, setCaughtErrorSink } from './caught';
import type { CaughtError } from './caught';

function Boom(): never {
  throw new Error('page broke');
}

describe('errors caught by the kit’s boundary', () => {
  it('reach the sink with the remote the boundary wraps; what came before the sink waits for it', () => {
    reportCaughtError(new Error('early'), 'mf-orders');
    const got: CaughtError[] = [];
    setCaughtErrorSink((c) => got.push(c));
    expect(got.map((c) => [(c.error as Error).message, c.remote])).toEqual([['early', 'mf-orders']]);

    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    const error = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      renderWithProviders(
        <LazyBoundary remote="mf-support" fallback={() => <p>fallback</p>}>
          <Boom />
        </LazyBoundary>,
      );
      expect(screen.getByText('fallback')).toBeTruthy();
      render(
        <LazyBoundary fallback={() => null}>
          <Boom />
        </LazyBoundary>,
      );
    } finally {
      warn.mockRestore();
      error.mockRestore();
    }
    expect(got.slice(1).map((c) => [(c.error as Error).message, c.remote])).toEqual([
      ['page broke', 'mf-support'],
      ['page broke', undefined],
    ]);
  });

  it('a sink that throws never breaks the page', () => {
    setCaughtErrorSink(() => {
      throw new Error('sink broke');
    });
    expect(() => reportCaughtError(new Error('x'))).not.toThrow();
  });
});
