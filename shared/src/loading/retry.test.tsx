import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { lazy, Suspense, useState } from 'react';
import type { ComponentType } from 'react';
import { renderWithProviders } from '../testing/test-utils';
import { LazyBoundary } from './lazy-boundary';
import { lazyWithRetry, retryImport } from './retry';

let online = true;
beforeEach(() => {
  online = true;
  jest.spyOn(navigator, 'onLine', 'get').mockImplementation(() => online);
  // The boundary reports what it caught; keep the test output quiet (React's own report too).
  jest.spyOn(console, 'warn').mockImplementation(() => undefined);
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
});

function goOnline() {
  online = true;
  act(() => {
    window.dispatchEvent(new Event('online'));
  });
}

const chunkError = () => Object.assign(new Error('Loading chunk 959 failed.'), { name: 'ChunkLoadError' });

/** A load that fails `failures` times, then gives a component showing `text`; counts its calls. */
function flakyImport(failures: number, text = 'Loaded part') {
  let calls = 0;
  return jest.fn((): Promise<{ default: ComponentType }> => {
    calls += 1;
    return calls <= failures
      ? Promise.reject(chunkError())
      : Promise.resolve({ default: () => <p>{text}</p> });
  });
}

describe('retryImport', () => {
  it('calls the load again after a failure while online, and returns what it finally gave', async () => {
    const load = flakyImport(2);
    const mod = await retryImport(load, { delayMs: 1 });
    expect(load).toHaveBeenCalledTimes(3);
    expect(typeof mod.default).toBe('function');
  });

  it('gives up after its retries, and the next call starts afresh (nothing kept as failed)', async () => {
    const load = flakyImport(3);
    await expect(retryImport(load, { retries: 2, delayMs: 1 })).rejects.toThrow('chunk 959');
    expect(load).toHaveBeenCalledTimes(3);
    await expect(retryImport(load, { retries: 0 })).resolves.toBeDefined();
    expect(load).toHaveBeenCalledTimes(4);
  });

  it('fails at once while offline (no retries burnt on a dead connection)', async () => {
    online = false;
    const load = flakyImport(1);
    await expect(retryImport(load, { delayMs: 1 })).rejects.toThrow('chunk 959');
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('with waitForOnline, waits for the online event and then loads', async () => {
    online = false;
    const load = flakyImport(1);
    const result = retryImport(load, { waitForOnline: true });
    await act(async () => {
      await Promise.resolve();
    });
    expect(load).toHaveBeenCalledTimes(1);
    goOnline();
    await expect(result).resolves.toBeDefined();
    expect(load).toHaveBeenCalledTimes(2);
  });
});

describe('lazyWithRetry in a LazyBoundary', () => {
  function Part({ Lazy, label = 'part' }: { Lazy: ReturnType<typeof lazyWithRetry>; label?: string }) {
    return (
      <LazyBoundary>
        <Suspense fallback={<span>{`${label} loading`}</span>}>
          <Lazy />
        </Suspense>
      </LazyBoundary>
    );
  }

  it('shows a failed import in place with a retry; the retry makes a fresh import and renders the part', async () => {
    const load = flakyImport(1);
    const Lazy = lazyWithRetry(load, { retries: 0 });
    renderWithProviders(<Part Lazy={Lazy} />);
    expect(await screen.findByTestId('part-failed')).toHaveTextContent('This part could not be loaded.');
    expect(load).toHaveBeenCalledTimes(1);

    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Loaded part')).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('keeps the state around it: only the failed spot changes', async () => {
    const Lazy = lazyWithRetry(flakyImport(1), { retries: 0 });
    function Ticket() {
      const [lots, setLots] = useState('0.01');
      const [open, setOpen] = useState(false);
      return (
        <>
          <input aria-label="lots" value={lots} onChange={(e) => setLots(e.target.value)} />
          <button type="button" onClick={() => setOpen(true)}>
            Buy now
          </button>
          {open && <Part Lazy={Lazy} />}
        </>
      );
    }
    renderWithProviders(<Ticket />);
    fireEvent.change(screen.getByLabelText('lots'), { target: { value: '0.25' } });
    fireEvent.click(screen.getByRole('button', { name: 'Buy now' }));
    expect(await screen.findByTestId('part-failed')).toBeInTheDocument();
    expect(screen.getByLabelText('lots')).toHaveValue('0.25');
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Loaded part')).toBeInTheDocument();
    expect(screen.getByLabelText('lots')).toHaveValue('0.25');
  });

  it('says "offline" while offline and retries by itself on the online event', async () => {
    online = false;
    const load = flakyImport(1);
    const Lazy = lazyWithRetry(load);
    renderWithProviders(<Part Lazy={Lazy} />);
    const failed = await screen.findByTestId('part-failed');
    expect(failed).toHaveTextContent('You are offline — this needs a connection');
    expect(load).toHaveBeenCalledTimes(1);

    goOnline();
    expect(await screen.findByText('Loaded part')).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(2);
    expect(screen.queryByTestId('part-failed')).toBeNull();
  });

  it('does not request again on every render after a failure (no loop), only on the next attempt', async () => {
    const load = flakyImport(1);
    const Lazy = lazyWithRetry(load, { retries: 0 });
    const { rerender } = renderWithProviders(<Part Lazy={Lazy} />);
    await screen.findByTestId('part-failed');
    rerender(<Part Lazy={Lazy} />);
    await act(async () => {
      await new Promise((r) => setTimeout(r, 20));
    });
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('a part mounted again after a failure (a dialog reopened) loads afresh', async () => {
    const load = flakyImport(1);
    const Lazy = lazyWithRetry(load, { retries: 0 });
    const { rerender } = renderWithProviders(<Part Lazy={Lazy} />);
    await screen.findByTestId('part-failed');
    rerender(<p>closed</p>);
    rerender(<Part Lazy={Lazy} />);
    expect(await screen.findByText('Loaded part')).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('once loaded, a re-render keeps the part mounted (its state stays)', async () => {
    function Counter() {
      const [n, setN] = useState(0);
      return (
        <button type="button" onClick={() => setN(n + 1)}>
          {`count ${n}`}
        </button>
      );
    }
    const Lazy = lazyWithRetry(() => Promise.resolve({ default: Counter }));
    const { rerender } = renderWithProviders(<Part Lazy={Lazy} label="a" />);
    fireEvent.click(await screen.findByRole('button', { name: 'count 0' }));
    expect(screen.getByRole('button', { name: 'count 1' })).toBeInTheDocument();
    rerender(<Part Lazy={Lazy} label="b" />);
    expect(screen.getByRole('button', { name: 'count 1' })).toBeInTheDocument();
  });

  it('preloaded, the part renders at once without suspending', async () => {
    const load = flakyImport(0);
    const Lazy = lazyWithRetry(load);
    await Lazy.preload();
    renderWithProviders(<Part Lazy={Lazy} />);
    expect(screen.getByText('Loaded part')).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(1);
  });
});

describe('React.lazy alone (why lazyWithRetry exists)', () => {
  it('keeps a rejected import for good: a retry renders the same failure without a new request', async () => {
    const load = flakyImport(1);
    const Plain = lazy(load);
    renderWithProviders(<Part2 Lazy={Plain} />);
    await screen.findByTestId('part-failed');
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(screen.getByTestId('part-failed')).toBeInTheDocument());
    expect(load).toHaveBeenCalledTimes(1);
  });

  function Part2({ Lazy }: { Lazy: ComponentType }) {
    return (
      <LazyBoundary>
        <Suspense fallback={null}>
          <Lazy />
        </Suspense>
      </LazyBoundary>
    );
  }
});
