import { act, screen } from '@testing-library/react';
import { appStore } from '../state/store';
import { TOAST_REPEAT_WINDOW_MS, dismissToastAtom, toast, toastsAtom } from '../state/ui';
import { renderWithProviders } from '../testing/test-utils';
import { TOAST_DURATION_MS, ToastHost } from './toast-host';

describe('<ToastHost>', () => {
  // The bubbles' code loads with the first toast; load it once here, so the timed cases below render in step.
  beforeAll(async () => {
    const { unmount } = renderWithProviders(<ToastHost />);
    act(() => {
      toast('Warm-up');
    });
    expect(await screen.findByText('Warm-up')).toBeInTheDocument();
    unmount();
    act(() => {
      for (const t of appStore.get(toastsAtom)) appStore.set(dismissToastAtom, t.id);
    });
  });
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => {
    act(() => {
      for (const t of appStore.get(toastsAtom)) appStore.set(dismissToastAtom, t.id);
    });
    jest.useRealTimers();
  });

  it('shows toasts in a polite live region and dismisses each after 2.5 s', () => {
    renderWithProviders(<ToastHost />);
    const region = screen.getByRole('status');
    expect(region).toHaveAttribute('aria-live', 'polite');
    expect(TOAST_DURATION_MS).toBe(2500);

    act(() => {
      toast('Saved', 'success');
    });
    expect(region).toHaveTextContent('Saved');
    act(() => {
      jest.advanceTimersByTime(1000);
      toast('Second');
    });
    expect(region).toHaveTextContent('Second');

    act(() => {
      jest.advanceTimersByTime(1499);
    });
    expect(screen.getByText('Saved')).toBeInTheDocument();
    act(() => {
      jest.advanceTimersByTime(1);
    });
    expect(screen.queryByText('Saved')).not.toBeInTheDocument();
    expect(screen.getByText('Second')).toBeInTheDocument();
    act(() => {
      jest.advanceTimersByTime(1000);
    });
    expect(screen.queryByText('Second')).not.toBeInTheDocument();
    expect(appStore.get(toastsAtom)).toHaveLength(0);
  });

  it('marks the kind of a toast', () => {
    renderWithProviders(<ToastHost />);
    act(() => {
      toast('Failed', 'error');
    });
    expect(screen.getByText('Failed')).toHaveAttribute('data-kind', 'error');
  });

  it('shows a repeat once, with a count, and gives it its full time again', () => {
    renderWithProviders(<ToastHost />);
    act(() => {
      toast('Enter the number of lots', 'error');
      toast('Enter the number of lots', 'error');
    });
    act(() => {
      jest.advanceTimersByTime(2000);
      toast('Enter the number of lots', 'error');
    });
    const shown = screen.getAllByText(/Enter the number of lots/);
    expect(shown).toHaveLength(1);
    expect(shown[0]).toHaveTextContent('Enter the number of lots ×3');
    // The same words as another kind are another message.
    act(() => {
      toast('Enter the number of lots', 'info');
    });
    expect(screen.getAllByText(/Enter the number of lots/)).toHaveLength(2);
    act(() => {
      jest.advanceTimersByTime(2499);
    });
    expect(screen.getByText(/×3/)).toBeInTheDocument();
    act(() => {
      jest.advanceTimersByTime(1);
    });
    expect(screen.queryByText(/×3/)).not.toBeInTheDocument();
  });

  it('counts a repeat that comes soon after the first has gone, and starts again after a quiet while', () => {
    renderWithProviders(<ToastHost />);
    act(() => {
      toast('Order placed. (repeat)', 'success');
    });
    act(() => {
      jest.advanceTimersByTime(TOAST_DURATION_MS);
    });
    expect(screen.queryByText(/Order placed\. \(repeat\)/)).not.toBeInTheDocument();
    // A slow phone or network: the second confirmation arrives after the first bubble left.
    act(() => {
      jest.advanceTimersByTime(3000);
      toast('Order placed. (repeat)', 'success');
    });
    expect(screen.getByText(/Order placed\. \(repeat\)/)).toHaveTextContent('Order placed. (repeat) ×2');
    act(() => {
      jest.advanceTimersByTime(TOAST_DURATION_MS + TOAST_REPEAT_WINDOW_MS);
      toast('Order placed. (repeat)', 'success');
    });
    expect(screen.getByText(/Order placed\. \(repeat\)/)).not.toHaveTextContent('×');
  });

  it('stacks below what the screen marks as its header, so the title, back arrow and price stay visible', () => {
    renderWithProviders(
      <>
        <header data-toast-anchor="" data-testid="bar" />
        <section data-toast-anchor="" data-testid="price" />
        <ToastHost />
      </>,
    );
    const box = (top: number, bottom: number) => () => ({ top, bottom }) as DOMRect;
    screen.getByTestId('bar').getBoundingClientRect = box(0, 48);
    screen.getByTestId('price').getBoundingClientRect = box(48, 150);
    act(() => {
      toast('Order placed.', 'success');
    });
    expect(screen.getByRole('status').style.insetBlockStart).toBe('150px');
  });
});
