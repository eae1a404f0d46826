import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { appStore, setUserAtom, TOPICS } from '@meridian/shared';
import UserPage from '../../../app/pages/user-page';
import {
  demoUser,
  fakeRealtime,
  logIn,
  mockServer,
  ok,
  realUser,
  refuse,
  renderPage,
  resetApp,
  session,
  toastTexts,
} from '../../../testing/test-utils';
import type { FakeReply } from '../../../testing/test-utils';

beforeEach(resetApp);

/** Let the entry refreshes (user, service link) land before the test ends. */
const settle = () => act(async () => {});

function server(user = realUser, service: Record<string, unknown> = {}, extra: Record<string, unknown> = {}) {
  return mockServer({
    'GET /api/user/info': ok(user),
    'GET /api/basicSet/getBasicInfo': ok({
      service_link: '/mine/chat',
      service_link_type: 1,
      verify_reg_type: 1,
      trade_fee_type: 1,
      ...service,
    }),
    ...(extra as Record<string, FakeReply>),
  });
}

describe('/user', () => {
  it('shows the balance at 2 decimals, frozen, credit score, and refreshes the user from /api/user/info', async () => {
    logIn({ ...realUser, balance: '1.00' });
    server({ ...realUser, balance: '1234.5' });
    renderPage(<UserPage />);
    expect(screen.getByTestId('balance-amount')).toHaveTextContent('1.00');
    await waitFor(() => expect(screen.getByTestId('balance-amount')).toHaveTextContent('1,234.50'));
    expect(screen.getByTestId('balance-frozen')).toHaveTextContent('10.00');
    expect(screen.getByTestId('credit-score')).toHaveTextContent('100');
    expect(session().user?.balance).toBe('1234.5');
    expect(screen.getByTestId('account-kind')).toHaveTextContent('Real account');
  });

  it('shows the whole e-mail, never cut: a long one may wrap before its domain', async () => {
    const email = 'a.very.long.trader.name.indeed@example.com';
    logIn({ ...realUser, email });
    server({ ...realUser, email });
    renderPage(<UserPage />);
    const shown = screen.getByTestId('user-email');
    expect(shown.textContent).toBe(email);
    expect(shown).not.toHaveTextContent('…');
    // The one break opportunity it adds is before the "@": the domain moves down whole.
    expect(shown.querySelector('wbr')?.nextSibling?.textContent).toBe('@example.com');
    await settle();
  });

  it('hide/show masks the amounts and is remembered', async () => {
    logIn();
    server();
    const first = renderPage(<UserPage />);
    const toggle = screen.getByTestId('balance-toggle');
    expect(toggle).toHaveAttribute('aria-pressed', 'false');
    fireEvent.click(toggle);
    expect(screen.getByTestId('balance-amount')).toHaveTextContent('******');
    expect(screen.getByTestId('balance-frozen')).toHaveTextContent('******');
    expect(toggle).toHaveAttribute('aria-pressed', 'true');
    expect(toggle).toHaveAccessibleName('Show balance');
    expect(localStorage.getItem('meridian.hideBalance')).toBe('1');
    first.unmount();

    renderPage(<UserPage />);
    expect(screen.getByTestId('balance-amount')).toHaveTextContent('******');
    fireEvent.click(screen.getByTestId('balance-toggle'));
    expect(screen.getByTestId('balance-amount')).toHaveTextContent('1,234.50');
    expect(localStorage.getItem('meridian.hideBalance')).toBe('0');
    await waitFor(() => expect(screen.getByTestId('service-chat')).toBeInTheDocument());
  });

  it('the balance card opens /mine/history; deposit and withdraw go to the funds pages', async () => {
    logIn();
    server();
    const { nav } = renderPage(<UserPage />);
    fireEvent.click(screen.getByTestId('balance-link'));
    expect(nav.navigate).toHaveBeenLastCalledWith('/mine/history', undefined);
    fireEvent.click(screen.getByTestId('user-deposit'));
    expect(nav.navigate).toHaveBeenLastCalledWith('/mine/charge', undefined);
    fireEvent.click(screen.getByTestId('user-withdraw'));
    expect(nav.navigate).toHaveBeenLastCalledWith('/mine/withdraw', undefined);
    await settle();
  });

  it('lists every user-centre link', async () => {
    logIn();
    server();
    renderPage(<UserPage />);
    for (const path of [
      '/mine/wallet',
      '/mine/auth',
      '/mine/invite',
      '/mine/password',
      '/mine/email',
      '/mine/announcement',
      '/language',
      '/mine/system',
    ]) {
      expect(screen.getByTestId(`menu-${path.slice(1).replace(/\//g, '-')}`)).toHaveAttribute('href', path);
    }
    expect(screen.getByText('Customer service')).toBeInTheDocument();
    await settle();
  });

  it('links notifications, with the unread count, and price alerts beside the statement', async () => {
    logIn();
    const s = server(
      realUser,
      {},
      {
        'GET /api/notification/list': ok({ data: [], total: 3, unread: 3 }),
      },
    );
    renderPage(<UserPage />);
    expect(await screen.findByTestId('notifications-unread')).toHaveTextContent('3');
    expect(s.find('/api/notification/list')[0]!.query.get('limit')).toBe('1');
    const row = screen.getByTestId('menu-mine-notifications');
    expect(row).toHaveAttribute('href', '/mine/notifications');
    expect(row).toHaveTextContent('Notifications');
    expect(screen.getByTestId('menu-mine-alerts')).toHaveAttribute('href', '/mine/alerts');
    expect(screen.getByTestId('menu-mine-alerts')).toHaveTextContent('Price alerts');
    const links = screen.getAllByRole('link').map((a) => a.getAttribute('href'));
    expect(links.slice(links.indexOf('/mine/statement'), links.indexOf('/mine/statement') + 3)).toEqual([
      '/mine/statement',
      '/mine/notifications',
      '/mine/alerts',
    ]);
  });

  it('no unread notifications (or no answer) shows no badge', async () => {
    logIn();
    const s = server(
      realUser,
      {},
      {
        'GET /api/notification/list': ok({ data: [], total: 0, unread: 0 }),
      },
    );
    renderPage(<UserPage />);
    await waitFor(() => expect(s.find('/api/notification/list')).toHaveLength(1));
    await settle();
    expect(screen.queryByTestId('notifications-unread')).toBeNull();
  });

  it('a price alert firing while the page is open reads the count again', async () => {
    logIn();
    const rt = fakeRealtime();
    let unread = 0;
    server(
      realUser,
      {},
      {
        'GET /api/notification/list': () => ok({ data: [], total: unread, unread }),
      },
    );
    renderPage(<UserPage />);
    await settle();
    expect(screen.queryByTestId('notifications-unread')).toBeNull();
    unread = 1;
    rt.emit(TOPICS.priceAlert, {
      alert: {} as never,
      price: 1.1,
      change: null,
      time: 0,
      notification_id: 1,
      muted: false,
    });
    expect(await screen.findByTestId('notifications-unread')).toHaveTextContent('1');
    // Any other notification heard on the socket counts too.
    unread = 2;
    rt.emit(TOPICS.notification, {
      id: 2,
      type: 'kyc',
      payload: { id: 5, status: 2, time: 0 },
      read_at: null,
      created_at: 0,
    });
    await waitFor(() => expect(screen.getByTestId('notifications-unread')).toHaveTextContent('2'));
    rt.detach();
  });

  it('customer service type 2 is copyable text', async () => {
    logIn();
    server(realUser, { service_link: 'WhatsApp +852 5555 0000', service_link_type: 2 });
    const writeText = jest.fn().mockResolvedValue(undefined);
    Object.assign(navigator, { clipboard: { writeText } });
    renderPage(<UserPage />);
    const row = await screen.findByTestId('service-copy');
    expect(row).toHaveTextContent('WhatsApp +852 5555 0000');
    fireEvent.click(row);
    await waitFor(() => expect(writeText).toHaveBeenCalledWith('WhatsApp +852 5555 0000'));
    await waitFor(() => expect(toastTexts()).toContain('Copied'));
  });

  it('customer service type 3 is an external link; otherwise the in-app chat', async () => {
    logIn();
    server(realUser, { service_link: 'https://help.example.com', service_link_type: 3 });
    renderPage(<UserPage />);
    const link = await screen.findByTestId('service-external');
    expect(link).toHaveAttribute('href', 'https://help.example.com');
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
  });

  it('real users have no demo reset row', async () => {
    logIn();
    server();
    renderPage(<UserPage />);
    expect(screen.queryByTestId('reset-demo')).not.toBeInTheDocument();
    await settle();
  });

  it('demo reset: confirm, server message, balance refreshed', async () => {
    logIn(demoUser);
    let balance = '95000.00';
    const s2 = mockServer({
      'GET /api/user/info': () => ok({ ...demoUser, balance }),
      'GET /api/basicSet/getBasicInfo': ok({ service_link_type: 1 }),
      'GET /v1/api/main/user/resetForexDemoAccount': () => {
        balance = '100000.00';
        return ok(null, 'Demo account reset to 100000 USD');
      },
    });
    renderPage(<UserPage />);
    await waitFor(() => expect(screen.getByTestId('balance-amount')).toHaveTextContent('95,000.00'));
    fireEvent.click(screen.getByTestId('reset-demo'));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Reset the demo account?');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(toastTexts()).toContain('Demo account reset to 100000 USD'));
    await waitFor(() => expect(screen.getByTestId('balance-amount')).toHaveTextContent('100,000.00'));
    expect(s2.find('/v1/api/main/user/resetForexDemoAccount')).toHaveLength(1);
    expect(s2.find('/api/user/info')).toHaveLength(2);
  });

  it('demo reset cancelled: nothing is called', async () => {
    logIn(demoUser);
    const s = server(demoUser);
    renderPage(<UserPage />);
    fireEvent.click(screen.getByTestId('reset-demo'));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(s.find('/v1/api/main/user/resetForexDemoAccount')).toHaveLength(0);
  });

  it('demo reset on a server without the call yet (404) says it is not available, not "network error"', async () => {
    logIn(demoUser);
    server(demoUser);
    renderPage(<UserPage />);
    fireEvent.click(screen.getByTestId('reset-demo'));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(toastTexts()).toEqual(['Resetting the demo account is not available yet']));
    expect(screen.getByTestId('reset-demo')).toBeEnabled();
  });

  it('demo reset refused by the server shows its message', async () => {
    logIn(demoUser);
    server(demoUser, {}, { 'GET /v1/api/main/user/resetForexDemoAccount': refuse('Too many resets today') });
    renderPage(<UserPage />);
    fireEvent.click(screen.getByTestId('reset-demo'));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(toastTexts()).toEqual(['Too many resets today']));
  });

  it('without a stored user, a failed refresh offers a retry', async () => {
    logIn();
    localStorage.removeItem('meridian.user');
    appStore.set(setUserAtom, null);
    let fail = true;
    mockServer({
      'GET /api/user/info': () => (fail ? { status: 500 } : ok(realUser)),
      'GET /api/basicSet/getBasicInfo': ok({}),
    });
    renderPage(<UserPage />);
    expect(await screen.findByTestId('load-error')).toBeInTheDocument();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(screen.getByTestId('balance-amount')).toHaveTextContent('1,234.50'));
  });
});
