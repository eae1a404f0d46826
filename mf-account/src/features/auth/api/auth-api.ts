/** Sign-in, demo, sign-up and reset calls (server README: accounts). Plain fetchers, no React. */
import { api } from '@meridian/shared';
import type { Area, CaptchaAnswer, DemoSessionAnswer, SessionAnswer } from '@meridian/shared/pure';

/** POST /api/user/loginForU (form): account + password, e-mail login. */
export function login(account: string, password: string): Promise<SessionAnswer> {
  return api.post(
    '/api/user/loginForU',
    { account, password, login_type: 'email' },
    { form: true, spinner: true },
  );
}

/** POST /api/user/loginForU (form) with a `demo_id`: back into the demo account this device created. Silent: a
 * demo account that is gone is replaced by a new one, not reported. */
export function loginDemo(demoId: string): Promise<SessionAnswer> {
  return api.post('/api/user/loginForU', { demo_id: demoId }, { form: true, spinner: true, silent: true });
}

/** GET /api/user/createAccountDemoForU: a fresh demo user, already logged in. */
export function createDemo(): Promise<DemoSessionAnswer> {
  return api.get('/api/user/createAccountDemoForU', undefined, { spinner: true });
}

/** Registration e-mail codes are type 1, password-reset codes type 2 (docs/calls.md). */
export const CODE_TYPE = { register: 1, reset: 2 } as const;

/** POST /api/notify/send_email; resolves with the server's message, which the caller shows. */
export async function sendEmailCode(to: string, type: 1 | 2): Promise<string> {
  const { msg } = await api.postWithMessage('/api/notify/send_email', { to, type }, { form: true });
  return msg;
}

/** GET /api/captcha: a PNG data URL and its id (one try, 5 min). */
export function fetchCaptcha(): Promise<CaptchaAnswer> {
  return api.get('/api/captcha');
}

export type RegisterInput = {
  account: string;
  password: string;
  re_password: string;
  invite_code: string;
  /** The e-mail code, or the captcha answer in captcha mode. */
  sms_code: string;
  /** The captcha id in captcha mode. */
  key?: string;
  area_id?: number;
  mobile?: string;
};

/** POST /api/user/register (form): e-mail registration (type 1); returns a session. */
export function register(input: RegisterInput): Promise<SessionAnswer> {
  return api.post(
    '/api/user/register',
    {
      type: 1,
      account: input.account,
      password: input.password,
      re_password: input.re_password,
      invite_code: input.invite_code || undefined,
      sms_code: input.sms_code,
      key: input.key,
      area_id: input.area_id,
      mobile: input.mobile || undefined,
    },
    { form: true, spinner: true },
  );
}

/** POST /api/user/forget_password (form) by e-mail code; resolves with the server's message. */
export async function resetPassword(input: {
  account: string;
  new_password: string;
  secondary_password: string;
  auth_code: string;
}): Promise<string> {
  const { msg } = await api.postWithMessage(
    '/api/user/forget_password',
    { type: 1, ...input },
    { form: true, spinner: true },
  );
  return msg;
}

/** Registration settings: captcha or e-mail code, and how the phone number is asked. */
export type RegisterSettings = {
  /** 2: captcha image instead of the e-mail code button. */
  verifyRegType: number;
  /** 1: area code and phone; 3: phone only; otherwise no phone. */
  isShowMobile: number;
};

export async function fetchRegisterSettings(): Promise<RegisterSettings> {
  const [basic, mobile] = await Promise.all([
    api.get('/api/basicSet/getBasicInfo'),
    api.get('/api/default/setting', { key: 'is_show_mobile' }),
  ]);
  return { verifyRegType: Number(basic.verify_reg_type), isShowMobile: Number(mobile.value) };
}

export function fetchAreaList(): Promise<Area[]> {
  return api.get('/api/default/area_list');
}
