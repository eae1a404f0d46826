/** The ops area's guard, menu and sign-in, rendered as the shell renders it (remote pages stubbed). */
import '../testing/text-encoding';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { appStore } from '@meridian/shared';
import { clearOpsSessionAtom, opsSessionAtom, setOpsSessionAtom } from '@meridian/shared/ops';
import type { OpsRole } from '@meridian/shared/pure';
import { createRemoteTestKit, mockServer, ok, refuse, resetApp } from '@meridian/shared/testing';
import OpsArea from './ops-area';

const { renderPage } = createRemoteTestKit('ops');
const RemotePage = ({ route }: { route: { remote: string; module: string } }) => (
  <div data-testid="remote-page">{`${route.remote} ${route.module}`}</div>
);
const PageLoading = () => <div data-testid="loading" />;

function show(path: string) {
  return renderPage(
    <MemoryRouter initialEntries={[path]}>
      <OpsArea RemotePage={RemotePage} PageLoading={PageLoading} />
    </MemoryRouter>,
  );
}

const me = (roles: OpsRole[]) => ({
  id: 3,
  email: 'ops@meridian.test',
  roles,
  expires_at: Date.now() + 1e6,
  idle_timeout_ms: 1_800_000,
});
const signedIn = (roles: OpsRole[]) =>
  appStore.set(setOpsSessionAtom, { token: `ops_${'b'.repeat(64)}`, me: me(roles) });

beforeEach(() => {
  resetApp();
  appStore.set(clearOpsSessionAtom);
  mockServer({
    'GET /api/ops/auth/me': ok(me(['support'])),
    'GET /api/ops/dashboard': ok({ items: [], users_online: 0, orders_today: 0, server_time: Date.now() }),
  });
});

it('without an ops session every /ops path shows the sign-in page', async () => {
  show('/ops/users');
  expect(await screen.findByTestId('page-ops-login')).toBeInTheDocument();
  expect(screen.getByRole('status')).toHaveTextContent('Please sign in to continue.');
});

it('a role sees its menu only, and a page it may not open says so; remote pages load through the shell', async () => {
  signedIn(['support']);
  show('/ops/staff');
  expect(await screen.findByTestId('ops-forbidden')).toBeInTheDocument();
  expect(screen.getByTestId('ops-menu-users')).toBeInTheDocument();
  expect(screen.queryByTestId('ops-menu-staff')).not.toBeInTheDocument();
  expect(screen.queryByTestId('ops-menu-kyc')).not.toBeInTheDocument();
  expect(screen.getByTestId('ops-me')).toHaveTextContent('ops@meridian.test');
});

it('an allowed remote page is rendered by the shell with its exposed module', async () => {
  signedIn(['compliance']);
  show('/ops/kyc');
  expect(await screen.findByTestId('remote-page')).toHaveTextContent('mf-account ./OpsKycPage');
});

it('signs in with e-mail, password and the 6-digit code; a refusal shows the server’s reason', async () => {
  let attempt = 0;
  const s = mockServer({
    'POST /api/ops/auth/login': () =>
      ++attempt === 1
        ? refuse('The authenticator code is wrong, expired or already used.', 1302)
        : ok({ token: `ops_${'c'.repeat(64)}`, account: me(['admin']) }),
    'GET /api/ops/auth/me': ok(me(['admin'])),
    'GET /api/ops/dashboard': ok({ items: [], users_online: 2, orders_today: 5, server_time: Date.now() }),
  });
  show('/ops/login');
  fireEvent.change(await screen.findByTestId('ops-login-email'), { target: { value: 'a@b.co' } });
  fireEvent.change(screen.getByTestId('ops-login-password'), { target: { value: 'pw' } });
  fireEvent.change(screen.getByTestId('ops-login-code'), { target: { value: '12a3456' } });
  expect(screen.getByTestId('ops-login-code')).toHaveValue('123456');
  await act(async () => {
    fireEvent.click(screen.getByTestId('ops-login-submit'));
  });
  expect(await screen.findByTestId('ops-login-error')).toHaveTextContent('already used');
  expect(appStore.get(opsSessionAtom).signedIn).toBe(false);
  fireEvent.change(screen.getByTestId('ops-login-code'), { target: { value: '654321' } });
  await act(async () => {
    fireEvent.click(screen.getByTestId('ops-login-submit'));
  });
  await waitFor(() => expect(appStore.get(opsSessionAtom).signedIn).toBe(true));
  expect(s.find('/api/ops/auth/login')[1]?.body).toEqual({ email: 'a@b.co', password: 'pw', code: '654321' });
  expect(await screen.findByTestId('page-ops')).toBeInTheDocument();
});

it('warns before the idle sign-out; "Stay signed in" makes a call; when the time is up the sign-in page shows', async () => {
  const s = mockServer({
    'GET /api/ops/auth/me': ok(me(['support'])),
    'GET /api/ops/dashboard': ok({ items: [], users_online: 0, orders_today: 0, server_time: Date.now() }),
  });
  signedIn(['support']);
  show('/ops');
  expect(await screen.findByTestId('page-ops')).toBeInTheDocument();
  // The menu counts are the frame's own refresh: passive, they do not extend the session (the dashboard page's
  // first load, the person opening it, does).
  await waitFor(() => expect(s.find('/api/ops/dashboard').length).toBe(2));
  expect(s.find('/api/ops/dashboard').filter((c) => c.headers['x-ops-passive'] === '1').length).toBe(1);
  // 29 minutes since the last call the person made.
  await waitFor(() => expect(s.find('/api/ops/auth/me').length).toBe(1));
  localStorage.setItem('meridian.ops.activeAt', String(Date.now() - 29 * 60_000));
  const warning = await screen.findByRole('alertdialog', {}, { timeout: 5000 });
  expect(warning).toHaveTextContent('Still there?');
  expect(screen.getByTestId('ops-idle-warning')).toHaveTextContent(/signed out in 0:\d\d/);
  await act(async () => {
    fireEvent.click(screen.getByTestId('ops-idle-stay'));
  });
  await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
  expect(s.find('/api/ops/auth/me').length).toBe(2);
  expect(s.find('/api/ops/auth/me')[1]?.headers['x-ops-passive']).toBeUndefined();

  localStorage.setItem('meridian.ops.activeAt', String(Date.now() - 31 * 60_000));
  expect(await screen.findByTestId('page-ops-login', {}, { timeout: 5000 })).toBeInTheDocument();
  expect(appStore.get(opsSessionAtom).signedIn).toBe(false);
}, 30_000);
