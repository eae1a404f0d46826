import { fireEvent, screen, waitFor } from '@testing-library/react';
import PasswordPage from '../../../app/pages/password-page';
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

beforeEach(() => {
  resetApp();
  logIn();
});

const type = (testId: string, value: string) =>
  fireEvent.change(screen.getByTestId(testId), { target: { value } });

describe('/mine/password', () => {
  it("every field must be filled: 'fill in full'", () => {
    const s = mockServer({});
    renderPage(<PasswordPage />);
    type('password-old', 'OldPass1');
    fireEvent.click(screen.getByTestId('password-submit'));
    expect(screen.getByTestId('password-new-error')).toHaveTextContent('Please fill in completely');
    expect(screen.getByTestId('password-repeat-error')).toHaveTextContent('Please fill in completely');
    expect(screen.getByTestId('password-old-error')).toHaveTextContent('');
    expect(s.calls).toHaveLength(0);
  });

  it("new and repeat must match: 'passwords not equal'", () => {
    const s = mockServer({});
    renderPage(<PasswordPage />);
    type('password-old', 'OldPass1');
    type('password-new', 'NewPass1');
    type('password-repeat', 'NewPass2');
    fireEvent.click(screen.getByTestId('password-submit'));
    expect(screen.getByTestId('password-repeat-error')).toHaveTextContent('The passwords are not the same');
    expect(s.calls).toHaveLength(0);
  });

  it("the same password as the current one: 'password confusion'", () => {
    const s = mockServer({});
    renderPage(<PasswordPage />);
    type('password-old', 'SamePass1');
    type('password-new', 'SamePass1');
    type('password-repeat', 'SamePass1');
    fireEvent.click(screen.getByTestId('password-submit'));
    expect(screen.getByTestId('password-new-error')).toHaveTextContent(
      'The new password is the same as the current one. Choose a different one',
    );
    expect(s.calls).toHaveLength(0);
  });

  it('success: the server revoked every session, so the session is cleared and login follows', async () => {
    const s = mockServer({ 'POST /api/user/amend_password': ok(null, 'Password changed') });
    const { nav, unmount } = renderPage(<PasswordPage />);
    type('password-old', 'OldPass1');
    type('password-new', 'NewPass1');
    type('password-repeat', 'NewPass1');
    fireEvent.click(screen.getByTestId('password-submit'));
    await waitFor(() => expect(nav.navigate).toHaveBeenCalledWith('/login', { replace: true }));
    expect(s.find('/api/user/amend_password')[0]?.body).toEqual({
      old_password: 'OldPass1',
      new_password: 'NewPass1',
      re_password: 'NewPass1',
    });
    expect(toastTexts()).toContain('Password changed');
    unmount();
    expect(session().isLoggedIn).toBe(false);
  });

  it('a wrong old password keeps the session and the form', async () => {
    mockServer({ 'POST /api/user/amend_password': refuse('Old password is wrong') });
    const { nav } = renderPage(<PasswordPage />);
    type('password-old', 'bad');
    type('password-new', 'NewPass1');
    type('password-repeat', 'NewPass1');
    fireEvent.click(screen.getByTestId('password-submit'));
    await waitFor(() => expect(toastTexts()).toContain('Old password is wrong'));
    expect(session().isLoggedIn).toBe(true);
    expect(nav.navigate).not.toHaveBeenCalled();
  });
});
