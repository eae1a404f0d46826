/** Input schemas of the account calls (spec §7). Form bodies carry strings; numbers may also come as JSON numbers. */
import { z } from 'zod';
import { wire } from '../../lib/contract';
import { email, int, optInt, optStr, password, str } from '../../lib/validate';

/** Login input: demo when demo_id is present; otherwise account + password. */
export const loginInput = z.object({
  demo_id: optStr(64),
  account: z.unknown().optional(),
  password: z.unknown().optional(),
  login_type: z.unknown().optional(),
});
export const credentialsBody = z.object({
  account: email(),
  password: z
    .string({ message: 'v.passwordRequired' })
    .min(1, { message: 'v.passwordRequired' })
    .max(128, { message: 'v.passwordLong' }),
  login_type: optStr(16).pipe(z.enum(['email', 'mobile', '1', '2'], { message: 'v.oneOf' }).optional()),
});

export const registerBody = z.object({
  type: optInt(1, 2),
  area_id: optInt(0, 100000),
  account: email(),
  password: password(),
  re_password: z.string({ message: 'v.required' }).min(1, { message: 'v.required' }).max(128),
  invite_code: optStr(16).pipe(
    z
      .string()
      .regex(/^[A-Za-z0-9]{4,16}$/, { message: 'v.inviteCode' })
      .optional(),
  ),
  sms_code: optStr(12),
  key: optStr(64),
  mobile: optStr(32).pipe(
    z
      .string()
      .regex(/^\d{4,20}$/, { message: 'v.mobile' })
      .optional(),
  ),
});

export const forgetBody = z.object({
  type: optInt(1, 2),
  account: email().optional(),
  new_password: password(),
  secondary_password: optStr(128),
  auth_code: str(12).pipe(z.string().regex(/^\d{4,8}$/, { message: 'v.code' })),
});

export const amendBody = z
  .object({
    old_password: optStr(128),
    password: optStr(128),
    new_password: password(),
    re_password: optStr(128),
    secondary_password: optStr(128),
  })
  .refine((b) => b.old_password !== undefined || b.password !== undefined, {
    message: 'v.required',
    path: ['old_password'],
  });

export const areaIdSchema = int(0, 100000);

// ---- answers ----

/** The user of login and /api/user/info (money as "0.00" text). */
export const userSchema = z.strictObject({
  id: z.number().int(),
  uid: z.string(),
  email: z.string(),
  is_demo: z.union([z.literal(0), z.literal(1)]),
  credit_score: z.number().int(),
  invite_code: z.string(),
  balance: wire.cents,
  lock_balance: wire.cents,
});
export const sessionSchema = z.strictObject({ token: z.string().min(20), user: userSchema });
export const demoSessionSchema = z.strictObject({
  demo_id: z.string().min(1),
  token: z.string().min(20),
  user: userSchema,
});
export const captchaSchema = z.strictObject({
  id: z.string().min(1),
  b64s: z.string().startsWith('data:image/png;base64,'),
});
