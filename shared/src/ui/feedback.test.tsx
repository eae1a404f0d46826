import { act, screen } from '@testing-library/react';
import { appStore } from '../state/store';
import { spinnerAtom } from '../state/ui';
import { renderWithProviders } from '../testing/test-utils';
import { Empty } from './empty';
import { Skeleton, SkeletonRows } from './skeleton';
import { GlobalSpinner, Spinner } from './spinner';

describe('<Spinner> and <GlobalSpinner>', () => {
  it('labels the spinner with common:loading', () => {
    renderWithProviders(<Spinner />);
    expect(screen.getByRole('status')).toHaveTextContent('Loading…');
  });

  it('shows the overlay while spinnerVisibleAtom is true', () => {
    renderWithProviders(<GlobalSpinner />);
    expect(screen.queryByTestId('global-spinner')).not.toBeInTheDocument();
    act(() => {
      appStore.set(spinnerAtom, 1);
      appStore.set(spinnerAtom, 1);
    });
    expect(screen.getByTestId('global-spinner')).toBeInTheDocument();
    act(() => appStore.set(spinnerAtom, -1));
    expect(screen.getByTestId('global-spinner')).toBeInTheDocument();
    act(() => appStore.set(spinnerAtom, -1));
    expect(screen.queryByTestId('global-spinner')).not.toBeInTheDocument();
  });
});

describe('<Skeleton> and <SkeletonRows>', () => {
  it('is decorative', () => {
    const { container } = renderWithProviders(<Skeleton width={80} height="2rem" />);
    const block = container.firstElementChild as HTMLElement;
    expect(block).toHaveAttribute('aria-hidden', 'true');
    expect(block.tagName).toBe('SPAN');
  });

  it('renders the requested rows and announces loading once', () => {
    renderWithProviders(<SkeletonRows rows={4} />);
    const rows = screen.getByTestId('skeleton-rows');
    expect(rows).toHaveAttribute('aria-busy', 'true');
    expect(rows).toHaveTextContent('Loading…');
    expect(rows.querySelectorAll(':scope > [aria-hidden="true"]')).toHaveLength(4);
  });

  it('defaults to the home skeleton count', () => {
    renderWithProviders(<SkeletonRows />);
    expect(
      screen.getByTestId('skeleton-rows').querySelectorAll(':scope > [aria-hidden="true"]'),
    ).toHaveLength(10);
  });
});

describe('<Empty>', () => {
  it('says "No data" by default', () => {
    renderWithProviders(<Empty />);
    expect(screen.getByTestId('empty')).toHaveTextContent('No data');
  });

  it('takes a text and an action', () => {
    renderWithProviders(<Empty text="No orders yet" action={<button type="button">Trade</button>} />);
    expect(screen.getByText('No orders yet')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Trade' })).toBeInTheDocument();
  });
});
