import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import RegisterPage from '../../../app/pages/register-page';
import {
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

const type = (testId: string, value: string) =>
  fireEvent.change(screen.getByTestId(testId), { target: { value } });

function server(verifyRegType: number, isShowMobile: number, extra: Record<string, FakeReply> = {}) {
  let captcha = 0;
  return mockServer({
    'GET /api/basicSet/getBasicInfo': ok({
      service_link: '/mine/chat',
      service_link_type: 1,
      verify_reg_type: verifyRegType,
      trade_fee_type: 1,
    }),
    'GET /api/default/setting': ok({ key: 'is_show_mobile', value: String(isShowMobile) }),
    'GET /api/default/area_list': ok([
      { id: 1, global_code: '+852', code: 'HK' },
      { id: 2, global_code: '+44', code: 'GB' },
    ]),
    'GET /api/captcha': () => ok({ id: `cap-${++captcha}`, b64s: 'data:image/png;base64,AAAA' }),
    'POST /api/notify/send_email': ok(null, 'Code sent to your e-mail'),
    'POST /api/user/register': ok({ token: 'new-tok', user: realUser }),
    ...extra,
  });
}

describe('/register', () => {
  it('prefills the invite code from the query and shows the e-mail code button (verify_reg_type 1)', async () => {
    server(1, 0);
    renderPage(<RegisterPage />, { query: 'invite_code=AB12CD' });
    expect(screen.getByTestId('register-loading')).toBeInTheDocument();
    expect(await screen.findByTestId('register-invite')).toHaveValue('AB12CD');
    expect(screen.getByTestId('register-code')).toHaveAttribute('autocomplete', 'one-time-code');
    expect(await screen.findByRole('button', { name: 'Send code' })).toBeInTheDocument();
    expect(screen.queryByTestId('register-captcha')).not.toBeInTheDocument();
    expect(screen.queryByTestId('register-mobile')).not.toBeInTheDocument();
  });

  it('the send-code button needs an e-mail, then sends a type-1 code, shows the server message and counts down', async () => {
    const s = server(1, 0);
    renderPage(<RegisterPage />);
    const send = await screen.findByRole('button', { name: 'Send code' });
    fireEvent.click(send);
    expect(await screen.findByText('Please enter your e-mail')).toBeInTheDocument();
    expect(s.find('/api/notify/send_email')).toHaveLength(0);
    expect(send).toBeEnabled();

    type('register-email', 'new@example.com');
    await act(async () => {
      fireEvent.click(send);
    });
    await waitFor(() => expect(toastTexts()).toContain('Code sent to your e-mail'));
    expect(s.find('/api/notify/send_email')[0]?.body).toEqual({ to: 'new@example.com', type: '1' });
    expect(screen.getByRole('button', { name: /Resend in 60 s/ })).toBeDisabled();
  });

  it('captcha mode (verify_reg_type 2) replaces the send-code button and sends key + answer', async () => {
    const s = server(2, 0);
    const { nav } = renderPage(<RegisterPage />);
    expect(await screen.findByTestId('register-captcha')).toBeInTheDocument();
    expect(screen.queryByTestId('register-code')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Send code' })).not.toBeInTheDocument();
    await waitFor(() =>
      expect(screen.getByTestId('register-captcha-image').querySelector('img')).not.toBeNull(),
    );

    type('register-email', 'new@example.com');
    type('register-captcha', '12345');
    type('register-password', 'Secret123');
    type('register-repassword', 'Secret123');
    fireEvent.click(screen.getByTestId('register-submit'));
    await waitFor(() => expect(nav.navigate).toHaveBeenCalledWith('/', { replace: true }));
    expect(s.find('/api/user/register')[0]?.body).toMatchObject({
      type: '1',
      account: 'new@example.com',
      password: 'Secret123',
      re_password: 'Secret123',
      sms_code: '12345',
      key: 'cap-1',
    });
    expect(session()).toMatchObject({ token: 'new-tok', isLoggedIn: true });
  });

  it('a refused captcha registration shows the message and a new captcha', async () => {
    const s = server(2, 0, { 'POST /api/user/register': refuse('Wrong verification code') });
    renderPage(<RegisterPage />);
    await screen.findByTestId('register-captcha');
    type('register-email', 'new@example.com');
    type('register-captcha', '1');
    fireEvent.click(screen.getByTestId('register-submit'));
    await waitFor(() => expect(toastTexts()).toContain('Wrong verification code'));
    await waitFor(() => expect(s.find('/api/captcha')).toHaveLength(2));
    expect(screen.getByTestId('register-captcha')).toHaveValue('');
  });

  it('is_show_mobile 1: area code and phone, both sent', async () => {
    const s = server(1, 1);
    renderPage(<RegisterPage />);
    const area = await screen.findByTestId('register-area');
    await waitFor(() => expect(area.querySelectorAll('option')).toHaveLength(2));
    expect(screen.getByTestId('register-mobile')).toHaveAttribute('type', 'tel');
    fireEvent.change(area, { target: { value: '2' } });
    type('register-email', 'new@example.com');
    type('register-mobile', '7700900123');
    type('register-code', '123456');
    fireEvent.click(screen.getByTestId('register-submit'));
    await waitFor(() => expect(s.find('/api/user/register')).toHaveLength(1));
    expect(s.find('/api/user/register')[0]?.body).toMatchObject({
      area_id: '2',
      mobile: '7700900123',
      sms_code: '123456',
    });
  });

  it('is_show_mobile 3: phone only, no area code', async () => {
    const s = server(1, 3);
    renderPage(<RegisterPage />);
    expect(await screen.findByTestId('register-mobile')).toBeInTheDocument();
    expect(screen.queryByTestId('register-area')).not.toBeInTheDocument();
    // Only digits reach the field, fifteen at most; codes are digits too.
    expect(screen.getByTestId('register-mobile')).toHaveAttribute('inputmode', 'tel');
    type('register-mobile', '+555-01a00');
    expect(screen.getByTestId('register-mobile')).toHaveValue('5550100');
    type('register-mobile', '1234567890123456789');
    expect(screen.getByTestId('register-mobile')).toHaveValue('123456789012345');
    type('register-mobile', '5550100');
    type('register-code', '12ab3456789');
    expect(screen.getByTestId('register-code')).toHaveValue('123456');
    fireEvent.click(screen.getByTestId('register-submit'));
    await waitFor(() => expect(s.find('/api/user/register')).toHaveLength(1));
    expect(s.find('/api/user/register')[0]?.body).not.toHaveProperty('area_id');
    expect(s.find('/api/default/area_list')).toHaveLength(0);
  });

  it('settings that fail to load show an error with a retry', async () => {
    let fail = true;
    mockServer({
      'GET /api/basicSet/getBasicInfo': () => (fail ? { status: 500 } : ok({ verify_reg_type: 1 })),
      'GET /api/default/setting': ok({ key: 'is_show_mobile', value: '0' }),
    });
    renderPage(<RegisterPage />);
    expect(await screen.findByTestId('load-error')).toBeInTheDocument();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByTestId('register-email')).toBeInTheDocument();
  });
});
