import { screen } from '@testing-library/react';
import { createRemoteTestKit, muteLazyKitWarnings } from '@meridian/shared/testing';
import { loadExposed } from './registry';
import { preloadPage, RemotePage } from './remote-page';

let version = 'v1';
jest.mock('./registry', () => ({
  enteredVersion: () => version,
  loadExposed: jest.fn(),
  refreshRegistry: jest.fn(() => Promise.resolve()),
  resetRemote: jest.fn(() => Promise.resolve()),
}));
jest.mock('./telemetry', () => ({ remoteShown: jest.fn() }));

const { renderPage } = createRemoteTestKit('shell');
muteLazyKitWarnings();

const route = { remote: 'mf-markets', module: './HomePage' } as const;
const load = loadExposed as jest.MockedFunction<typeof loadExposed>;

function Quotes() {
  return <p>EUR/USD 1.15499</p>;
}

beforeEach(() => {
  load.mockReset();
  load.mockResolvedValue({ default: Quotes });
});

describe('the page a tab opens on', () => {
  it('loaded ahead of the first render, shows at once: never the placeholder first', async () => {
    version = 'preloaded';
    await preloadPage(route);
    renderPage(<RemotePage route={route} />);
    // Synchronously, in the first commit.
    expect(screen.getByText('EUR/USD 1.15499')).toBeInTheDocument();
    expect(screen.queryByTestId('remote-loading')).toBeNull();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('not loaded ahead, shows the placeholder until its code is there', async () => {
    version = 'not-preloaded';
    renderPage(<RemotePage route={route} />);
    expect(screen.getByTestId('remote-loading')).toBeInTheDocument();
    expect(await screen.findByText('EUR/USD 1.15499')).toBeInTheDocument();
  });

  it('a failed preload is not kept: the route loads it again and shows it', async () => {
    version = 'failed-once';
    load.mockRejectedValueOnce(new Error('down')).mockRejectedValueOnce(new Error('down'));
    await expect(preloadPage(route)).resolves.toBeUndefined();
    const attempts = load.mock.calls.length;
    renderPage(<RemotePage route={route} />);
    expect(screen.getByTestId('remote-loading')).toBeInTheDocument();
    expect(await screen.findByText('EUR/USD 1.15499')).toBeInTheDocument();
    expect(load.mock.calls.length).toBeGreaterThan(attempts);
  });

  it('a stale registry (no version known) is not preloaded: the route reads the registry first', async () => {
    version = '';
    await preloadPage(route);
    expect(load).not.toHaveBeenCalled();
  });
});
