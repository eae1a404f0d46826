import { fireEvent, screen, waitFor } from '@testing-library/react';
import { appStore, clearSessionAtom } from '@meridian/shared';
import LoginPage from '../../../app/pages/login-page';
import {
  demoUser,
  mockServer,
  ok,
  realUser,
  refuse,
  renderPage,
  resetApp,
  session,
  toastTexts,
} from '../../../testing/test-utils';

beforeEach(resetApp);

/** Logged out, as by the user centre's logout (the device keeps what it keeps). */
const resetSession = () => appStore.set(clearSessionAtom);

const type = (testId: string, value: string) =>
  fireEvent.change(screen.getByTestId(testId), { target: { value } });

describe('/login', () => {
  it('asks for the account, then the password, with the spec messages, without calling the server', () => {
    const server = mockServer({});
    renderPage(<LoginPage />, { path: '/login' });

    fireEvent.click(screen.getByTestId('login-submit'));
    expect(screen.getByTestId('login-account-error')).toHaveTextContent('Please enter your e-mail or phone');
    expect(screen.getByTestId('login-password-error')).toHaveTextContent('Please enter your password');
    expect(screen.getByTestId('login-account')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByTestId('login-account')).toHaveFocus();

    type('login-account', 'trader@example.com');
    fireEvent.click(screen.getByTestId('login-submit'));
    expect(screen.getByTestId('login-account-error')).toHaveTextContent('');
    expect(screen.getByTestId('login-password-error')).toHaveTextContent('Please enter your password');
    expect(server.calls).toHaveLength(0);
  });

  it('inputs are typed for phones: e-mail keyboard, password managers', () => {
    mockServer({});
    renderPage(<LoginPage />);
    expect(screen.getByLabelText('E-mail address')).toHaveAttribute('type', 'email');
    expect(screen.getByLabelText('E-mail address')).toHaveAttribute('autocomplete', 'username');
    expect(screen.getByLabelText('Password')).toHaveAttribute('type', 'password');
    expect(screen.getByLabelText('Password')).toHaveAttribute('autocomplete', 'current-password');
  });

  it('logs in with the form call, stores the session and goes back to `from` (replace)', async () => {
    const server = mockServer({ 'POST /api/user/loginForU': ok({ token: 'tok-9', user: realUser }) });
    const { nav } = renderPage(<LoginPage />, { path: '/login', query: 'from=%2Forder%3Ftype%3D1' });
    type('login-account', ' trader@example.com ');
    type('login-password', 'secret-pass');
    fireEvent.click(screen.getByTestId('login-submit'));

    await waitFor(() => expect(nav.navigate).toHaveBeenCalledWith('/order?type=1', { replace: true }));
    expect(server.find('/api/user/loginForU')[0]?.body).toEqual({
      account: 'trader@example.com',
      password: 'secret-pass',
      login_type: 'email',
    });
    expect(session()).toMatchObject({ token: 'tok-9', isLoggedIn: true, isDemo: false });
    expect(localStorage.getItem('meridian.token')).toBe('tok-9');
  });

  it('goes to / when there is no `from`, or when `from` leaves the app', async () => {
    mockServer({ 'POST /api/user/loginForU': ok({ token: 't', user: realUser }) });
    const { nav } = renderPage(<LoginPage />, { query: 'from=%2F%2Fevil.example' });
    type('login-account', 'a@b.co');
    type('login-password', 'x');
    fireEvent.click(screen.getByTestId('login-submit'));
    await waitFor(() => expect(nav.navigate).toHaveBeenCalledWith('/', { replace: true }));
  });

  it('a refused login shows the server message and stays on the page', async () => {
    mockServer({ 'POST /api/user/loginForU': refuse('Wrong account or password') });
    const { nav } = renderPage(<LoginPage />);
    type('login-account', 'a@b.co');
    type('login-password', 'bad');
    fireEvent.click(screen.getByTestId('login-submit'));
    await waitFor(() => expect(toastTexts()).toContain('Wrong account or password'));
    expect(nav.navigate).not.toHaveBeenCalled();
    expect(session().isLoggedIn).toBe(false);
    expect(screen.getByTestId('login-submit')).toBeEnabled();
  });

  it('offers a demo account: created on the server, stored, logged in as it', async () => {
    const server = mockServer({
      'GET /api/user/createAccountDemoForU': ok({ demo_id: 'd1', token: 'demo-tok', user: demoUser }),
    });
    const { nav } = renderPage(<LoginPage />, { query: 'from=%2Ftrade' });
    fireEvent.click(screen.getByRole('button', { name: 'Try a demo account' }));
    await waitFor(() => expect(nav.navigate).toHaveBeenCalledWith('/trade', { replace: true }));
    expect(server.find('/api/user/createAccountDemoForU')).toHaveLength(1);
    expect(session()).toMatchObject({ token: 'demo-tok', isDemo: true });
  });

  it('comes back to the demo account this device created; a demo account the server no longer knows is replaced', async () => {
    let known = true;
    const server = mockServer({
      'GET /api/user/createAccountDemoForU': () =>
        ok({ demo_id: known ? 'd1' : 'd2', token: known ? 'demo-tok' : 'demo-tok-2', user: demoUser }),
      'POST /api/user/loginForU': () =>
        known ? ok({ token: 'demo-again', user: demoUser }) : refuse('Wrong account or password', 1101),
    });
    const first = renderPage(<LoginPage />);
    fireEvent.click(screen.getByRole('button', { name: 'Try a demo account' }));
    await waitFor(() => expect(session().token).toBe('demo-tok'));
    first.unmount();
    // Logged out, then the same tap: the same demo account, by its demo_id.
    resetSession();
    const again = renderPage(<LoginPage />);
    fireEvent.click(screen.getByRole('button', { name: 'Try a demo account' }));
    await waitFor(() => expect(session().token).toBe('demo-again'));
    expect(server.find('/api/user/loginForU')[0]?.body).toEqual({ demo_id: 'd1' });
    expect(server.find('/api/user/createAccountDemoForU')).toHaveLength(1);
    again.unmount();
    // Gone on the server: a new one, silently, remembered in its place.
    known = false;
    resetSession();
    renderPage(<LoginPage />);
    fireEvent.click(screen.getByRole('button', { name: 'Try a demo account' }));
    await waitFor(() => expect(session().token).toBe('demo-tok-2'));
    expect(toastTexts()).not.toContain('Wrong account or password');
    expect(server.find('/api/user/createAccountDemoForU')).toHaveLength(2);
    expect(localStorage.getItem('meridian.demoId')).toBe('d2');
  });
});
