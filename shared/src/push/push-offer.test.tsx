import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { logIn, mockServer, ok, resetApp } from '../testing/remote-kit';
import { renderWithProviders } from '../testing/test-utils';
import { PushOffer, PushSwitch } from './push-offer';

/** The browser's side, as the tests set it: permission, and a push manager that subscribes. */
function browser(permission: NotificationPermission, answer: NotificationPermission = permission) {
  const notification = {
    permission,
    requestPermission: jest.fn(async () => {
      notification.permission = answer;
      return answer;
    }),
  };
  let current: unknown = null;
  const pushManager = {
    getSubscription: async () => current,
    subscribe: jest.fn(async () => {
      current = {
        endpoint: 'https://fcm.googleapis.com/fcm/send/x',
        options: { applicationServerKey: new Uint8Array([4, 1]).buffer },
        toJSON: () => ({
          endpoint: 'https://fcm.googleapis.com/fcm/send/x',
          keys: { p256dh: 'p', auth: 'a' },
        }),
        unsubscribe: async () => true,
      };
      return current;
    }),
  };
  const registration = { pushManager };
  Object.assign(globalThis, { Notification: notification, PushManager: class {} });
  Object.defineProperty(window, 'isSecureContext', { value: true, configurable: true });
  Object.defineProperty(navigator, 'serviceWorker', {
    value: { ready: Promise.resolve(registration), getRegistration: async () => registration },
    configurable: true,
  });
  return { notification, pushManager };
}

describe('<PushOffer> and <PushSwitch>', () => {
  beforeEach(() => {
    resetApp();
    logIn();
  });

  it('offers push to a trader who has not decided, and asks the browser only on "Turn on"', async () => {
    const { notification } = browser('default', 'granted');
    mockServer({
      'GET /api/push/key': ok({ public_key: 'BAE' }),
      'POST /api/push/subscribe': ok({ devices: 1 }),
    });
    renderWithProviders(<PushOffer />);
    expect(screen.getByText('Get notified with the app closed')).toBeInTheDocument();
    expect(notification.requestPermission).not.toHaveBeenCalled();
    fireEvent.click(screen.getByTestId('push-turn-on'));
    expect(await screen.findByText('Notifications are on for this device.')).toBeInTheDocument();
    expect(notification.requestPermission).toHaveBeenCalledTimes(1);
  });

  it('says where to change it when the browser blocks it, and offers nothing to tap', async () => {
    browser('default', 'denied');
    mockServer({});
    renderWithProviders(<PushOffer />);
    fireEvent.click(screen.getByTestId('push-turn-on'));
    expect(await screen.findByTestId('push-blocked')).toHaveTextContent(/blocked for this site/);
    expect(screen.queryByTestId('push-turn-on')).not.toBeInTheDocument();
  });

  it('"Not now" hides the offer', () => {
    browser('default');
    renderWithProviders(<PushOffer />);
    fireEvent.click(screen.getByTestId('push-later'));
    expect(screen.queryByTestId('push-offer')).not.toBeInTheDocument();
  });

  it('shows nothing to a guest', () => {
    browser('default');
    act(() => resetApp());
    renderWithProviders(<PushOffer />);
    expect(screen.queryByTestId('push-offer')).not.toBeInTheDocument();
  });

  it('the switch turns push on and off, and is disabled with the reason when the browser blocks it', async () => {
    browser('granted');
    const server = mockServer({
      'GET /api/push/key': ok({ public_key: 'BAE' }),
      'POST /api/push/subscribe': ok({ devices: 1 }),
      'POST /api/push/unsubscribe': ok({ removed: 1 }),
    });
    const { unmount } = renderWithProviders(<PushSwitch />);
    const toggle = screen.getByTestId('push-switch');
    expect(toggle).not.toBeChecked();
    fireEvent.click(toggle);
    await waitFor(() => expect(toggle).toBeChecked());
    fireEvent.click(toggle);
    await waitFor(() => expect(toggle).not.toBeChecked());
    expect(server.find('/api/push/unsubscribe')).toHaveLength(1);
    unmount();

    browser('denied');
    renderWithProviders(<PushSwitch />);
    expect(screen.getByTestId('push-switch')).toBeDisabled();
    expect(screen.getByTestId('push-blocked')).toBeInTheDocument();
  });
});
