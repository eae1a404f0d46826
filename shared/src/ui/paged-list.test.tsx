import { act, fireEvent, screen } from '@testing-library/react';
import { REFRESH_INDICATOR_MS } from '../constants';
import { renderWithProviders } from '../testing/test-utils';
import { PagedList, PULL_THRESHOLD_PX } from './paged-list';
import { initialPagedListState, nextPageToLoad, pagedListReducer, usePagedList } from './paged-list-state';
import type {
  PagedListPage as Page,
  PagedListAction,
  PagedListController,
  PagedListState,
} from './paged-list-state';

type Row = { id: number; name: string };
const rows = (from: number, count: number): Row[] =>
  Array.from({ length: count }, (_, i) => ({ id: from + i, name: `row ${from + i}` }));

function reduce(state: PagedListState<Row>, ...actions: PagedListAction<Row>[]) {
  return actions.reduce((s, a) => pagedListReducer(s, a), state);
}

describe('pagedListReducer (the paging rules of docs/states.md)', () => {
  const started = reduce(initialPagedListState<Row>(), { type: 'reset', generation: 1, refreshing: false });

  it('starts at page 1', () => {
    expect(nextPageToLoad(initialPagedListState())).toBe(1);
    expect(started.items).toEqual([]);
    expect(nextPageToLoad(started)).toBe(1);
  });

  it('appends pages in order', () => {
    const s = reduce(
      started,
      { type: 'request', generation: 1, page: 1 },
      { type: 'success', generation: 1, page: 1, items: rows(1, 10), total: 25 },
    );
    expect(s.items).toHaveLength(10);
    expect(s.page).toBe(1);
    expect(nextPageToLoad(s)).toBe(2);
    const s2 = reduce(
      s,
      { type: 'request', generation: 1, page: 2 },
      { type: 'success', generation: 1, page: 2, items: rows(11, 10), total: 25 },
    );
    expect(s2.items.map((r) => r.id)).toEqual(rows(1, 20).map((r) => r.id));
    expect(s2.finished).toBe(false);
  });

  it('does not ask for another page while one is loading', () => {
    const s = reduce(started, { type: 'request', generation: 1, page: 1 });
    expect(s.status).toBe('loading');
    expect(nextPageToLoad(s)).toBeNull();
  });

  it('is finished when the loaded count reaches the total', () => {
    const s = reduce(
      started,
      { type: 'request', generation: 1, page: 1 },
      { type: 'success', generation: 1, page: 1, items: rows(1, 10), total: 15 },
      { type: 'request', generation: 1, page: 2 },
      { type: 'success', generation: 1, page: 2, items: rows(11, 5), total: 15 },
    );
    expect(s.items).toHaveLength(15);
    expect(s.finished).toBe(true);
    expect(nextPageToLoad(s)).toBeNull();
  });

  it('is finished on an empty first page (empty state) and on an empty later page (over-reported total)', () => {
    const empty = reduce(
      started,
      { type: 'request', generation: 1, page: 1 },
      { type: 'success', generation: 1, page: 1, items: [], total: 0 },
    );
    expect(empty.finished).toBe(true);
    const overReported = reduce(
      started,
      { type: 'request', generation: 1, page: 1 },
      { type: 'success', generation: 1, page: 1, items: rows(1, 10), total: 50 },
      { type: 'request', generation: 1, page: 2 },
      { type: 'success', generation: 1, page: 2, items: [], total: 50 },
    );
    expect(overReported.finished).toBe(true);
  });

  it('refresh resets to page 1 and clears the list', () => {
    const loaded = reduce(
      started,
      { type: 'request', generation: 1, page: 1 },
      { type: 'success', generation: 1, page: 1, items: rows(1, 10), total: 10 },
    );
    const s = reduce(loaded, { type: 'reset', generation: 2, refreshing: true });
    expect(s.items).toEqual([]);
    expect(s.page).toBe(0);
    expect(s.finished).toBe(false);
    expect(s.refreshing).toBe(true);
    expect(nextPageToLoad(s)).toBe(1);
    expect(reduce(s, { type: 'refreshEnd', generation: 2 }).refreshing).toBe(false);
  });

  it('ignores answers that arrive after a reset', () => {
    const loading = reduce(started, { type: 'request', generation: 1, page: 1 });
    const reset = reduce(loading, { type: 'reset', generation: 2, refreshing: false });
    const s = reduce(reset, { type: 'success', generation: 1, page: 1, items: rows(1, 10), total: 10 });
    expect(s).toBe(reset);
  });

  it('a failed page keeps the list as it was and waits for a retry', () => {
    const loaded = reduce(
      started,
      { type: 'request', generation: 1, page: 1 },
      { type: 'success', generation: 1, page: 1, items: rows(1, 10), total: 30 },
      { type: 'request', generation: 1, page: 2 },
    );
    const failed = reduce(loaded, { type: 'failure', generation: 1, page: 2, error: new Error('boom') });
    expect(failed.items).toEqual(loaded.items);
    expect(failed.page).toBe(1);
    expect(failed.status).toBe('error');
    expect(nextPageToLoad(failed)).toBeNull();
  });

  it('setItems updates items in place', () => {
    const loaded = reduce(
      started,
      { type: 'request', generation: 1, page: 1 },
      { type: 'success', generation: 1, page: 1, items: rows(1, 3), total: 3 },
    );
    const s = reduce(loaded, {
      type: 'setItems',
      update: (items) => items.map((r) => (r.id === 2 ? { ...r, name: 'live' } : r)),
    });
    expect(s.items[1]).toEqual({ id: 2, name: 'live' });
    expect(s.finished).toBe(true);
  });

  it('with keyOf, a later page does not repeat a row that a live insertion at the top pushed onto it', () => {
    const page1 = reduce(
      started,
      { type: 'request', generation: 1, page: 1 },
      { type: 'success', generation: 1, page: 1, items: rows(11, 10).reverse(), total: 20 },
    );
    // A new row 21 arrives live: the server's page 2 now starts with row 11, already shown.
    const live = reduce(page1, { type: 'setItems', update: (items) => [{ id: 21, name: 'new' }, ...items] });
    const keyOf = (r: Row) => r.id;
    const page2 = reduce(
      live,
      { type: 'request', generation: 1, page: 2 },
      { type: 'success', generation: 1, page: 2, items: rows(1, 11).reverse(), total: 21, keyOf },
    );
    const ids = page2.items.map((r) => r.id);
    expect(ids).toEqual([
      21,
      ...rows(1, 20)
        .map((r) => r.id)
        .reverse(),
    ]);
    expect(new Set(ids).size).toBe(ids.length);
    expect(page2.finished).toBe(true);
    // Without keyOf the row is there twice.
    const twice = reduce(
      live,
      { type: 'request', generation: 1, page: 2 },
      { type: 'success', generation: 1, page: 2, items: rows(1, 11).reverse(), total: 21 },
    );
    expect(twice.items.filter((r) => r.id === 11)).toHaveLength(2);
  });
});

