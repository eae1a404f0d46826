/** Input schemas of the account calls (docs/calls.md). Form bodies carry strings; numbers may also come as JSON numbers. */
import { z } from 'zod';
import type {
  CaptchaAnswer,
  DemoSessionAnswer,
  OpsFreezeState,
  OpsSignOutAll,
  OpsUserDetail,
  OpsUserRow,
  SessionAnswer,
  UserView,
} from '@meridian/shared/pure';
import { contract, wire } from '../../lib/contract';
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
export const userSchema = contract<UserView>()(
  z.strictObject({
    id: z.number().int(),
    uid: z.string(),
    email: z.string(),
    is_demo: z.union([z.literal(0), z.literal(1)]),
    credit_score: z.number().int(),
    invite_code: z.string(),
    balance: wire.cents,
    lock_balance: wire.cents,
  }),
);
export const sessionSchema = contract<SessionAnswer>()(
  z.strictObject({ token: z.string().min(20), user: userSchema }),
);
export const demoSessionSchema = contract<DemoSessionAnswer>()(
  z.strictObject({
    demo_id: z.string().min(1),
    token: z.string().min(20),
    user: userSchema,
  }),
);
export const captchaSchema = contract<CaptchaAnswer>()(
  z.strictObject({
    id: z.string().min(1),
    b64s: z.string().startsWith('data:image/png;base64,'),
  }),
);

// ---- the back office's users page ----

export const uidField = str(16).pipe(z.string().regex(/^\d{1,16}$/, { message: 'v.invalid' }));
export const searchQuery = z.object({ q: str(254) });
export const uidInput = z.object({ uid: uidField });
export const freezeBody = z.object({ uid: uidField, reason: str(300) });

const { cents, ms, price } = wire;
const flag = z.union([z.literal(0), z.literal(1)]);
const opsUserRow = {
  id: z.number().int(),
  uid: z.string(),
  email: z.string(),
  invite_code: z.string(),
  is_demo: flag,
  is_bot: flag,
  frozen: z.boolean(),
  created_at: ms,
};

export const opsUsersSchema = contract<OpsUserRow[]>()(z.array(z.strictObject(opsUserRow)));

export const opsUserDetailSchema = contract<OpsUserDetail>()(
  z.strictObject({
    user: z.strictObject({
      ...opsUserRow,
      balance: cents,
      lock_balance: cents,
      credit_score: z.number().int(),
      frozen_reason: z.string().nullable(),
      frozen_at: ms.nullable(),
      kyc_status: z.union([z.literal(0), z.literal(1), z.literal(2), z.literal(3)]),
    }),
    open_orders: z.array(
      z.strictObject({
        id: z.number().int(),
        code: z.string(),
        side: z.union([z.literal(1), z.literal(2)]),
        status: z.union([z.literal(0), z.literal(1)]),
        lots: price,
        open_price: price.nullable(),
        target_price: price.nullable(),
        created_at: ms,
      }),
    ),
    ledger: z.array(
      z.strictObject({
        id: z.number().int(),
        amount: cents,
        balance_after: cents,
        account: z.enum(['balance', 'lock_balance']),
        kind: z.string().min(1),
        label: z.string().min(1),
        memo: z.string().nullable(),
        created_at: ms,
      }),
    ),
    sessions: z.array(
      z.strictObject({
        id: z.number().int(),
        created_at: ms,
        expires_at: ms,
        ip: z.string().nullable(),
      }),
    ),
  }),
);

export const signOutAllSchema = contract<OpsSignOutAll>()(
  z.strictObject({ revoked: z.number().int().min(0) }),
);
export const freezeStateSchema = contract<OpsFreezeState>()(
  z.strictObject({ uid: z.string(), frozen: z.boolean() }),
);
