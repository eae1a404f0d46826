import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import SystemPage from '../../../app/pages/system-page';
import {
  logIn,
  mockServer,
  ok,
  renderPage,
  resetApp,
  session,
  toastTexts,
} from '../../../testing/test-utils';

beforeEach(() => {
  resetApp();
  logIn();
});

describe('/mine/system', () => {
  it('logout asks first; cancelling keeps the session and calls nothing', async () => {
    const s = mockServer({ 'POST /api/user/logout': ok() });
    const { nav } = renderPage(<SystemPage />);
    fireEvent.click(screen.getByTestId('logout'));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Are you sure you want to log out?');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(s.calls).toHaveLength(0);
    expect(session().isLoggedIn).toBe(true);
    expect(nav.navigate).not.toHaveBeenCalled();
  });

  it('confirmed: revokes the token on the server, replace-navigates to /, then forgets the session', async () => {
    const s = mockServer({ 'POST /api/user/logout': ok() });
    const { nav, unmount } = renderPage(<SystemPage />);
    // The session must outlive the navigation: cleared first, the host's guard would send this page to /login.
    let loggedInWhenNavigating: boolean | undefined;
    nav.navigate.mockImplementation(() => {
      loggedInWhenNavigating = session().isLoggedIn;
    });
    fireEvent.click(screen.getByTestId('logout'));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(nav.navigate).toHaveBeenCalledWith('/', { replace: true }));
    expect(loggedInWhenNavigating).toBe(true);
    expect(s.find('/api/user/logout')[0]?.headers.authorization).toBe('tok-1');
    unmount(); // the route changed
    expect(session()).toMatchObject({ isLoggedIn: false, user: null });
    expect(localStorage.getItem('meridian.token')).toBeNull();
    expect(toastTexts()).toContain('Logged out');
  });

  it('logs out locally even when the server cannot be reached', async () => {
    mockServer({ 'POST /api/user/logout': { status: 503 } });
    const { nav } = renderPage(<SystemPage />);
    fireEvent.click(screen.getByTestId('logout'));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(nav.navigate).toHaveBeenCalledWith('/', { replace: true }));
    // Even if the page were never left, the session goes shortly after.
    await waitFor(() => expect(session().isLoggedIn).toBe(false), { timeout: 2000 });
  });

  it('links to the language page', () => {
    mockServer({});
    const { nav } = renderPage(<SystemPage />);
    fireEvent.click(screen.getByText('Language'));
    expect(nav.navigate).toHaveBeenCalledWith('/language', undefined);
  });
});