// ---------------------------------------------------------------------------------------------------------------

type Deferred<T> = { promise: Promise<T>; resolve: (v: T) => void; reject: (e: unknown) => void };
function deferred<T>(): Deferred<T> {
  let resolve!: (v: T) => void;
  let reject!: (e: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

/** A fetchPage whose calls the test answers one by one. */
function controlledFetch() {
  const calls: { page: number; answer: Deferred<Page<Row>> }[] = [];
  const fetchPage = jest.fn((page: number) => {
    const answer = deferred<Page<Row>>();
    calls.push({ page, answer });
    return answer.promise;
  });
  const answer = async (index: number, result: Page<Row> | Error) => {
    const call = calls[index];
    if (!call) throw new Error(`no call #${index}`);
    await act(async () => {
      if (result instanceof Error) call.answer.reject(result);
      else call.answer.resolve(result);
    });
  };
  return { fetchPage, calls, answer };
}

/** IntersectionObserver stand-in: the test decides when the sentinel is in view. */
class FakeObserver {
  static instances: FakeObserver[] = [];
  constructor(private readonly callback: IntersectionObserverCallback) {
    FakeObserver.instances.push(this);
  }
  target: Element | null = null;
  observe(target: Element) {
    this.target = target;
  }
  disconnect() {
    this.target = null;
  }
  unobserve() {}
  takeRecords() {
    return [];
  }
  show(visible: boolean) {
    act(() => {
      this.callback(
        [{ isIntersecting: visible, target: this.target } as IntersectionObserverEntry],
        this as unknown as IntersectionObserver,
      );
    });
  }
}
const observer = () => {
  const o = FakeObserver.instances.at(-1);
  if (!o) throw new Error('no observer');
  return o;
};

const renderRow = (r: Row) => <span>{r.name}</span>;
const keyOf = (r: Row) => r.id;

describe('<PagedList>', () => {
  beforeEach(() => {
    FakeObserver.instances = [];
    (globalThis as { IntersectionObserver?: unknown }).IntersectionObserver = FakeObserver;
  });
  afterEach(() => {
    delete (globalThis as { IntersectionObserver?: unknown }).IntersectionObserver;
    jest.useRealTimers();
  });

  it('loads page 1 first, appends the next page near the end, and says "No more" at the total', async () => {
    const { fetchPage, answer } = controlledFetch();
    renderWithProviders(<PagedList fetchPage={fetchPage} renderItem={renderRow} keyOf={keyOf} />);
    expect(fetchPage).toHaveBeenCalledTimes(1);
    expect(fetchPage).toHaveBeenLastCalledWith(1);
    expect(screen.getByTestId('skeleton-rows')).toBeInTheDocument();

    await answer(0, { items: rows(1, 10), total: 15 });
    expect(screen.getByText('row 10')).toBeInTheDocument();
    expect(fetchPage).toHaveBeenCalledTimes(1);

    observer().show(true);
    expect(fetchPage).toHaveBeenCalledTimes(2);
    expect(fetchPage).toHaveBeenLastCalledWith(2);
    await answer(1, { items: rows(11, 5), total: 15 });
    expect(screen.getAllByRole('listitem')).toHaveLength(15);
    expect(screen.getByText('No more')).toBeInTheDocument();

    observer().show(false);
    observer().show(true);
    expect(fetchPage).toHaveBeenCalledTimes(2);
  });

  it('keeps loading while the sentinel stays in view after a short page', async () => {
    const { fetchPage, answer } = controlledFetch();
    renderWithProviders(<PagedList fetchPage={fetchPage} renderItem={renderRow} keyOf={keyOf} />);
    observer().show(true);
    await answer(0, { items: rows(1, 2), total: 6 });
    expect(fetchPage).toHaveBeenLastCalledWith(2);
    await answer(1, { items: rows(3, 2), total: 6 });
    expect(fetchPage).toHaveBeenLastCalledWith(3);
    await answer(2, { items: rows(5, 2), total: 6 });
    expect(fetchPage).toHaveBeenCalledTimes(3);
    expect(screen.getByText('No more')).toBeInTheDocument();
  });

  it('pull-to-refresh clears the list, reloads page 1, and closes the indicator 0.5 s after it completes', async () => {
    jest.useFakeTimers();
    const { fetchPage, answer } = controlledFetch();
    renderWithProviders(<PagedList fetchPage={fetchPage} renderItem={renderRow} keyOf={keyOf} />);
    await answer(0, { items: rows(1, 10), total: 30 });
    observer().show(true);
    observer().show(false); // scrolled on past the sentinel's trigger zone
    await answer(1, { items: rows(11, 10), total: 30 });
    expect(screen.getAllByRole('listitem')).toHaveLength(20);

    const indicator = screen.getByTestId('refresh-indicator');
    const root = indicator.parentElement!;
    fireEvent.touchStart(root, { touches: [{ clientY: 100 }] });
    fireEvent.touchMove(root, { touches: [{ clientY: 100 + PULL_THRESHOLD_PX }] });
    expect(indicator).toHaveTextContent('Pull to refresh');
    fireEvent.touchMove(root, { touches: [{ clientY: 100 + PULL_THRESHOLD_PX * 2 + 10 }] });
    expect(indicator).toHaveTextContent('Release to refresh');
    fireEvent.touchEnd(root, { touches: [] });

    expect(indicator).toHaveTextContent('Refreshing…');
    expect(screen.queryAllByRole('listitem')).toHaveLength(0);
    expect(fetchPage).toHaveBeenCalledTimes(3);
    expect(fetchPage).toHaveBeenLastCalledWith(1);

    await answer(2, { items: rows(101, 10), total: 30 });
    expect(screen.getByText('row 101')).toBeInTheDocument();
    expect(screen.queryByText('row 11')).not.toBeInTheDocument();
    expect(indicator).toHaveTextContent('Refreshing…');
    act(() => {
      jest.advanceTimersByTime(REFRESH_INDICATOR_MS - 1);
    });
    expect(indicator).toHaveTextContent('Refreshing…');
    act(() => {
      jest.advanceTimersByTime(1);
    });
    expect(indicator).toHaveTextContent('');
  });

  it('a short pull does not refresh', async () => {
    const { fetchPage, answer } = controlledFetch();
    renderWithProviders(<PagedList fetchPage={fetchPage} renderItem={renderRow} keyOf={keyOf} />);
    await answer(0, { items: rows(1, 3), total: 3 });
    const root = screen.getByTestId('refresh-indicator').parentElement!;
    fireEvent.touchStart(root, { touches: [{ clientY: 100 }] });
    fireEvent.touchMove(root, { touches: [{ clientY: 120 }] });
    fireEvent.touchEnd(root, { touches: [] });
    expect(fetchPage).toHaveBeenCalledTimes(1);
    expect(screen.getAllByRole('listitem')).toHaveLength(3);
  });

  it('a failed page keeps the list and offers a retry of that page', async () => {
    const { fetchPage, answer } = controlledFetch();
    renderWithProviders(<PagedList fetchPage={fetchPage} renderItem={renderRow} keyOf={keyOf} />);
    await answer(0, { items: rows(1, 10), total: 20 });
    observer().show(true);
    await answer(1, new Error('offline'));
    expect(screen.getAllByRole('listitem')).toHaveLength(10);
    expect(fetchPage).toHaveBeenCalledTimes(2);

    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(fetchPage).toHaveBeenCalledTimes(3);
    expect(fetchPage).toHaveBeenLastCalledWith(2);
    await answer(2, { items: rows(11, 10), total: 20 });
    expect(screen.getAllByRole('listitem')).toHaveLength(20);
    expect(screen.getByText('No more')).toBeInTheDocument();
  });

  it('a failed first page shows the error state with a retry', async () => {
    const { fetchPage, answer } = controlledFetch();
    renderWithProviders(<PagedList fetchPage={fetchPage} renderItem={renderRow} keyOf={keyOf} />);
    await answer(0, new Error('offline'));
    expect(screen.getByText('Request failed, please try again')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(fetchPage).toHaveBeenLastCalledWith(1);
    await answer(1, { items: rows(1, 2), total: 2 });
    expect(screen.getAllByRole('listitem')).toHaveLength(2);
  });

  it('shows Empty on an empty result, with the caller text when given', async () => {
    const { fetchPage, answer } = controlledFetch();
    const { rerender } = renderWithProviders(
      <PagedList fetchPage={fetchPage} renderItem={renderRow} keyOf={keyOf} />,
    );
    await answer(0, { items: [], total: 0 });
    expect(screen.getByTestId('empty')).toHaveTextContent('No data');
    expect(screen.queryByText('No more')).not.toBeInTheDocument();

    rerender(
      <PagedList
        fetchPage={fetchPage}
        renderItem={renderRow}
        keyOf={keyOf}
        emptyText="No orders"
        reloadKey="b"
      />,
    );
    await answer(1, { items: [], total: 0 });
    expect(screen.getByTestId('empty')).toHaveTextContent('No orders');
  });

  it('reloads from page 1 when reloadKey changes, ignoring the old answer', async () => {
    const { fetchPage, answer } = controlledFetch();
    const { rerender } = renderWithProviders(
      <PagedList fetchPage={fetchPage} renderItem={renderRow} keyOf={keyOf} reloadKey="a" />,
    );
    await answer(0, { items: rows(1, 10), total: 20 });
    observer().show(true);
    expect(fetchPage).toHaveBeenLastCalledWith(2);

    rerender(<PagedList fetchPage={fetchPage} renderItem={renderRow} keyOf={keyOf} reloadKey="b" />);
    expect(fetchPage).toHaveBeenCalledTimes(3);
    expect(fetchPage).toHaveBeenLastCalledWith(1);
    expect(screen.queryAllByRole('listitem')).toHaveLength(0);
    await answer(1, { items: rows(11, 10), total: 20 }); // the page 2 of "a": ignored
    expect(screen.queryByText('row 11')).not.toBeInTheDocument();
    await answer(2, { items: rows(201, 3), total: 3 });
    expect(screen.getAllByRole('listitem')).toHaveLength(3);
  });

  it('falls back to a "load more" button without IntersectionObserver', async () => {
    delete (globalThis as { IntersectionObserver?: unknown }).IntersectionObserver;
    const { fetchPage, answer } = controlledFetch();
    renderWithProviders(<PagedList fetchPage={fetchPage} renderItem={renderRow} keyOf={keyOf} />);
    await answer(0, { items: rows(1, 10), total: 12 });
    fireEvent.click(screen.getByRole('button', { name: 'Load more' }));
    expect(fetchPage).toHaveBeenLastCalledWith(2);
    await answer(1, { items: rows(11, 2), total: 12 });
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
    expect(screen.getByText('No more')).toBeInTheDocument();
  });

  it('lets the caller update items in place through the usePagedList controller', async () => {
    const { fetchPage, answer } = controlledFetch();
    let controller: PagedListController<Row> | undefined;
    function Page() {
      const list = usePagedList(fetchPage);
      controller = list;
      return <PagedList controller={list} renderItem={renderRow} keyOf={keyOf} />;
    }
    renderWithProviders(<Page />);
    await answer(0, { items: rows(1, 3), total: 3 });
    act(() =>
      controller!.setItems((items) => items.map((r) => (r.id === 2 ? { ...r, name: 'updated' } : r))),
    );
    expect(screen.getByText('updated')).toBeInTheDocument();
    act(() => controller!.setItems((items) => items.filter((r) => r.id !== 1)));
    expect(screen.getAllByRole('listitem')).toHaveLength(2);
    expect(fetchPage).toHaveBeenCalledTimes(1);
  });
});
