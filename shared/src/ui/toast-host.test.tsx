import { act, screen } from '@testing-library/react';
import { appStore } from '../state/store';
import { dismissToastAtom, toast, toastsAtom } from '../state/ui';
import { renderWithProviders } from '../testing/test-utils';
import { TOAST_DURATION_MS, ToastHost } from './toast-host';

describe('<ToastHost>', () => {
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
});
