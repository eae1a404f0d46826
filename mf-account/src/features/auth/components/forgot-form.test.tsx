import { fireEvent, screen, waitFor } from '@testing-library/react';
import ForgotPage from '../../../app/pages/forgot-page';
import {
  logIn,
  mockServer,
  ok,
  refuse,
  renderPage,
  resetApp,
  session,
  toastTexts,
} from '../../../testing/test-utils';

beforeEach(resetApp);

const type = (testId: string, value: string) =>
  fireEvent.change(screen.getByTestId(testId), { target: { value } });

describe('/forgot', () => {
  it("both passwords must be filled: 'fill in full'", () => {
    const s = mockServer({});
    renderPage(<ForgotPage />);
    type('forgot-email', 'a@b.co');
    type('forgot-password', 'NewPass1');
    fireEvent.click(screen.getByTestId('forgot-submit'));
    expect(screen.getByTestId('forgot-repeat-error')).toHaveTextContent('Please fill in completely');
    expect(screen.getByTestId('forgot-password-error')).toHaveTextContent('');
    expect(s.calls).toHaveLength(0);
  });

  it("the passwords must match: 'passwords not equal'", () => {
    const s = mockServer({});
    renderPage(<ForgotPage />);
    type('forgot-email', 'a@b.co');
    type('forgot-password', 'NewPass1');
    type('forgot-repeat', 'NewPass2');
    fireEvent.click(screen.getByTestId('forgot-submit'));
    expect(screen.getByTestId('forgot-repeat-error')).toHaveTextContent('The passwords are not the same');
    expect(s.calls).toHaveLength(0);
  });

  it('the code is not checked locally; a reset sends type 1, toasts the server message, logs out and goes to login', async () => {
    logIn();
    const s = mockServer({
      'POST /api/notify/send_email': ok(null, 'Sent'),
      'POST /api/user/forget_password': ok(null, 'Password reset'),
    });
    const { nav } = renderPage(<ForgotPage />);
    type('forgot-email', 'a@b.co');
    fireEvent.click(await screen.findByRole('button', { name: 'Send code' }));
    await waitFor(() =>
      expect(s.find('/api/notify/send_email')[0]?.body).toEqual({ to: 'a@b.co', type: '2' }),
    );
    type('forgot-password', 'NewPass1');
    type('forgot-repeat', 'NewPass1');
    fireEvent.click(screen.getByTestId('forgot-submit'));
    await waitFor(() => expect(nav.navigate).toHaveBeenCalledWith('/login', { replace: true }));
    expect(s.find('/api/user/forget_password')[0]?.body).toEqual({
      type: '1',
      account: 'a@b.co',
      new_password: 'NewPass1',
      secondary_password: 'NewPass1',
      auth_code: '',
    });
    expect(toastTexts()).toContain('Password reset');
    expect(session().isLoggedIn).toBe(false);
  });

  it('a wrong code keeps the form, with the server message', async () => {
    mockServer({ 'POST /api/user/forget_password': refuse('Wrong code') });
    const { nav } = renderPage(<ForgotPage />);
    type('forgot-email', 'a@b.co');
    type('forgot-code', '000000');
    type('forgot-password', 'NewPass1');
    type('forgot-repeat', 'NewPass1');
    fireEvent.click(screen.getByTestId('forgot-submit'));
    await waitFor(() => expect(toastTexts()).toContain('Wrong code'));
    expect(nav.navigate).not.toHaveBeenCalled();
  });
});
